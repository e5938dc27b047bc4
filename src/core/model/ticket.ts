import * as Schema from 'effect/Schema';
import { AccountId, AppointmentId, MediaId, SubscriptionId, TicketId } from './ids';
import { AccountKind } from './roles';
import { IsoDateTime } from './common';
import { PersonData } from './person';
import { TicketPriorities, TicketSenderTypes, TicketStatuses, TicketTypes } from './ticket-kinds';
import type * as kinds from './ticket-kinds';

/** The lists live in ./ticket-kinds.ts (no schema: the help-desk rules on the boot path read them); re-exported here. */
export { TicketPriorities, TicketSenderTypes, TicketStatuses, TicketTypes } from './ticket-kinds';

export const TicketStatus = Schema.Literals(TicketStatuses);
export type TicketStatus = kinds.TicketStatus;
export const TicketPriority = Schema.Literals(TicketPriorities);
export type TicketPriority = kinds.TicketPriority;
export const TicketType = Schema.Literals(TicketTypes);
export type TicketType = kinds.TicketType;
export const TicketSenderType = Schema.Literals(TicketSenderTypes);
export type TicketSenderType = kinds.TicketSenderType;

export const TicketComment = Schema.Struct({
  _id: Schema.optional(Schema.String),
  /** The sending account (or the user, for super). */
  sender_id: Schema.String,
  sender_account_type: TicketSenderType,
  sender_name: Schema.optional(Schema.String),
  comment: Schema.optional(Schema.String),
  media: Schema.optional(Schema.Array(MediaId)),
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

/**
 * Help desk ticket (bookings §3): _id, ticket_id, status, priority, type, comments, fields, account_id,
 * account_type — with the contract's fields.
 */
export const Ticket = Schema.Struct({
  _id: TicketId,
  /** The human number shown to people. */
  ticket_id: Schema.String,
  subject: Schema.optional(Schema.String),
  status: TicketStatus,
  priority: TicketPriority,
  type: TicketType,
  /** Extra answers of the new-ticket form (free keys, text values). */
  fields: Schema.optional(Schema.Record(Schema.String, Schema.String)),
  comments: Schema.Array(TicketComment),
  account_id: AccountId,
  account_type: AccountKind,
  account_data: Schema.optional(PersonData),
  appointment_id: Schema.optional(Schema.NullOr(AppointmentId)),
  subscription_id: Schema.optional(Schema.NullOr(SubscriptionId)),
  created: Schema.optional(IsoDateTime),
  updated: Schema.optional(IsoDateTime),
  closed_at: Schema.optional(Schema.NullOr(IsoDateTime)),
});
export type Ticket = typeof Ticket.Type;

/** A canned help-desk response. */
export const CannedResponse = Schema.Struct({
  _id: Schema.String,
  title: Schema.String,
  body: Schema.String,
  type: Schema.optional(TicketType),
});
export type CannedResponse = typeof CannedResponse.Type;

/** Ticket list counts (the x-total-tickets and x-total-past-tickets headers, and the active count). */
export interface TicketCounts {
  readonly all: number;
  readonly past: number;
  readonly active: number;
}

/** POST tickets: status draft keeps it private to its author; open sends it. */
export interface CreateTicketInput {
  readonly subject: string;
  readonly comment: string;
  readonly type: TicketType;
  readonly priority?: TicketPriority;
  readonly status?: Extract<TicketStatus, 'open' | 'draft'>;
  readonly fields?: Readonly<Record<string, string>>;
  readonly appointment_id?: AppointmentId;
  readonly subscription_id?: SubscriptionId;
  readonly account_id?: AccountId;
  readonly media?: MediaId[];
}

/** PUT tickets: the bare update that closes, resolves or reopens a ticket. */
export interface SetTicketStatusInput {
  readonly ticket_id: TicketId;
  readonly status: Extract<TicketStatus, 'open' | 'closed'>;
  readonly comment?: string;
}

/** PUT tickets/{id}: update the fields of a ticket; a draft becomes open with status open. */
export interface UpdateTicketInput {
  readonly subject?: string;
  readonly comment?: string;
  readonly priority?: TicketPriority;
  readonly type?: TicketType;
  readonly status?: Extract<TicketStatus, 'open'>;
  readonly fields?: Readonly<Record<string, string>>;
  readonly appointment_id?: AppointmentId;
  readonly subscription_id?: SubscriptionId;
}

/** A comment being typed on a ticket, kept on the server per ticket and author (PUT tickets/{id}/draft-comment). */
export const TicketCommentDraft = Schema.Struct({
  ticket_id: TicketId,
  comment: Schema.String,
  media: Schema.Array(MediaId),
  updated: Schema.NullOr(Schema.String),
});
export type TicketCommentDraft = typeof TicketCommentDraft.Type;
