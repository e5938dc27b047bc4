/**
 * The help desk on the real server and database: who sees which ticket, the new-count rule per role, the
 * 7-day history, every change through the ticket chart (409 when it refuses), drafts saved and resumed, and
 * the live event, notifications and e-mail that follow a committed change.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveEvents } from '../../src/core/model/live-events';
import { auditLog, notifications, outbox, tickets } from '../../server/db/schema';
import { DEMO_BOOKINGS, demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Method = 'GET' | 'POST' | 'PUT';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY = 24 * 60 * 60 * 1000;
const LOGINS = ['super', 'customer', 'newcustomer', 'vendor', 'organization', 'affiliate'] as const;
let server: TestServer;
const tokens = {} as Record<(typeof LOGINS)[number], string>;

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(() => server?.close());

const call = async (method: Method, url: string, token: string, payload?: object) => {
  server.clock.advance(1000);
  const res: LightMyRequestResponse = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: bearer(token) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json, headers: res.headers };
};
const list = async (who: keyof typeof tokens, query = '') => {
  const res = await call('GET', `/tickets${query}`, tokens[who]);
  expect(res.status).toBe(200);
  return {
    ids: (res.body as unknown as Json[]).map((t) => t._id as string),
    total: Number(res.headers['x-total-tickets']),
    past: Number(res.headers['x-total-past-tickets']),
    fresh: Number(res.headers['x-new-tickets']),
  };
};
const T = {
  customerOpen: demoId('ticket:customer-open'),
  customerWaiting: demoId('ticket:customer-waiting'),
  customerClosed: demoId('ticket:customer-closed'),
  customerDraft: demoId('ticket:customer-draft'),
  vendorOpen: demoId('ticket:vendor-open'),
  organizationOpen: demoId('ticket:organization-open'),
};
const NOT_FOUND = { message: 'The received ticket id is invalid or does not exist', code: 'not_found' };

describe('who sees which ticket', () => {
  it('a customer lists its own tickets (and its own draft); a vendor its own; an organization its own and its vendors\'; super all but others\' drafts', async () => {
    expect((await list('customer')).ids.sort()).toEqual([T.customerOpen, T.customerWaiting, T.customerClosed, T.customerDraft].sort());
    expect((await list('vendor')).ids).toEqual([T.vendorOpen]);
    expect((await list('organization')).ids.sort()).toEqual([T.vendorOpen, T.organizationOpen].sort());
    const all = (await list('super')).ids;
    expect(all).toEqual(expect.arrayContaining([T.customerOpen, T.customerWaiting, T.customerClosed, T.vendorOpen, T.organizationOpen]));
    expect(all).not.toContain(T.customerDraft);
    expect((await list('newcustomer')).ids).toEqual([]);
  });

  it("another customer's ticket is 'invalid or does not exist', to read, comment or close", async () => {
    expect(await call('GET', `/tickets/${T.customerOpen}`, tokens.newcustomer)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await call('PUT', '/tickets/comment', tokens.newcustomer, { ticket_id: T.customerOpen, comment: 'Let me in' })).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await call('PUT', '/tickets', tokens.vendor, { ticket_id: T.customerOpen, status: 'closed' })).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await call('GET', `/tickets/${T.customerDraft}`, tokens.super)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await call('GET', `/tickets/${T.customerOpen}`, tokens.customer)).body).toMatchObject({ _id: T.customerOpen, status: 'open', type: 'appointment' });
  });

  it('an affiliate has no help desk (403); a customer may not open a ticket for another account', async () => {
    expect((await call('GET', '/tickets', tokens.affiliate)).status).toBe(403);
    const res = await call('POST', '/tickets', tokens.customer, { subject: 'x', comment: 'y', type: 'general', account_id: DEMO_BOOKINGS.vendor });
    expect(res.status).toBe(403);
  });
});

describe('the new-count rule (bookings §4), per role, in x-new-tickets', () => {
  it('follows who wrote last', async () => {
    // Seeded: customer-open (support wrote last), customer-waiting (customer wrote last), vendor-open
    // (organization wrote last), organization-open (support wrote last).
    expect((await list('customer')).fresh).toBe(1);
    expect((await list('super')).fresh).toBe(1);
    expect((await list('organization')).fresh).toBe(0);
    expect((await list('vendor')).fresh).toBe(0);

    const opened = await call('POST', '/tickets', tokens.customer, { subject: 'Sprinkler head broken', comment: 'The crew hit a sprinkler head.', type: 'general', priority: 'high' });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ status: 'open', priority: 'high', account_id: DEMO_BOOKINGS.customer, comments: [{ sender_account_type: 'customer' }] });
    expect((await list('super')).fresh).toBe(2);
    expect((await list('customer')).fresh).toBe(1);

    const replied = await call('PUT', '/tickets/comment', tokens.super, { ticket_id: opened.body._id, comment: 'We will send someone tomorrow.' });
    expect(replied.status).toBe(200);
    expect(replied.body.comments.at(-1)).toMatchObject({ sender_account_type: 'super', comment: 'We will send someone tomorrow.' });
    expect((await list('customer')).fresh).toBe(2);
    expect((await list('super')).fresh).toBe(1);

    // A vendor ticket whose organization answered is not new for the organization; the vendor's reply does not make it new either.
    await call('PUT', '/tickets/comment', tokens.vendor, { ticket_id: T.vendorOpen, comment: 'Got the spare, thanks.' });
    expect((await list('organization')).fresh).toBe(0);
  });
});

describe('history: closed tickets of the past 7 days', () => {
  it('lists a closed ticket for 7 days and then no more', async () => {
    const own = await startTestServer();
    try {
      const token = await login(own.app, 'customer@tendwell.test');
      const get = async () => {
        const res = await own.app.inject({ method: 'GET', url: '/api/tickets?status=closed', headers: bearer(token) });
        return { ids: (res.json() as Json[]).map((t) => t._id), past: Number(res.headers['x-total-past-tickets']), total: Number(res.headers['x-total-tickets']) };
      };
      // Seeded closed 2 days ago.
      expect(await get()).toMatchObject({ ids: [T.customerClosed], past: 1, total: 4 });
      own.clock.advance(5 * DAY - 60_000);
      expect((await get()).ids).toEqual([T.customerClosed]);
      own.clock.advance(2 * 60_000);
      expect(await get()).toMatchObject({ ids: [], past: 0, total: 3 });
    } finally {
      await own.close();
    }
  });
});

describe('every change through the ticket chart', () => {
  it('close: open → closed with an audit row; a closed ticket takes no comment and is not reopened (409)', async () => {
    const closed = await call('PUT', '/tickets', tokens.super, { ticket_id: T.organizationOpen, status: 'closed', comment: 'Approved, closing.' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closed_at: server.clock.now().toISOString() });
    expect(closed.body.comments.at(-1)).toMatchObject({ comment: 'Approved, closing.', sender_account_type: 'super' });
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.recordId, T.organizationOpen));
    expect(audit.map((a) => [a.event, a.fromState, a.toState])).toEqual([
      ['ticket.comment', 'open', 'open'],
      ['ticket.close', 'open', 'closed'],
    ]);

    const comment = await call('PUT', '/tickets/comment', tokens.organization, { ticket_id: T.organizationOpen, comment: 'Wait' });
    expect(comment.status).toBe(409);
    expect(comment.body.code).toBe('illegal_transition');
    expect(comment.body.message).toContain("'ticket.comment' is not allowed in status 'closed'");
    const reopen = await call('PUT', '/tickets', tokens.super, { ticket_id: T.organizationOpen, status: 'open' });
    expect(reopen.status).toBe(409);
    const [row] = await server.db.select().from(tickets).where(eq(tickets.id, T.organizationOpen));
    expect(row!.status).toBe('closed');
  });

  it('update fields (priority) of an open ticket; a draft is sent with status open', async () => {
    const res = await call('PUT', `/tickets/${T.customerWaiting}`, tokens.super, { priority: 'urgent' });
    expect(res).toMatchObject({ status: 200, body: { priority: 'urgent', status: 'open' } });
    const bad = await call('PUT', `/tickets/${T.customerWaiting}`, tokens.customer, { comment: 'rewrite history' });
    expect(bad.status).toBe(409);
  });

  it('an appointment ticket must name one of the account\'s appointments', async () => {
    const none = await call('POST', '/tickets', tokens.customer, { subject: 's', comment: 'c', type: 'appointment' });
    expect(none).toMatchObject({ status: 404, body: { message: 'The received appointment reference is invalid or does not exist' } });
    const other = await call('POST', '/tickets', tokens.newcustomer, { subject: 's', comment: 'c', type: 'appointment', appointment_id: demoId('appointment:customer-upcoming') });
    expect(other.status).toBe(404);
    const ok = await call('POST', '/tickets', tokens.customer, { subject: 's', comment: 'c', type: 'appointment', appointment_id: demoId('appointment:customer-upcoming') });
    expect(ok).toMatchObject({ status: 201, body: { appointment_id: demoId('appointment:customer-upcoming') } });
  });

  it('super opens a ticket on behalf of a vendor: the vendor and its organization see it', async () => {
    const res = await call('POST', '/tickets', tokens.super, { subject: 'Your insurance expires', comment: 'Please renew.', type: 'general', account_id: DEMO_BOOKINGS.vendor });
    expect(res).toMatchObject({ status: 201, body: { account_id: DEMO_BOOKINGS.vendor, account_type: 'vendor', comments: [{ sender_account_type: 'super' }] } });
    expect((await list('vendor')).ids).toContain(res.body._id);
    expect((await list('organization')).ids).toContain(res.body._id);
    expect((await list('customer')).ids).not.toContain(res.body._id);
  });

  it("support finds the account to open a ticket for with accounts/search (3+ characters); others may not search", async () => {
    const found = await call('GET', '/accounts/search?text=vendor%40tendwell', tokens.super);
    expect(found.status).toBe(200);
    expect(found.body).toEqual(expect.arrayContaining([expect.objectContaining({ _id: DEMO_BOOKINGS.vendor, type: 'vendor', primary_email: 'vendor@tendwell.test' })]));
    const customers = await call('GET', '/accounts/search?text=tendwell.test&type=customer', tokens.super);
    expect((customers.body as unknown as Json[]).length).toBeGreaterThan(0);
    expect((customers.body as unknown as Json[]).every((a) => a.type === 'customer' && typeof a.name === 'string' && a.name !== '')).toBe(true);
    expect((await call('GET', '/accounts/search?text=ve', tokens.super)).body).toEqual([]);
    expect((await call('GET', '/accounts/search?text=vendor', tokens.customer)).status).toBe(403);
  });
});

describe('drafts never lose a word', () => {
  it('a draft ticket is saved, resumed by its author only, and becomes a ticket when sent', async () => {
    const saved = await call('POST', '/tickets', tokens.customer, { subject: 'Half-written', comment: 'I noticed that', type: 'general', status: 'draft' });
    expect(saved).toMatchObject({ status: 201, body: { status: 'draft' } });
    const id = saved.body._id as string;
    expect((await list('super')).ids).not.toContain(id);
    const typed = await call('PUT', `/tickets/${id}`, tokens.customer, { comment: 'I noticed that the hedge was not trimmed.' });
    expect(typed.body).toMatchObject({ status: 'draft', comments: [{ comment: 'I noticed that the hedge was not trimmed.' }] });
    expect((await call('GET', `/tickets/${id}`, tokens.customer)).body.comments).toHaveLength(1);
    const sent = await call('PUT', `/tickets/${id}`, tokens.customer, { status: 'open' });
    expect(sent.body).toMatchObject({ status: 'open' });
    expect((await list('super')).ids).toContain(id);
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(audit.map((a) => [a.event, a.fromState, a.toState])).toEqual([
      ['ticket.saveDraft', 'new', 'draft'],
      ['ticket.updateFields', 'draft', 'draft'],
      ['ticket.updateFields', 'draft', 'draft'],
      ['ticket.create', 'draft', 'open'],
    ]);
  });

  it('a comment draft is kept per ticket and author, resumed, and cleared when the comment is sent', async () => {
    const url = `/tickets/${T.customerWaiting}/draft-comment`;
    expect((await call('GET', url, tokens.customer)).body).toMatchObject({ comment: '', updated: null });
    await call('PUT', url, tokens.customer, { comment: 'Also, could you' });
    const saved = await call('PUT', url, tokens.customer, { comment: 'Also, could you mow the back?' });
    expect(saved).toMatchObject({ status: 200, body: { comment: 'Also, could you mow the back?' } });
    expect((await call('GET', url, tokens.customer)).body.comment).toBe('Also, could you mow the back?');
    expect((await call('GET', url, tokens.super)).body.comment).toBe('');
    expect((await call('GET', url, tokens.newcustomer)).status).toBe(404);
    await call('PUT', '/tickets/comment', tokens.customer, { ticket_id: T.customerWaiting, comment: 'Also, could you mow the back?' });
    expect((await call('GET', url, tokens.customer)).body.comment).toBe('');
  });
});

describe('live and notified', () => {
  it('after a staff reply commits: the live event to every party and super watchers, a notification and an e-mail for the customer', async () => {
    const toAccount = vi.spyOn(server.services.live, 'toAccount');
    const toSupers = vi.spyOn(server.services.live, 'toSupers');
    try {
      const res = await call('PUT', '/tickets/comment', tokens.super, { ticket_id: T.customerOpen, comment: 'The crew will sweep next time.' });
      expect(res.status).toBe(200);
      const payload = { reason: 'updated', resourceType: 'ticket', resourceId: T.customerOpen };
      expect(toAccount).toHaveBeenCalledWith(DEMO_BOOKINGS.customer, LiveEvents.resourceUpdated, payload);
      expect(toSupers).toHaveBeenCalledWith(LiveEvents.resourceUpdated, payload);
      const note = await server.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, DEMO_BOOKINGS.customer), eq(notifications.type, 'ticket')));
      expect(note.map((n) => n.link)).toContain(`/help-desk/ticket/${T.customerOpen}`);
      const mail = await server.db.select().from(outbox).where(eq(outbox.to, 'customer@tendwell.test'));
      expect(mail.map((m) => m.subject)).toContain('Support replied to ticket #1001');

      toAccount.mockClear();
      toSupers.mockClear();
      const refused = await call('PUT', '/tickets/comment', tokens.customer, { ticket_id: T.customerClosed, comment: 'late' });
      expect(refused.status).toBe(409);
      expect(toAccount).not.toHaveBeenCalled();
      expect(toSupers).not.toHaveBeenCalled();
    } finally {
      toAccount.mockRestore();
      toSupers.mockRestore();
    }
  });

  it('a vendor comment reaches the organization', async () => {
    const toAccount = vi.spyOn(server.services.live, 'toAccount');
    try {
      await call('PUT', '/tickets/comment', tokens.vendor, { ticket_id: T.vendorOpen, comment: 'Back on the road.' });
      expect(toAccount).toHaveBeenCalledWith(DEMO_BOOKINGS.organization, LiveEvents.resourceUpdated, expect.objectContaining({ resourceId: T.vendorOpen }));
    } finally {
      toAccount.mockRestore();
    }
  });

  it('every other party is notified in the app (never the sender), and only a staff reply e-mails the customer', async () => {
    const notesOf = async (accountId: string) =>
      (await server.db.select().from(notifications).where(and(eq(notifications.accountId, accountId), eq(notifications.type, 'ticket')))).length;
    const mailsTo = async (to: string) => (await server.db.select().from(outbox).where(eq(outbox.to, to))).length;

    // The vendor writes: the organization is told, the vendor is not.
    const [vendorBefore, orgBefore] = [await notesOf(DEMO_BOOKINGS.vendor), await notesOf(DEMO_BOOKINGS.organization)];
    expect((await call('PUT', '/tickets/comment', tokens.vendor, { ticket_id: T.vendorOpen, comment: 'Running late.' })).status).toBe(200);
    expect(await notesOf(DEMO_BOOKINGS.vendor)).toBe(vendorBefore);
    expect(await notesOf(DEMO_BOOKINGS.organization)).toBe(orgBefore + 1);

    // Support closes it: both parties are told, live, and in the app.
    const toAccount = vi.spyOn(server.services.live, 'toAccount');
    try {
      expect((await call('PUT', '/tickets', tokens.super, { ticket_id: T.vendorOpen, status: 'closed' })).status).toBe(200);
      for (const party of [DEMO_BOOKINGS.vendor, DEMO_BOOKINGS.organization])
        expect(toAccount).toHaveBeenCalledWith(party, LiveEvents.resourceUpdated, expect.objectContaining({ resourceId: T.vendorOpen }));
    } finally {
      toAccount.mockRestore();
    }
    expect(await notesOf(DEMO_BOOKINGS.vendor)).toBe(vendorBefore + 1);
    expect(await notesOf(DEMO_BOOKINGS.organization)).toBe(orgBefore + 2);

    // The customer's own comment e-mails nobody.
    const mails = await mailsTo('customer@tendwell.test');
    expect((await call('PUT', '/tickets/comment', tokens.customer, { ticket_id: T.customerWaiting, comment: 'Any news?' })).status).toBe(200);
    expect(await mailsTo('customer@tendwell.test')).toBe(mails);
  });
});

describe('saved responses', () => {
  it('staff read them; a customer may not', async () => {
    const res = await call('GET', '/tickets/responses?type=appointment', tokens.super);
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: Json) => r.title)).toEqual(expect.arrayContaining(['Visit follow-up', 'Thanks, we are on it']));
    expect(res.body.items.map((r: Json) => r.title)).not.toContain('Plan change');
    expect((await call('GET', '/tickets/responses', tokens.customer)).status).toBe(403);
  });
});
