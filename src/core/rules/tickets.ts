/**
 * Help-desk ticket rules (bookings §3, §4): draft, open, closed; create, comment, update fields,
 * close or resolve via a bare update; the new-count rule; closed tickets shown for the past 7 days.
 */
import type { Role } from '../model/roles';
import type { TicketSummary } from '../model/ticket';
import { TicketPriorities, TicketStatuses, TicketTypes, type TicketStatus } from '../model/ticket-kinds';
import { TICKET_FILE_MAX_BYTES, TICKET_FILE_TYPES, VALIDATION_MESSAGES } from './validators';
import { DAY_MS, hasText, instant, roleRule, specRule, statusRule, type ActorRole, type SpecRule } from './spec-rule';

// Ticket priorities and types (bookings §3) live in src/core/model/ticket-kinds.ts; re-exported for the rules' readers.
export { TicketPriorities, TicketTypes };

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

// ── attachments (bookings §5, §7: ticket files are jpg or png under 500 kb) ──

/** "Ticket files are jpg or png under 500 kb": the limits live in validators.ts (the server's upload rules read them too). */
export type TicketFileType = (typeof TICKET_FILE_TYPES)[number];

/** Why a file may not be attached to a ticket (a message code of rules/messages.ts), or null when it may. */
export const attachmentRefusal = (file: { readonly type: string; readonly size: number }): 'ticket_attachment_type' | 'ticket_attachment_size' | null => {
  if (!(TICKET_FILE_TYPES as readonly string[]).includes(file.type)) return 'ticket_attachment_type';
  if (!(file.size > 0 && file.size < TICKET_FILE_MAX_BYTES)) return 'ticket_attachment_size';
  return null;
};

export const isTicketFileType = (type: string): type is TicketFileType => (TICKET_FILE_TYPES as readonly string[]).includes(type);

// ── who sees what ──

/** Support staff (super, admin) answer with saved responses and set the priority; every participant may close. */
export const isTicketStaff = (role: Role): boolean => role === 'super' || role === 'admin';

/** Only super opens a ticket on behalf of another account. */
export const opensOnBehalf = (role: Role): boolean => role === 'super' || role === 'admin';

/** A ticket of a type needs the record it names: an appointment ticket an appointment, a subscription ticket a subscription. */
export const ticketReferenceMissing = (draft: { readonly type: string; readonly appointment_id?: string | undefined; readonly subscription_id?: string | undefined }): boolean =>
  (draft.type === 'appointment' && !draft.appointment_id) || (draft.type === 'subscription' && !draft.subscription_id);

/** A draft is worth keeping once someone typed something. */
export const draftHasContent = (draft: { readonly subject?: string | undefined; readonly comment?: string | undefined }): boolean =>
  hasText(draft.subject) || hasText(draft.comment);

/** The new ticket can be sent: a subject, a first comment, and the record its type names. */
export const ticketSendable = (draft: {
  readonly subject?: string | undefined;
  readonly comment?: string | undefined;
  readonly type: string;
  readonly appointment_id?: string | undefined;
  readonly subscription_id?: string | undefined;
}): boolean => hasText(draft.subject) && hasText(draft.comment) && !ticketReferenceMissing(draft);

/** The chat-help widget (accounts §1): customers, vendors, organizations and affiliates; not admins (rules/chat-help.ts). */
export { hasChatHelp } from './chat-help';

/** Where a ticket opens for a role (accounts §2 routes): a customer's or super's draft resumes at its draft route. */
export const ticketPath = (role: Role, ticket: { readonly _id: string; readonly status: TicketStatus }): string => {
  const draft = ticket.status === 'draft' ? '/draft' : '';
  switch (role) {
    case 'vendor':
      return `/vendor/help-desk/${ticket._id}`;
    case 'organization':
      return `/organization/help-desk/${ticket._id}`;
    case 'super':
    case 'admin':
      return `/admin/help-desk/ticket/${ticket._id}${draft}`;
    default:
      return `/help-desk/ticket/${ticket._id}${draft}`;
  }
};

/** The help desk's home for a role (its list; the history is `<home>/history`). */
export const helpDeskHome = (role: Role): string =>
  role === 'vendor' ? '/vendor/help-desk' : role === 'organization' ? '/organization/help-desk' : role === 'super' || role === 'admin' ? '/admin/help-desk' : '/help-desk';

/** Where a party reads a sent ticket (accounts §2 routes): the link of its notification. */
export const ticketRouteFor = (role: Role, ticketId: string): string => ticketPath(role, { _id: ticketId, status: 'open' });

/** Who replies as staff on a ticket: anyone but the account the ticket is about (the customer is emailed). */
export const isStaffReply = (ticketAccountId: string, senderId: string): boolean => ticketAccountId !== senderId;
