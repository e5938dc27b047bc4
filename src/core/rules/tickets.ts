/**
 * Help-desk ticket rules (bookings §3, §4): draft, open, closed; create, comment, update fields,
 * close or resolve via a bare update; the new-count rule; closed tickets shown for the past 7 days.
 */
import type { Role } from '../model/roles';
import { TicketStatuses, type TicketStatus, type TicketSummary } from '../model/ticket';
import { VALIDATION_MESSAGES } from './validators';
import { DAY_MS, hasText, instant, roleRule, specRule, statusRule, type ActorRole, type SpecRule } from './spec-rule';

import { TicketPriorities, TicketTypes } from '../model/ticket';

// Ticket priorities and types (bookings §3) live in src/core/model/ticket.ts; re-exported for the rules' readers.
export { TicketPriorities, TicketTypes } from '../model/ticket';

/** "Closed tickets are shown for the past 7 days." */
export const PAST_TICKET_DAYS = 7;

export interface TicketFacts {
  readonly role: ActorRole;
  readonly now: string;
  readonly comment?: string | undefined;
  readonly priority?: string | undefined;
  readonly ticketType?: string | undefined;
}

const within = <T extends string>(list: readonly T[], value: string | undefined): boolean =>
  value === undefined || (list as readonly string[]).includes(value);

export const ticketRules = {
  participant: roleRule(
    'ticket.participantRoles',
    'Help desk: customers, vendors, organizations and the admin area have one.',
    'bookings §2',
    ['customer', 'vendor', 'organization', 'super', 'admin'],
  ),
  commentText: specRule<TicketFacts>({
    id: 'ticket.commentText',
    spec: 'A comment has text (required: Text Field is required).',
    source: 'bookings §5',
    message: VALIDATION_MESSAGES.required,
    test: (f) => hasText(f.comment),
  }),
  fieldsKnown: specRule<TicketFacts>({
    id: 'ticket.fieldsKnown',
    spec: 'priority (low, normal, high, urgent), type (general, appointment, subscription).',
    source: 'bookings §3',
    test: (f) => within(TicketPriorities, f.priority) && within(TicketTypes, f.ticketType),
  }),
} as const;

export const ticketScopes = {
  takesComments: statusRule<TicketStatus>(
    'ticket.takesComments',
    'Only an open ticket takes comments: a draft is not sent yet, and a closed ticket is final (the spec shows no reopen).',
    'bookings §4 + decision',
    ['open'],
  ),
  editable: statusRule<TicketStatus>(
    'ticket.editable',
    'Update fields: on a draft or an open ticket; a closed ticket is final.',
    'bookings §4 + decision',
    ['draft', 'open'],
  ),
  closable: statusRule<TicketStatus>('ticket.closable', 'Close or resolve via a bare update: an open ticket becomes closed.', 'bookings §4', ['open']),
} as const;

export const ticketRuleList: readonly SpecRule<never>[] = [...Object.values(ticketRules), ...Object.values(ticketScopes)];

export const isTicketStatus = (value: unknown): value is TicketStatus =>
  typeof value === 'string' && (TicketStatuses as readonly string[]).includes(value);

/** Who looks at the list: the active role, and (for a customer) the account id to recognise its own comments. */
export interface TicketViewer {
  readonly role: Role;
  readonly accountId?: string | undefined;
}

/**
 * New-count rule (bookings §4): "for customers, open tickets whose last comment came from someone else;
 * for vendor, organization and super, open tickets with no comments or whose last comment is from a
 * customer." admin counts like super (decision); other roles have no new tickets.
 */
export const isNewTicket = (ticket: Pick<TicketSummary, 'status' | 'comments'>, viewer: TicketViewer): boolean => {
  if (ticket.status !== 'open') return false;
  const last = ticket.comments.at(-1);
  switch (viewer.role) {
    case 'customer':
      if (!last) return false;
      return viewer.accountId !== undefined ? last.sender_id !== viewer.accountId : last.sender_account_type !== 'customer';
    case 'vendor':
    case 'organization':
    case 'super':
    case 'admin':
      return !last || last.sender_account_type === 'customer';
    default:
      return false;
  }
};

export const countNewTickets = (tickets: readonly Pick<TicketSummary, 'status' | 'comments'>[], viewer: TicketViewer): number =>
  tickets.filter((t) => isNewTicket(t, viewer)).length;

/** "Closed tickets are shown for the past 7 days": closed at most 7 days before now (edge inclusive). */
export const isShownAsPast = (status: TicketStatus, closedAt: string | null | undefined, now: string): boolean => {
  const closed = instant(closedAt);
  const n = instant(now);
  return status === 'closed' && Number.isFinite(closed) && Number.isFinite(n) && closed <= n && n - closed <= PAST_TICKET_DAYS * DAY_MS;
};

/** Where a party reads a ticket (accounts §2 routes): the link of its notification. */
export const ticketRouteFor = (role: Role, ticketId: string): string => {
  switch (role) {
    case 'vendor':
      return `/vendor/help-desk/${ticketId}`;
    case 'organization':
      return `/organization/help-desk/${ticketId}`;
    case 'super':
    case 'admin':
      return `/admin/help-desk/ticket/${ticketId}`;
    default:
      return `/help-desk/ticket/${ticketId}`;
  }
};

/** Who replies as staff on a ticket: anyone but the account the ticket is about (the customer is emailed). */
export const isStaffReply = (ticketAccountId: string, senderId: string): boolean => ticketAccountId !== senderId;
