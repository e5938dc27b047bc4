/**
 * The server enforces the lifecycle charts: every change of an appointment or a subscription is an event of
 * its chart; an illegal one is refused (409 naming the status and the event, 400 with the spec's text for a
 * missing note, 403 for a role the chart does not allow) and changes nothing; an accepted one changes the
 * record and writes one audit row in the same transaction. The audit trail is append-only and super reads
 * it through GET /admin/audit.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../server/clock';
import { newId } from '../../server/db/ids';
import { appointments, auditLog, subscriptions } from '../../server/db/schema';
import { DEMO_BOOKINGS, demoAppointmentRecord, demoId, demoSubscriptionRecord } from '../../server/db/seed';
import { createTransitionService } from '../../server/services/transitions';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Method = 'GET' | 'POST' | 'PUT';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let server: TestServer;
const LOGINS = ['super', 'customer', 'vendor', 'organization', 'affiliate', 'newcustomer'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(() => server?.close());

/** One API request. The clock moves a second first, so the audit rows of successive requests are in order. */
const call = async (method: Method, url: string, token: string | undefined, payload?: object) => {
  server.clock.advance(1000);
  const res: LightMyRequestResponse = await server.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: token ? bearer(token) : {},
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json, requestId: String(res.headers['x-request-id']) };
};

const now = () => server.clock.now();
const inDays = (days: number) => new Date(now().getTime() + days * DAY);

/** A new appointment of customer@'s subscription (vendor@, organization@), written directly. */
const newAppointment = async (fields: Partial<typeof appointments.$inferInsert> = {}) => {
  const id = newId();
  await server.db.insert(appointments).values(demoAppointmentRecord({ id, status: 'active', startTime: inDays(10), createdAt: now(), ...fields }));
  return id;
};
/** A new subscription of customer@ (vendor@, organization@), written directly. */
const newSubscription = async (fields: Partial<typeof subscriptions.$inferInsert> = {}) => {
  const id = newId();
  await server.db.insert(subscriptions).values(demoSubscriptionRecord({ id, createdAt: now(), ...fields }));
  return { id, orderId: demoId(`order:${id}`) };
};
const appointmentRow = async (id: string) => (await server.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const subscriptionRow = async (id: string) => (await server.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const auditOf = (recordId: string) => server.db.select().from(auditLog).where(eq(auditLog.recordId, recordId)).orderBy(auditLog.at);

const USER = { customer: demoId('user:customer'), vendor: demoId('user:vendor'), organization: demoId('user:organization'), super: demoId('user:super') };

describe('appointments: illegal events are refused with 409 naming the status and the event, and change nothing', () => {
  it('completing a canceled appointment (vendor)', async () => {
    const id = demoId('appointment:customer-canceled');
    const before = await appointmentRow(id);
    const res = await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('illegal_transition');
    expect(res.body.message).toContain("'appointment.complete'");
    expect(res.body.message).toContain("status 'canceled'");
    expect(await appointmentRow(id)).toEqual(before);
    expect(await auditOf(id)).toEqual([]);
  });

  it('reinstating an active appointment (organization)', async () => {
    const id = demoId('appointment:customer-upcoming');
    const res = await call('PUT', `/appointments/reinstate/${id}`, tokens.organization);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'illegal_transition',
      message: expect.stringMatching(/'appointment\.reenable' is not allowed in status 'active' \(only in: exception, canceled, deleted\)/),
    });
    expect((await appointmentRow(id)).status).toBe('active');
    expect(await auditOf(id)).toEqual([]);
  });

  it('rescheduling inside the 7-day window names the blocking guard and its sentence', async () => {
    const start = inDays(3);
    const id = await newAppointment({ startTime: start });
    const res = await call('PUT', `/appointments/update/${id}`, tokens.customer, { start_time: inDays(12).toISOString() });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("'appointment.update' in status 'active' is blocked by guard 'startOutsideWindow'");
    expect(res.body.message).toContain('One action is blocked when pending or when start is within 7 days.');
    expect((await appointmentRow(id)).startTime).toEqual(start);
  });

  it("'Note is required!' (400) for an exception without a note or with a blank one", async () => {
    const id = await newAppointment({ startTime: inDays(2) });
    for (const payload of [{}, { note: '' }, { note: '   ' }]) {
      const res = await call('PUT', `/appointments/exception/${id}`, tokens.vendor, payload);
      expect({ payload, status: res.status, body: res.body }).toEqual({ payload, status: 400, body: { message: 'Note is required!', code: 'note_required' } });
    }
    expect((await appointmentRow(id)).status).toBe('active');
    expect(await auditOf(id)).toEqual([]);
  });

  it('a role the chart does not allow is 403 (vendor cancels, customer completes, affiliate reads)', async () => {
    const id = await newAppointment({ startTime: inDays(2) });
    expect((await call('PUT', `/appointments/cancel/${id}`, tokens.vendor, {})).status).toBe(403);
    expect((await call('POST', '/appointments/complete', tokens.customer, { appointment_id: id })).status).toBe(403);
    expect((await call('GET', `/appointments/${id}`, tokens.affiliate)).status).toBe(403);
    expect((await appointmentRow(id)).status).toBe('active');
  });
});

