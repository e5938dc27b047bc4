/**
 * Help desk (bookings §3, §4, §7): tickets, their comments, the caller's drafts and staff's saved responses.
 *
 * Ownership: a customer and a vendor see the tickets of their own account; an organization its own and its
 * vendors' (a vendor's ticket carries the vendor's organization); super and admin all. A draft is private to
 * the person who wrote it. A ticket the caller may not see answers 404 'The received ticket id is invalid or
 * does not exist', exactly like one that does not exist.
 *
 * Every status change (and every comment and field change) is an event of the ticket chart through the
 * transition service, with an audit row, in one transaction with the comment rows. After it commits, every
 * party hears `{reason: 'updated', resourceType: 'ticket', resourceId}` on its live room (and super watchers
 * theirs), the other parties get an in-app notification, and the customer an e-mail when someone else replies.
 */
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import type { Role } from '../../src/core/model/roles';
import type { TicketSenderType } from '../../src/core/model/ticket';
import { LiveEvents } from '../../src/core/model/live-events';
import { PAST_TICKET_DAYS, countNewTickets, isShownAsPast, isStaffReply, ticketRouteFor } from '../../src/core/rules/tickets';
import type { LiveHub } from '../adapters/live';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { accounts, appointments, media, subscriptions, ticketCommentDrafts, ticketComments, ticketResponses, tickets, users } from '../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../errors';
import { type PersonData, peopleById } from './appointments';
import type { NotificationService } from './notifications';
import type { OutboxService } from './outbox';
import { recipientsOf } from './recipient-texts';
import type { EventInput, TicketChanges, TicketRow, TransitionService } from './transitions';
import type { ticketMachine } from '../../src/machines/lifecycles/ticket.machine';

export type TicketWire = components['schemas']['Ticket'];
type CommentWire = components['schemas']['TicketComment'];
type DraftWire = components['schemas']['TicketCommentDraft'];
type ListQuery = NonNullable<operations['listTickets']['parameters']['query']>;
type CreateBody = components['schemas']['CreateTicketRequest'];
type CommentBody = components['schemas']['CommentTicketRequest'];
type StatusBody = components['schemas']['SetTicketStatusRequest'];
type UpdateBody = components['schemas']['UpdateTicketRequest'];
type DraftBody = components['schemas']['SaveCommentDraftRequest'];
type ResponseList = components['schemas']['CannedResponseList'];

const DAY = 24 * 60 * 60 * 1000;
export const TICKET_NOT_FOUND = 'The received ticket id is invalid or does not exist';
export const APPOINTMENT_NOT_FOUND = 'The received appointment reference is invalid or does not exist';
export const SUBSCRIPTION_NOT_FOUND = 'The received subscription reference is invalid or does not exist';

type CommentRow = typeof ticketComments.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface TicketPage {
  readonly items: TicketWire[];
  readonly total: number;
  readonly past: number;
  readonly fresh: number;
}

export interface TicketService {
  list(auth: AuthContext, query: ListQuery): Promise<TicketPage>;
  get(auth: AuthContext, id: string): Promise<TicketWire>;
  create(auth: AuthContext, body: CreateBody, requestId: string): Promise<TicketWire>;
  comment(auth: AuthContext, body: CommentBody, requestId: string): Promise<TicketWire>;
  setStatus(auth: AuthContext, body: StatusBody, requestId: string): Promise<TicketWire>;
  update(auth: AuthContext, id: string, body: UpdateBody, requestId: string): Promise<TicketWire>;
  responses(auth: AuthContext, type: string | undefined): Promise<ResponseList>;
  getDraft(auth: AuthContext, id: string): Promise<DraftWire>;
  saveDraft(auth: AuthContext, id: string, body: DraftBody): Promise<DraftWire>;
  /** True when the caller may read the ticket (media permission). */
  canRead(auth: AuthContext, ticketId: string): Promise<boolean>;
  /** GET accounts/search (staff): the accounts support may open a ticket for, by name or e-mail. */
  searchAccounts(auth: AuthContext, query: AccountSearchQuery): Promise<AccountMatchWire[]>;
}

