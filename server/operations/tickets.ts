import { ticketMachine } from '../../src/machines/lifecycles/ticket.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/**
 * Help desk. Who may act on a ticket is the ticket chart's participant rule (customer, vendor,
 * organization, super, admin); which ticket is the service's ownership check (404 otherwise).
 */
const participants = chartAccess(ticketMachine, 'ticket.create');
const staff = ['super', 'admin'] as const;

export const operations: OperationModule = [
  defineOperation('listTickets', {
    access: participants,
    handler: async ({ auth, query, services, reply }) => {
      const page = await services.tickets.list(auth, query);
      void reply.header('x-total-tickets', String(page.total));
      void reply.header('x-total-past-tickets', String(page.past));
      void reply.header('x-new-tickets', String(page.fresh));
      return page.items;
    },
  }),
  defineOperation('getTicket', {
    access: participants,
    handler: async ({ auth, params, services }) => services.tickets.get(auth, params.id),
  }),
  defineOperation('createTicket', {
    access: participants,
    handler: async ({ auth, body, services, reply, requestId }) => {
      const ticket = await services.tickets.create(auth, body, requestId);
      void reply.code(201);
      return ticket;
    },
  }),
  defineOperation('commentTicket', {
    access: chartAccess(ticketMachine, 'ticket.comment'),
    handler: async ({ auth, body, services, requestId }) => services.tickets.comment(auth, body, requestId),
  }),
  defineOperation('setTicketStatus', {
    access: chartAccess(ticketMachine, 'ticket.close'),
    handler: async ({ auth, body, services, requestId }) => services.tickets.setStatus(auth, body, requestId),
  }),
  defineOperation('updateTicket', {
    access: chartAccess(ticketMachine, 'ticket.updateFields'),
    handler: async ({ auth, params, body, services, requestId }) => services.tickets.update(auth, params.id, body, requestId),
  }),
  defineOperation('listTicketResponses', {
    access: [...staff, 'vendor', 'organization'],
    handler: async ({ auth, query, services }) => services.tickets.responses(auth, query.type),
  }),
  defineOperation('getTicketCommentDraft', {
    access: participants,
    handler: async ({ auth, params, services }) => services.tickets.getDraft(auth, params.id),
  }),
  defineOperation('saveTicketCommentDraft', {
    access: participants,
    handler: async ({ auth, params, body, services }) => services.tickets.saveDraft(auth, params.id, body),
  }),
  // The account picker of support's new ticket (opened on behalf of any account): accounts/search.
  defineOperation('searchAccounts', {
    access: [...staff],
    handler: async ({ auth, query, services }) => services.tickets.searchAccounts(auth, query),
  }),
];
