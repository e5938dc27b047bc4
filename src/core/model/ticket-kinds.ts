/**
 * The help desk's lists, with no schema: the help-desk rules (src/core/rules/tickets.ts, on every signed-in page's
 * boot path) read them without loading effect/Schema (docs/performance.md). ./ticket.ts adds the schemas.
 */
import { AccountKinds } from './role-names';

/** Ticket statuses (accounts §3/§4, bookings §3). */
export const TicketStatuses = ['open', 'closed', 'draft'] as const;
export type TicketStatus = (typeof TicketStatuses)[number];

/** Ticket priorities (bookings §3). */
export const TicketPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TicketPriorities)[number];

/** Ticket types (bookings §3). */
export const TicketTypes = ['general', 'appointment', 'subscription'] as const;
export type TicketType = (typeof TicketTypes)[number];

/** Who may write a comment: an account of any kind, or super (the contract's sender_account_type). */
export const TicketSenderTypes = [...AccountKinds, 'super'] as const;
export type TicketSenderType = (typeof TicketSenderTypes)[number];