type AccountMatchWire = components['schemas']['AccountMatch'];
/** accounts/search: accounts are customers, vendors, organizations and affiliates (a search for plain users finds none). */
type AccountSearchQuery = { text?: string; type?: AccountMatchWire['type']; limit?: number };
/** Search needs 3 or more characters (the contract's SearchText); shorter text gives an empty list. */
const SEARCH_MIN = 3;

const isStaff = (role: Role) => role === 'super' || role === 'admin';

/** The tickets the caller may see: the role's own tickets; drafts only of their author. */
export const ticketsVisibleTo = (auth: Pick<AuthContext, 'role' | 'accountId' | 'userId'>): SQL => {
  const ownDraft = or(ne(tickets.status, 'draft'), eq(tickets.authorUserId, auth.userId))!;
  if (isStaff(auth.role)) return ownDraft;
  if (!auth.accountId) return sql`false`;
  if (auth.role === 'customer' || auth.role === 'vendor') return and(eq(tickets.accountId, auth.accountId), ownDraft)!;
  if (auth.role === 'organization') return and(or(eq(tickets.accountId, auth.accountId), eq(tickets.organizationAccountId, auth.accountId)), ownDraft)!;
  return sql`false`;
};

/** Who the caller is as a comment's sender. */
const senderOf = (auth: AuthContext): { id: string; type: TicketSenderType } => {
  if (isStaff(auth.role) || !auth.accountId) return { id: auth.userId, type: 'super' };
  return { id: auth.accountId, type: auth.role as TicketSenderType };
};

const commentWire = (row: CommentRow): CommentWire => ({
  _id: row.id,
  sender_id: row.senderId,
  sender_account_type: row.senderAccountType,
  ...(row.senderName ? { sender_name: row.senderName } : {}),
  comment: row.body,
  media: row.media,
  created: row.createdAt.toISOString(),
});

export const ticketWire = (row: TicketRow, comments: readonly CommentRow[], people: Map<string, PersonData>): TicketWire => ({
  _id: row.id,
  ticket_id: String(row.number),
  subject: row.subject,
  status: row.status,
  priority: row.priority,
  type: row.type,
  fields: row.fields,
  comments: comments.map(commentWire),
  account_id: row.accountId,
  account_type: row.accountType,
  account_data: people.get(row.accountId) ?? { _id: row.accountId },
  appointment_id: row.appointmentId,
  subscription_id: row.subscriptionId,
  created: row.createdAt.toISOString(),
  updated: row.updatedAt.toISOString(),
  closed_at: row.closedAt?.toISOString() ?? null,
});