describe('appointments: an accepted event changes the record and writes one audit row in the same transaction', () => {
  it('the customer cancels: 200, status canceled, and an audit row with who, chart, event, from, to, time and request id', async () => {
    const id = await newAppointment({ startTime: inDays(10) });
    const res = await call('PUT', `/appointments/cancel/${id}`, tokens.customer, { note: 'Hosting a party that day.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, status: 'canceled', note: 'Hosting a party that day.', customer_data: { _id: DEMO_BOOKINGS.customer } });
    expect((await appointmentRow(id)).status).toBe('canceled');
    const audit = await auditOf(id);
    expect(audit).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        at: now(),
        userId: USER.customer,
        accountId: DEMO_BOOKINGS.customer,
        role: 'customer',
        chart: 'appointment',
        event: 'appointment.cancel',
        fromState: 'active',
        toState: 'canceled',
        recordType: 'appointment',
        recordId: id,
        requestId: res.requestId,
      },
    ]);
    expect(res.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a canceled appointment is reinstated by the organization, then completed by the vendor inside the window', async () => {
    const id = await newAppointment({ status: 'canceled', startTime: inDays(4) });
    const reinstated = await call('PUT', `/appointments/reinstate/${id}`, tokens.organization);
    expect(reinstated.status).toBe(200);
    expect(reinstated.body.status).toBe('active');
    const completed = await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id, note: 'All done.' });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: 'complete', note: 'All done.', completed_at: now().toISOString() });
    expect((await auditOf(id)).map((a) => [a.event, a.fromState, a.toState, a.role, a.requestId])).toEqual([
      ['appointment.reenable', 'canceled', 'active', 'organization', reinstated.requestId],
      ['appointment.complete', 'active', 'complete', 'vendor', completed.requestId],
    ]);
  });

  it('an exception with a note, a rain delay to a new start and a reschedule keep the facts the chart assigns', async () => {
    const id = await newAppointment({ startTime: inDays(1) });
    const exception = await call('PUT', `/appointments/exception/${id}`, tokens.vendor, { note: 'Gate locked.' });
    expect(exception.body).toMatchObject({ status: 'exception', note: 'Gate locked.' });
    const newStart = inDays(9).toISOString();
    const delayed = await call('PUT', `/appointments/rain-delay/${id}`, tokens.vendor, { start_time: newStart });
    expect(delayed.body).toMatchObject({ status: 'active', start_time: newStart });
    const later = inDays(14).toISOString();
    const moved = await call('PUT', `/appointments/update/${id}`, tokens.customer, { start_time: later, duration: 90 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'active', start_time: later, duration: 90 });
    expect((await auditOf(id)).map((a) => `${a.event} ${a.fromState}→${a.toState}`)).toEqual([
      'appointment.exception active→exception',
      'appointment.rainDelay exception→active',
      'appointment.update active→active',
    ]);
  });

  it('enable confirms a pending appointment (organization)', async () => {
    const id = await newAppointment({ status: 'pending', startTime: inDays(20) });
    const res = await call('PUT', `/appointments/enable/${id}`, tokens.organization);
    expect(res.body.status).toBe('active');
    expect((await auditOf(id)).map((a) => [a.event, a.fromState, a.toState])).toEqual([['appointment.enable', 'pending', 'active']]);
  });

  it('two requests racing on one record: one wins, the other is refused from the new status', async () => {
    const id = await newAppointment({ startTime: inDays(10) });
    const [a, b] = await Promise.all([
      call('PUT', `/appointments/cancel/${id}`, tokens.customer, {}),
      call('PUT', `/appointments/cancel/${id}`, tokens.organization, {}),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toContain("'appointment.cancel' is not allowed in status 'canceled'");
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('when the audit row cannot be written, the change is rolled back with it', async () => {
    const id = await newAppointment({ startTime: inDays(10) });
    let calls = 0;
    // The event's time and the record's updated_at are read first; the audit row's time fails.
    const failingAudit: Clock = {
      now: () => {
        calls += 1;
        if (calls > 2) throw new Error('clock unavailable while writing the audit row');
        return server.clock.now();
      },
    };
    const transitions = createTransitionService({ db: server.db, clock: failingAudit });
    await expect(
      transitions.change('appointment', {
        auth: { userId: USER.customer, accountId: DEMO_BOOKINGS.customer, role: 'customer' },
        requestId: 'rollback-test',
        target: { id, visible: undefined },
        event: { type: 'appointment.cancel' },
      }),
    ).rejects.toThrow('clock unavailable while writing the audit row');
    expect(calls).toBe(3);
    expect((await appointmentRow(id)).status).toBe('active');
    expect(await auditOf(id)).toEqual([]);
  });
});

describe('appointments: ownership', () => {
  it("another customer's appointment is not there (404), for reading and for every change", async () => {
    const id = await newAppointment({ customerAccountId: demoId('account:newcustomer'), vendorAccountId: null, organizationAccountId: null, subscriptionId: null });
    expect((await call('GET', `/appointments/${id}`, tokens.customer)).status).toBe(404);
    const cancel = await call('PUT', `/appointments/cancel/${id}`, tokens.customer, {});
    expect(cancel).toMatchObject({ status: 404, body: { message: 'Appointment not found', code: 'not_found' } });
    expect((await call('PUT', `/appointments/update/${id}`, tokens.customer, { duration: 30 })).status).toBe(404);
    // Its own customer sees it.
    expect((await call('GET', `/appointments/${id}`, tokens.newcustomer)).status).toBe(200);
    expect((await appointmentRow(id)).status).toBe('active');
  });

  it('a vendor or organization the appointment is not assigned to gets 404; super sees everything', async () => {
    const id = await newAppointment({ startTime: inDays(2), vendorAccountId: null, organizationAccountId: demoId('account:pending-organization') });
    expect((await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id })).status).toBe(404);
    expect((await call('GET', `/appointments/${id}`, tokens.vendor)).status).toBe(404);
    expect((await call('PUT', `/appointments/exception/${id}`, tokens.organization, { note: 'x' })).status).toBe(404);
    expect((await call('GET', `/appointments/${id}`, tokens.super)).status).toBe(200);
    expect(await auditOf(id)).toEqual([]);
  });

  it('lists hold only what the caller may see', async () => {
    const foreign = await newAppointment({ customerAccountId: demoId('account:newcustomer'), vendorAccountId: null, organizationAccountId: null, subscriptionId: null });
    const ids = async (token: string, query = '') => {
      const res = await call('GET', `/appointments?pageSize=100${query}`, token);
      expect(res.status).toBe(200);
      return (res.body.items as Json[]).map((a) => String(a._id));
    };
    const mine = await ids(tokens.customer);
    expect(mine).toEqual(expect.arrayContaining(['customer-completed', 'customer-upcoming', 'customer-canceled'].map((k) => demoId(`appointment:${k}`))));
    expect(mine).not.toContain(foreign);
    expect(await ids(tokens.vendor)).not.toContain(foreign);
    const theirs = await ids(tokens.newcustomer);
    expect(theirs).toContain(foreign);
    for (const id of theirs) expect((await appointmentRow(id)).customerAccountId).toBe(demoId('account:newcustomer'));
    expect(await ids(tokens.super)).toContain(foreign);
    const canceled = await ids(tokens.customer, `&status=canceled&subscription_id=${DEMO_BOOKINGS.subscription}`);
    expect(canceled).toContain(demoId('appointment:customer-canceled'));
    for (const id of canceled) expect((await appointmentRow(id)).status).toBe('canceled');
  });
});

