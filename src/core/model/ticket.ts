import * as Schema from 'effect/Schema';
import { TicketId } from './ids';
import { AccountKind } from './roles';

/** Ticket statuses (accounts §3/§4, bookings §3). */
export const TicketStatuses = ['open', 'closed', 'draft'] as const;
export const TicketStatus = Schema.Literals(TicketStatuses);
export type TicketStatus = (typeof TicketStatuses)[number];

export const TicketComment = Schema.Struct({
  sender_id: Schema.String,
  sender_account_type: AccountKind,
  comment: Schema.optional(Schema.String),
  created: Schema.optional(Schema.String),
});
export type TicketComment = typeof TicketComment.Type;

/** Ticket summary (accounts §3): _id, status, comments with sender_id and sender_account_type. */
export const TicketSummary = Schema.Struct({
  _id: TicketId,
  status: TicketStatus,
  comments: Schema.Array(TicketComment),
});
export type TicketSummary = typeof TicketSummary.Type;

/** Ticket list counts (the x-total-tickets and x-total-past-tickets headers, and the active count). */
export interface TicketCounts {
  readonly all: number;
  readonly past: number;
  readonly active: number;
}