export const createTicketService = ({
  db,
  clock,
  live,
  transitions,
  notifications,
  outbox,
}: {
  db: Db;
  clock: Clock;
  live: LiveHub;
  transitions: TransitionService;
  notifications: NotificationService;
  outbox: OutboxService;
}): TicketService => {
  const commentsOf = async (ids: readonly string[]): Promise<Map<string, CommentRow[]>> => {
    const byTicket = new Map<string, CommentRow[]>();
    if (!ids.length) return byTicket;
    const rows = await db.select().from(ticketComments).where(inArray(ticketComments.ticketId, [...ids])).orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
    for (const r of rows) byTicket.set(r.ticketId, [...(byTicket.get(r.ticketId) ?? []), r]);
    return byTicket;
  };

  const wiresOf = async (rows: readonly TicketRow[]): Promise<TicketWire[]> => {
    const [comments, people] = await Promise.all([commentsOf(rows.map((r) => r.id)), peopleById(db, rows.map((r) => r.accountId))]);
    return rows.map((r) => ticketWire(r, comments.get(r.id) ?? [], people));
  };
  const wireOf = async (row: TicketRow) => (await wiresOf([row]))[0]!;

  const visible = async (auth: AuthContext, id: string): Promise<TicketRow> => {
    const [row] = await db.select().from(tickets).where(and(eq(tickets.id, id), ticketsVisibleTo(auth)));
    if (!row) throw notFound(TICKET_NOT_FOUND);
    return row;
  };

  const nameOf = async (tx: Tx, auth: AuthContext): Promise<string | null> => {
    if (auth.accountId && !isStaff(auth.role)) {
      const [a] = await tx.select({ name: accounts.firstName }).from(accounts).where(eq(accounts.id, auth.accountId));
      if (a?.name) return a.name;
    }
    const [u] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, auth.userId));
    return [u?.first, u?.last].filter(Boolean).join(' ') || null;
  };

  /** Media ids the caller uploaded and that no other ticket holds; they are attached to `ticketId`. */
  const attach = async (tx: Tx, auth: AuthContext, ticketId: string, ids: readonly string[] | undefined) => {
    if (!ids?.length) return;
    const unique = [...new Set(ids)];
    const rows = await tx.select().from(media).where(inArray(media.id, unique));
    for (const id of unique) {
      const m = rows.find((r) => r.id === id);
      if (!m || m.uploaderUserId !== auth.userId || (m.ticketId !== null && m.ticketId !== ticketId)) throw badRequest(`The file ${id} is not one of your uploads`);
      if (m.purpose !== 'ticket') throw badRequest(`The file ${id} was not uploaded for a ticket`);
    }
    await tx.update(media).set({ ticketId }).where(inArray(media.id, unique));
  };

  const insertComment = async (tx: Tx, auth: AuthContext, ticketId: string, body: string, mediaIds: readonly string[] | undefined) => {
    const sender = senderOf(auth);
    await attach(tx, auth, ticketId, mediaIds);
    await tx.insert(ticketComments).values({
      id: newId(),
      ticketId,
      senderId: sender.id,
      senderAccountType: sender.type,
      senderName: await nameOf(tx, auth),
      body,
      media: [...new Set(mediaIds ?? [])],
      createdAt: clock.now(),
    });
    await tx.delete(ticketCommentDrafts).where(and(eq(ticketCommentDrafts.ticketId, ticketId), eq(ticketCommentDrafts.userId, auth.userId)));
  };

  /** The accounts of a ticket's parties (super watchers have a room of their own). */
  const partiesOf = (row: TicketRow): string[] => [row.accountId, ...(row.organizationAccountId ? [row.organizationAccountId] : [])];

  /** After commit: live event to every party, a notification to the others, an e-mail to the customer on a staff reply. */
  const announce = async (auth: AuthContext, row: TicketRow, what: 'opened' | 'comment' | 'closed' | 'updated') => {
    if (row.status === 'draft') return;
    const payload = { reason: 'updated', resourceType: 'ticket', resourceId: row.id };
    const parties = partiesOf(row);
    for (const accountId of parties) live.toAccount(accountId, LiveEvents.resourceUpdated, payload);
    live.toSupers(LiveEvents.resourceUpdated, payload);
    const sender = senderOf(auth);
    const recipients = await recipientsOf(db, parties);
    for (const party of recipients.values()) {
      if (party.id === sender.id) continue;
      const { ticket } = party.texts;
      await notifications.notify({ accountId: party.id, type: 'ticket', title: ticket.title[what], body: ticket.body(row.number, row.subject), link: ticketRouteFor(party.type, row.id) });
    }
    const customer = recipients.get(row.accountId);
    if (what === 'comment' && customer?.type === 'customer' && isStaffReply(row.accountId, sender.id)) {
      const { ticket } = customer.texts;
      await outbox.send({
        channel: 'email',
        to: customer.email,
        subject: ticket.replySubject(row.number),
        body: ticket.replyBody(row.subject),
        link: ticketRouteFor('customer', row.id),
      });
    }
  };

  /** The organization of a vendor: the one of its latest booking with an organization. */
  const organizationOfVendor = async (vendorId: string): Promise<string | null> => {
    const [a] = await db
      .select({ org: appointments.organizationAccountId })
      .from(appointments)
      .where(and(eq(appointments.vendorAccountId, vendorId), isNotNull(appointments.organizationAccountId)))
      .orderBy(desc(appointments.startTime))
      .limit(1);
    if (a?.org) return a.org;
    const [s] = await db
      .select({ org: subscriptions.organizationAccountId })
      .from(subscriptions)
      .where(and(eq(subscriptions.vendorAccountId, vendorId), isNotNull(subscriptions.organizationAccountId)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return s?.org ?? null;
  };

  /** The appointment or subscription a ticket refers to must be one of the ticket's account. */
  const checkReferences = async (accountId: string, appointmentId: string | null | undefined, subscriptionId: string | null | undefined) => {
    if (appointmentId) {
      const [a] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.id, appointmentId),
            or(eq(appointments.customerAccountId, accountId), eq(appointments.vendorAccountId, accountId), eq(appointments.organizationAccountId, accountId)),
          ),
        );
      if (!a) throw notFound(APPOINTMENT_NOT_FOUND);
    }
    if (subscriptionId) {
      const [s] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            or(eq(subscriptions.customerAccountId, accountId), eq(subscriptions.vendorAccountId, accountId), eq(subscriptions.organizationAccountId, accountId)),
          ),
        );
      if (!s) throw notFound(SUBSCRIPTION_NOT_FOUND);
    }
  };

  type TicketEvent = EventInput<typeof ticketMachine>;
  const change = (auth: AuthContext, id: string, event: TicketEvent | ((row: TicketRow) => TicketEvent), requestId: string, tx: Tx, changes?: TicketChanges) =>
    transitions.change('ticket', {
      auth,
      requestId,
      target: { id, visible: ticketsVisibleTo(auth) },
      event: typeof event === 'function' ? (_facts, row) => event(row) : event,
      ...(changes ? { changes } : {}),
      tx,
    });

  const listedCondition = (now: Date): SQL =>
    or(inArray(tickets.status, ['open', 'draft']), and(eq(tickets.status, 'closed'), gte(tickets.closedAt, new Date(now.getTime() - PAST_TICKET_DAYS * DAY))))!;

  return {
    async list(auth, query) {
      const now = clock.now();
      const scope = ticketsVisibleTo(auth);
      if (query.account_id && !isStaff(auth.role)) throw forbidden('Only staff may filter tickets by account');
      const text = query.text?.trim();
      const filters = and(
        scope,
        listedCondition(now),
        query.type ? eq(tickets.type, query.type) : undefined,
        query.priority ? eq(tickets.priority, query.priority) : undefined,
        query.account_id ? eq(tickets.accountId, query.account_id) : undefined,
        text ? or(ilike(tickets.subject, `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`), /^\d+$/.test(text) ? eq(tickets.number, Number(text)) : undefined) : undefined,
      );
      const all = await db.select().from(tickets).where(filters).orderBy(desc(tickets.updatedAt), desc(tickets.id));
      const nowIso = now.toISOString();
      const past = all.filter((t) => isShownAsPast(t.status, t.closedAt?.toISOString(), nowIso)).length;
      const matching = query.status ? all.filter((t) => t.status === query.status) : all;
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 10;
      const items = await wiresOf(matching.slice((page - 1) * pageSize, page * pageSize));
      // The new-count rule (core) over every open ticket the caller sees, whatever the filters.
      const open = await db.select().from(tickets).where(and(scope, eq(tickets.status, 'open')));
      const threads = await commentsOf(open.map((t) => t.id));
      const summaries = open.map((t) => ({
        status: t.status,
        comments: (threads.get(t.id) ?? []).map((c) => ({ sender_id: c.senderId, sender_account_type: c.senderAccountType })),
      }));
      const fresh = countNewTickets(summaries, { role: auth.role, accountId: senderOf(auth).id });
      return { items, total: all.length, past, fresh };
    },

    get: async (auth, id) => wireOf(await visible(auth, id)),

    async create(auth, body, requestId) {
      let accountId = auth.accountId;
      if (body.account_id !== undefined && body.account_id !== auth.accountId) {
        if (!isStaff(auth.role)) throw forbidden('Only support may open a ticket for another account');
        accountId = body.account_id;
      }
      if (!accountId) throw badRequest('account_id is required: support opens a ticket for an account');
      const [account] = await db.select({ id: accounts.id, type: accounts.type }).from(accounts).where(eq(accounts.id, accountId));
      if (!account) throw notFound('Account not found');
      if (body.type === 'appointment' && !body.appointment_id) throw notFound(APPOINTMENT_NOT_FOUND);
      if (body.type === 'subscription' && !body.subscription_id) throw badRequest('subscription_id is required for a subscription ticket');
      await checkReferences(account.id, body.appointment_id, body.subscription_id);
      const organization = account.type === 'vendor' ? await organizationOfVendor(account.id) : null;
      const status = body.status ?? 'open';
      const row = await db.transaction(async (tx) => {
        const { row: created } = await transitions.create('ticket', {
          auth,
          requestId,
          event: status === 'draft' ? { type: 'ticket.saveDraft' } : { type: 'ticket.create' },
          values: {
            id: newId(),
            accountId: account.id,
            accountType: account.type,
            organizationAccountId: organization,
            authorUserId: auth.userId,
            priority: body.priority ?? 'normal',
            type: body.type,
            subject: body.subject,
            fields: body.fields ?? {},
            appointmentId: body.appointment_id ?? null,
            subscriptionId: body.subscription_id ?? null,
          },
          tx,
        });
        await insertComment(tx, auth, created.id, body.comment, body.media);
        return created;
      });
      await announce(auth, row, 'opened');
      return wireOf(row);
    },

    async comment(auth, body, requestId) {
      const row = await db.transaction(async (tx) => {
        const { row: after } = await change(auth, body.ticket_id, { type: 'ticket.comment', comment: body.comment }, requestId, tx);
        await insertComment(tx, auth, after.id, body.comment, body.media);
        return after;
      });
      await announce(auth, row, 'comment');
      return wireOf(row);
    },

    async setStatus(auth, body, requestId) {
      const row = await db.transaction(async (tx) => {
        if (body.status === 'open') {
          // Sending (draft → open). The chart declares no reopen: on a closed ticket it answers 409.
          return (await change(auth, body.ticket_id, { type: 'ticket.create' }, requestId, tx)).row;
        }
        if (body.comment !== undefined) {
          await change(auth, body.ticket_id, { type: 'ticket.comment', comment: body.comment }, requestId, tx);
          await insertComment(tx, auth, body.ticket_id, body.comment, undefined);
        }
        return (await change(auth, body.ticket_id, { type: 'ticket.close' }, requestId, tx)).row;
      });
      await announce(auth, row, row.status === 'closed' ? 'closed' : 'opened');
      return wireOf(row);
    },

    async update(auth, id, body, requestId) {
      const current = await visible(auth, id);
      const changes: TicketChanges = {};
      if (body.subject !== undefined) changes.subject = body.subject;
      if (body.priority !== undefined) changes.priority = body.priority;
      if (body.type !== undefined) changes.type = body.type;
      if (body.fields !== undefined) changes.fields = body.fields;
      if (body.appointment_id !== undefined) changes.appointmentId = body.appointment_id;
      if (body.subscription_id !== undefined) changes.subscriptionId = body.subscription_id;
      await checkReferences(current.accountId, body.appointment_id, body.subscription_id);
      if (body.comment !== undefined && current.status !== 'draft') {
        throw new HttpError(409, "Only a draft's first comment can be replaced: comment an open ticket with PUT tickets/comment", 'illegal_transition');
      }
      const row = await db.transaction(async (tx) => {
        let after = (
          await change(auth, id, { type: 'ticket.updateFields', ...(body.priority ? { priority: body.priority } : {}), ...(body.type ? { ticketType: body.type } : {}) }, requestId, tx, changes)
        ).row;
        if (body.comment !== undefined) {
          const [first] = await tx.select().from(ticketComments).where(eq(ticketComments.ticketId, id)).orderBy(asc(ticketComments.createdAt)).limit(1);
          if (first) await tx.update(ticketComments).set({ body: body.comment }).where(eq(ticketComments.id, first.id));
          else await insertComment(tx, auth, id, body.comment, undefined);
        }
        if (body.status === 'open') after = (await change(auth, id, { type: 'ticket.create' }, requestId, tx)).row;
        return after;
      });
      await announce(auth, row, body.status === 'open' ? 'opened' : 'updated');
      return wireOf(row);
    },

    async responses(auth, type) {
      void auth;
      const rows = await db
        .select()
        .from(ticketResponses)
        .where(type ? or(eq(ticketResponses.type, type as 'general'), sql`${ticketResponses.type} is null`) : undefined)
        .orderBy(asc(ticketResponses.title));
      return { items: rows.map((r) => ({ _id: r.id, title: r.title, body: r.body, ...(r.type ? { type: r.type } : {}) })) };
    },

    async getDraft(auth, id) {
      await visible(auth, id);
      const [d] = await db.select().from(ticketCommentDrafts).where(and(eq(ticketCommentDrafts.ticketId, id), eq(ticketCommentDrafts.userId, auth.userId)));
      return { ticket_id: id, comment: d?.body ?? '', media: d?.media ?? [], updated: d?.updatedAt.toISOString() ?? null };
    },

    async saveDraft(auth, id, body) {
      const ticket = await visible(auth, id);
      if (ticket.status === 'closed') throw new HttpError(409, 'A closed ticket takes no comments', 'illegal_transition');
      const mediaIds = [...new Set(body.media ?? [])];
      const now = clock.now();
      if (body.comment === '' && !mediaIds.length) {
        await db.delete(ticketCommentDrafts).where(and(eq(ticketCommentDrafts.ticketId, id), eq(ticketCommentDrafts.userId, auth.userId)));
        return { ticket_id: id, comment: '', media: [], updated: null };
      }
      await db
        .insert(ticketCommentDrafts)
        .values({ ticketId: id, userId: auth.userId, body: body.comment, media: mediaIds, updatedAt: now })
        .onConflictDoUpdate({ target: [ticketCommentDrafts.ticketId, ticketCommentDrafts.userId], set: { body: body.comment, media: mediaIds, updatedAt: now } });
      return { ticket_id: id, comment: body.comment, media: mediaIds, updated: now.toISOString() };
    },

    async canRead(auth, ticketId) {
      const [row] = await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, ticketId), ticketsVisibleTo(auth)));
      return row !== undefined;
    },

    async searchAccounts(auth, { text, type, limit }) {
      if (!isStaff(auth.role)) throw forbidden('Only support may search accounts');
      const words = (text ?? '').trim();
      if (words.length < SEARCH_MIN || type === 'user') return [];
      const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ id: accounts.id, type: accounts.type, email: accounts.primaryEmail, first: accounts.firstName, userFirst: users.firstName, userLast: users.lastName })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(
          and(
            type ? eq(accounts.type, type) : undefined,
            or(ilike(accounts.primaryEmail, like), ilike(accounts.firstName, like), ilike(users.firstName, like), ilike(users.lastName, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like)),
          ),
        )
        .orderBy(asc(accounts.primaryEmail))
        .limit(limit ?? 20);
      return rows.map((r) => ({
        _id: r.id,
        type: r.type,
        name: [r.userFirst, r.userLast].filter(Boolean).join(' ') || r.first || r.email,
        primary_email: r.email,
      }));
    },
  };
};