describe('subscriptions', () => {
  it('unpausing an active subscription is 409 naming the status and the event', async () => {
    const { id, orderId } = await newSubscription();
    const res = await call('POST', '/subscriptions/unpause', tokens.customer, { orderId });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'illegal_transition', message: "subscription: 'subscription.unpause' is not allowed in status 'active' (only in: paused)." });
    expect(await auditOf(id)).toEqual([]);
  });

  it('pause (by order id) is accepted with an audit row; unpause returns it to active', async () => {
    const { id, orderId } = await newSubscription();
    const paused = await call('POST', '/subscriptions/pause', tokens.customer, { orderId });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ _id: id, orderId, status: 'paused', paused_at: now().toISOString() });
    const unpaused = await call('POST', '/subscriptions/unpause', tokens.customer, { orderId: id, beforeSchedule: true });
    expect(unpaused.body).toMatchObject({ status: 'active', paused_at: null });
    const audit = await auditOf(id);
    expect(audit.map((a) => ({ chart: a.chart, event: a.event, from: a.fromState, to: a.toState, user: a.userId, account: a.accountId, role: a.role, request: a.requestId }))).toEqual([
      { chart: 'subscription', event: 'subscription.pause', from: 'active', to: 'paused', user: USER.customer, account: DEMO_BOOKINGS.customer, role: 'customer', request: paused.requestId },
      { chart: 'subscription', event: 'subscription.unpause', from: 'paused', to: 'active', user: USER.customer, account: DEMO_BOOKINGS.customer, role: 'customer', request: unpaused.requestId },
    ]);
  });

  it('update changes the frequency and plan (an audit row from active to active); suspend is for super only', async () => {
    const { id, orderId } = await newSubscription();
    const res = await call('PUT', '/subscriptions/update', tokens.customer, { subscription_id: id, frequency: 'biweek', plan_id: 'mowing-small-biweek' });
    expect(res.body).toMatchObject({ status: 'active', frequency: 'biweek', plan_id: 'mowing-small-biweek' });
    expect((await call('POST', '/subscriptions/suspend', tokens.customer, { orderId })).status).toBe(403);
    expect((await auditOf(id)).map((a) => [a.event, a.fromState, a.toState])).toEqual([['subscription.update', 'active', 'active']]);
  });

  it('cancel carries on to the future appointments through their chart, each with an audit row of the same request', async () => {
    const { id } = await newSubscription();
    const upcoming = await newAppointment({ subscriptionId: id, startTime: inDays(3) });
    const pending = await newAppointment({ subscriptionId: id, status: 'pending', startTime: inDays(10) });
    const done = await newAppointment({ subscriptionId: id, status: 'complete', startTime: inDays(-5) });
    const suspendedOne = await newAppointment({ subscriptionId: id, status: 'suspended', startTime: inDays(6) });
    const res = await call('PUT', '/subscriptions/cancel', tokens.customer, { subscription_id: id, note: 'Moving away.' });
    expect(res.body).toMatchObject({ status: 'canceled', canceled_at: now().toISOString(), next_appointment: null });
    expect(await Promise.all([upcoming, pending, done, suspendedOne].map(async (a) => (await appointmentRow(a)).status))).toEqual([
      'canceled',
      'canceled',
      'complete',
      'suspended',
    ]);
    expect((await appointmentRow(upcoming)).note).toBe('Moving away.');
    for (const a of [upcoming, pending]) {
      expect((await auditOf(a)).map((r) => [r.event, r.toState, r.requestId])).toEqual([['appointment.cancel', 'canceled', res.requestId]]);
    }
    expect(await auditOf(done)).toEqual([]);
    // A canceled subscription is final.
    const again = await call('POST', '/subscriptions/pause', tokens.customer, { orderId: id });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("'canceled' is final");
  });

  it('suspend and restore (super) suspend and restore the future appointments', async () => {
    const { id, orderId } = await newSubscription();
    const startsAt = inDays(8);
    const a = await newAppointment({ subscriptionId: id, startTime: startsAt });
    const suspended = await call('POST', '/subscriptions/suspend', tokens.super, { orderId });
    expect(suspended.body.status).toBe('suspended');
    expect((await appointmentRow(a)).status).toBe('suspended');
    const restored = await call('POST', '/subscriptions/restore', tokens.super, { orderId });
    expect(restored.body).toMatchObject({ status: 'active', next_appointment: startsAt.toISOString() });
    expect((await auditOf(a)).map((r) => [r.event, r.fromState, r.toState, r.role, r.userId, r.accountId])).toEqual([
      ['appointment.suspend', 'active', 'suspended', 'super', USER.super, null],
      ['appointment.restore', 'suspended', 'active', 'super', USER.super, null],
    ]);
  });

  it("another customer's subscription is 404; reads and lists show only the caller's own", async () => {
    const { id, orderId } = await newSubscription({ customerAccountId: demoId('account:newcustomer'), vendorAccountId: null, organizationAccountId: null });
    expect((await call('GET', `/subscriptions/${id}`, tokens.customer)).status).toBe(404);
    expect((await call('POST', '/subscriptions/pause', tokens.customer, { orderId })).status).toBe(404);
    expect((await call('GET', `/subscriptions/${orderId}`, tokens.newcustomer)).body._id).toBe(id);
    const list = await call('GET', '/subscriptions', tokens.customer);
    expect(list.status).toBe(200);
    expect((list.body.items as Json[]).map((s) => s._id)).not.toContain(id);
    expect((list.body.items as Json[]).map((s) => s._id)).toContain(DEMO_BOOKINGS.subscription);
    expect((await subscriptionRow(id)).status).toBe('active');
  });

  it('lists page newest first with starting_after_id', async () => {
    const first = await call('GET', '/subscriptions?count=1', tokens.super);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.has_more).toBe(true);
    const next = await call('GET', `/subscriptions?count=1&starting_after_id=${first.body.items[0]._id}`, tokens.super);
    expect(next.body.items).toHaveLength(1);
    expect(next.body.items[0]._id).not.toBe(first.body.items[0]._id);
    expect(Date.parse(next.body.items[0].created) <= Date.parse(first.body.items[0].created)).toBe(true);
  });
});

