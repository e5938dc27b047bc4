/**
 * Help-desk ticket (bookings §3, §4): draft, open, closed. Create, comment, update fields, close or
 * resolve via a bare update. The spec shows no other transition; we declare no reopen.
 */
import { and, setup } from 'xstate';
import type { TicketStatus } from '../../core/model/ticket';
import { ticketRules, ticketScopes as scope, type TicketFacts } from '../../core/rules/tickets';
import { decide, lifecycleAt, ruleGuards, scoped, type ActorEvent, type GuardArgsOf } from './lifecycle';

/** A ticket's lifecycle needs no record facts: its guards look at the actor and the request. */
export type TicketContext = Record<string, never>;

type Ev<T extends string, P = unknown> = { readonly type: T } & ActorEvent & P;

export type TicketEvent =
  | Ev<'ticket.saveDraft'>
  | Ev<'ticket.create'>
  | Ev<'ticket.comment', { readonly comment: string }>
  | Ev<'ticket.updateFields', { readonly priority?: string; readonly ticketType?: string }>
  | Ev<'ticket.close'>;

export type TicketChartStatus = TicketStatus | 'new';

export const emptyTicket: TicketContext = {};

const factsOf = ({ event }: GuardArgsOf<TicketContext, TicketEvent>): TicketFacts => ({
  role: event.actor?.role ?? 'none',
  now: event.now,
  comment: 'comment' in event ? event.comment : undefined,
  priority: 'priority' in event ? event.priority : undefined,
  ticketType: 'ticketType' in event ? event.ticketType : undefined,
});

const guards = ruleGuards(
  {
    isParticipant: ticketRules.participant,
    commentText: ticketRules.commentText,
    fieldsKnown: ticketRules.fieldsKnown,
  },
  factsOf,
);

const create = { target: 'open', guard: 'isParticipant' } as const;
const saveDraft = { target: 'draft', guard: 'isParticipant' } as const;

export const ticketMachine = setup({
  types: {
    context: {} as TicketContext,
    events: {} as TicketEvent,
  },
  guards,
}).createMachine({
  id: 'ticket',
  description: 'Help-desk ticket (bookings §4). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyTicket,
  states: {
    new: {
      description: 'No record yet.',
      on: { 'ticket.create': create, 'ticket.saveDraft': saveDraft },
    },
    draft: {
      description: 'Saved, not sent.',
      on: {
        'ticket.create': create,
        'ticket.saveDraft': saveDraft,
        'ticket.updateFields': { target: 'draft', guard: and(['isParticipant', 'fieldsKnown']), meta: scoped(scope.editable) },
      },
    },
    open: {
      on: {
        'ticket.comment': { target: 'open', guard: and(['isParticipant', 'commentText']), meta: scoped(scope.takesComments) },
        'ticket.updateFields': { target: 'open', guard: and(['isParticipant', 'fieldsKnown']), meta: scoped(scope.editable) },
        'ticket.close': {
          target: 'closed',
          guard: 'isParticipant',
          description: 'Close or resolve via a bare update.',
          meta: scoped(scope.closable),
        },
      },
    },
    closed: { type: 'final', description: 'Shown among past tickets for 7 days.' },
  },
});

export const ticketAt = (status: TicketChartStatus, facts: TicketContext = emptyTicket) => lifecycleAt(ticketMachine, status, facts);

export const decideTicket = (status: string, facts: TicketContext, event: TicketEvent) => decide(ticketMachine, status, facts, event);
