/** Tickets and files shared by the help-desk chart models and tests. */
import type { AccountId, MediaId, TicketId } from '../../../src/core/model/ids';
import type { Media } from '../../../src/core/model/media';
import type { Ticket } from '../../../src/core/model/ticket';

export const CUSTOMER_ACCOUNT = 'a0000000000000000000c001' as AccountId;

export const openTicket: Ticket = {
  _id: 't00000000000000000000001' as TicketId,
  ticket_id: '1001',
  subject: 'Gate left open',
  status: 'open',
  priority: 'normal',
  type: 'general',
  comments: [{ sender_id: CUSTOMER_ACCOUNT, sender_account_type: 'customer', sender_name: 'Casey', comment: 'The gate was left open.', created: '2026-11-20T10:00:00.000Z' }],
  account_id: CUSTOMER_ACCOUNT,
  account_type: 'customer',
  created: '2026-11-20T10:00:00.000Z',
  updated: '2026-11-20T10:00:00.000Z',
};
export const answeredTicket: Ticket = {
  ...openTicket,
  comments: [...openTicket.comments, { sender_id: 'u00000000000000000000005', sender_account_type: 'super', sender_name: 'Support', comment: 'Sorry! We will tell the crew.', created: '2026-11-20T11:00:00.000Z' }],
};
export const closedTicket: Ticket = { ...openTicket, _id: 't00000000000000000000002' as TicketId, ticket_id: '1002', status: 'closed', closed_at: '2026-11-21T10:00:00.000Z' };
export const draftTicket: Ticket = { ...openTicket, _id: 't00000000000000000000003' as TicketId, ticket_id: '1003', status: 'draft' };

export const photo = { name: 'gate.jpg', type: 'image/jpeg' as const, size: 120_000, body: new Blob(['x']) };
export const bigPhoto = { ...photo, name: 'huge.png', type: 'image/png' as const, size: 600_000 };
export const pdf = { ...photo, name: 'notes.pdf', type: 'application/pdf' as const };
export const media: Media = { _id: 'm00000000000000000000001' as MediaId, key: 'tickets/gate.jpg', file: { type: 'image/jpeg', name: 'gate.jpg', size: 120_000 } };

export const ticketUpdate = (id: string) => ({ type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'ticket', resourceId: id } });
export const otherUpdate = { type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'appointment', resourceId: 'b0000000000000000000000b' } };