describe('the audit trail', () => {
  it('is append-only: raw UPDATE and DELETE are refused by the database', async () => {
    const id = await newAppointment();
    await call('PUT', `/appointments/cancel/${id}`, tokens.customer, {});
    const [row] = await auditOf(id);
    const failure = async (statement: ReturnType<typeof sql>) => {
      try {
        await server.db.execute(statement);
        return 'accepted';
      } catch (error) {
        const e = error as Error & { cause?: Error };
        return `${e.message} ${e.cause?.message ?? ''}`;
      }
    };
    expect(await failure(sql`update audit_log set to_state = 'active' where id = ${row!.id}`)).toMatch(/audit_log is append-only: UPDATE is not allowed/);
    expect(await failure(sql`delete from audit_log where id = ${row!.id}`)).toMatch(/audit_log is append-only: DELETE is not allowed/);
    expect(await auditOf(id)).toEqual([row]);
  });

  it('GET /admin/audit filters by record, chart, acting account and time — for super only', async () => {
    const start = now();
    server.clock.advance(HOUR);
    const first = await newAppointment();
    await call('PUT', `/appointments/cancel/${first}`, tokens.customer, {});
    server.clock.advance(HOUR);
    const { orderId } = await newSubscription();
    await call('POST', '/subscriptions/pause', tokens.customer, { orderId });
    server.clock.advance(HOUR);
    const second = await newAppointment({ status: 'canceled' });
    await call('PUT', `/appointments/reinstate/${second}`, tokens.organization);

    const audit = async (query: string, token = tokens.super) => call('GET', `/admin/audit?${query}`, token);
    const byRecord = await audit(`recordId=${first}&pageSize=100`);
    expect(byRecord.status).toBe(200);
    expect(byRecord.body).toEqual({ total: 1, items: [expect.objectContaining({ recordId: first, event: 'appointment.cancel', from: 'active', to: 'canceled', role: 'customer' })] });

    const window = `pageSize=100&from=${encodeURIComponent(new Date(start.getTime() + 30 * 60_000).toISOString())}`;
    const appointmentsSince = await audit(`chart=appointment&${window}`);
    expect((appointmentsSince.body.items as Json[]).map((e) => e.recordId)).toEqual([second, first]); // newest first
    const subscriptionsSince = await audit(`chart=subscription&${window}`);
    expect((subscriptionsSince.body.items as Json[]).map((e) => e.event)).toEqual(['subscription.pause']);
    const organizationSince = await audit(`accountId=${DEMO_BOOKINGS.organization}&${window}`);
    expect((organizationSince.body.items as Json[]).map((e) => e.recordId)).toEqual([second]);
    const firstHour = await audit(`${window}&to=${encodeURIComponent(new Date(start.getTime() + 90 * 60_000).toISOString())}`);
    expect((firstHour.body.items as Json[]).map((e) => e.recordId)).toEqual([first]);

    const page = await audit(`chart=appointment&${window.replace('pageSize=100', 'pageSize=1')}&page=2`);
    expect(page.body).toMatchObject({ total: 2, items: [expect.objectContaining({ recordId: first })] });

    for (const role of ['customer', 'vendor', 'organization', 'affiliate'] as const) {
      expect((await audit('', tokens[role])).status).toBe(403);
    }
    expect((await call('GET', '/admin/audit', undefined)).status).toBe(401);
  });
});

/**
 * The transition service (server/services/transitions.ts with its record types in server/services/records/)
 * is the only server code that writes a lifecycle state column or an audit row. State columns: `status` of
 * any table, and the columns that store a chart's state under another name (users.phone_confirmed,
 * notifications.has_read and .dismissed). The seed may insert rows with their starting states (starting data,
 * no audit rows — docs/decisions.md); nothing else may.
 */
const TRANSITION_SERVICE = /^server\/services\/(transitions\.ts|records\/[^/]+\.ts)$/;
const STATE_KEY = /(^|[{,\s])(status|phoneConfirmed|hasRead|dismissed)\s*:/m;
const STATE_SQL_COLUMN = /\b(status|phone_confirmed|has_read|dismissed)\b/i;

/** The text of each call argument list that follows `opener` (balanced parentheses or braces). */
const argumentsAfter = (source: string, opener: RegExp): string[] => {
  const found: string[] = [];
  for (const match of source.matchAll(new RegExp(opener.source, 'g'))) {
    const start = match.index + match[0].length;
    const close = source[start - 1] === '{' ? '}' : ')';
    const open = close === '}' ? '{' : '(';
    let depth = 1;
    let i = start;
    for (; i < source.length && depth > 0; i++) {
      if (source[i] === open) depth++;
      else if (source[i] === close) depth--;
    }
    found.push(source.slice(start, i - 1));
  }
  return found;
};

/** What one source file writes that only the transition service may write. */
const writesOf = (source: string) => ({
  stateUpdate:
    argumentsAfter(source, /\.set\(/).some((args) => STATE_KEY.test(args)) ||
    argumentsAfter(source, /\bset:\s*\{/).some((args) => STATE_KEY.test(args)) ||
    [...source.matchAll(/\bupdate\s+"?\w+"?\s+set\b([^;`]*)/gi)].some((m) => STATE_SQL_COLUMN.test(m[1]!)),
  stateInsert:
    argumentsAfter(source, /\.values\(/).some((args) => STATE_KEY.test(args)) ||
    [...source.matchAll(/\binsert\s+into\s+"?\w+"?\s*\(([^)]*)\)/gi)].some((m) => STATE_SQL_COLUMN.test(m[1]!)),
  audit: /\brecordAudit\s*\(|\.insert\(\s*auditLog\s*\)|insert\s+into\s+"?audit_log/i.test(source),
  importsWriters: /^import\s+(?!type\b)[^;]*from\s+'[./]*(services\/)?(records\/[\w-]+|audit)'/m.test(source),
});

describe('no other code path changes a record\'s state or writes an audit row', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const server = files(join(root, 'server')).map((file) => ({ file: relative(root, file).split('\\').join('/'), writes: writesOf(readFileSync(file, 'utf8')) }));
  const offenders = (what: keyof ReturnType<typeof writesOf>) => server.filter((f) => f.writes[what]).map((f) => f.file).sort();

  it('the scanner recognises each kind of write (so the checks below can fail)', () => {
    expect(writesOf("await db.update(users).set({ firstName, status: 'inactive' }).where(eq(users.id, id));").stateUpdate).toBe(true);
    expect(writesOf('await tx.update(notifications).set({ dismissed: true });').stateUpdate).toBe(true);
    expect(writesOf('.onConflictDoUpdate({ target: users.id, set: { phoneConfirmed: true } })').stateUpdate).toBe(true);
    expect(writesOf("await db.execute(sql`update appointments set note = '', status = 'canceled'`);").stateUpdate).toBe(true);
    expect(writesOf("await db.update(users).set({ firstName: 'Sam' });").stateUpdate).toBe(false);
    expect(writesOf("await tx.insert(subscriptions).values({ id, status: 'active' });").stateInsert).toBe(true);
    expect(writesOf('await tx.insert(notifications).values({ id, accountId, title });').stateInsert).toBe(false);
    expect(writesOf('await recordAudit(tx, clock, entry);').audit).toBe(true);
    expect(writesOf('await tx.insert(auditLog).values(row);').audit).toBe(true);
    expect(writesOf("import { recordAudit } from './audit';").importsWriters).toBe(true);
    expect(writesOf("import { userRecord } from '../services/records/user';").importsWriters).toBe(true);
    expect(writesOf("import type { UserRow } from './records/user';").importsWriters).toBe(false);
  });

  it('only the transition service writes a state column (status of any table, phone_confirmed, has_read, dismissed)', () => {
    expect(offenders('stateUpdate').filter((f) => !TRANSITION_SERVICE.test(f))).toEqual([]);
    // …and it does: each record type's persist.
    expect(offenders('stateUpdate')).toEqual(expect.arrayContaining(['server/services/records/appointment.ts', 'server/services/records/user.ts']));
  });

  it('a new row gets its state from the chart (the service\'s create) — only the seed inserts starting data directly', () => {
    expect(offenders('stateInsert').filter((f) => !TRANSITION_SERVICE.test(f))).toEqual([
      'server/db/seed-approvals.ts',
      'server/db/seed-calendar.ts',
      'server/db/seed-help-desk.ts',
      'server/db/seed-payouts.ts',
      'server/db/seed-visits.ts',
      'server/db/seed.ts',
    ]);
  });

  it('only the transition service writes audit rows (recordAudit is defined in audit.ts and called in transitions.ts)', () => {
    expect(offenders('audit')).toEqual(['server/services/audit.ts', 'server/services/transitions.ts']);
  });

  it('only the transition service imports the record types and recordAudit (their writers)', () => {
    expect(offenders('importsWriters').filter((f) => !TRANSITION_SERVICE.test(f))).toEqual([]);
  });
});
