/**
 * The billing engine (issue 8): every active subscription is charged once per cycle with its coupon's remaining
 * duration and its tax; two runs at the same time charge once; a failed charge suspends the subscription (and its
 * visits) and tells the customer in the app and by e-mail; the next successful charge restores it. The clock is a
 * port: the tests move it, and so does POST /api/dev/clock.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { addresses, appointments, billingCycles, ledgerEntries, notifications, outbox, subscriptions } from '../../server/db/schema';
import { DEMO_BOOKINGS, demoId } from '../../server/db/seed';
import { openDatabase } from '../../server/db/client';
import { createBillingEngine } from '../../server/services/billing-engine';
import { createServices } from '../../server/services/container';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY = 86_400_000;
let server: TestServer;
const tokens: Record<string, string> = {};
const customer = DEMO_BOOKINGS.customer;
const newcustomer = demoId('account:newcustomer');

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['customer', 'newcustomer', 'super']) tokens[who] = await login(server.app, `${who}@tendwell.test`);
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: { ...(token ? bearer(token) : {}), ...headers } });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};

/** A new address in Austin (78704: tax 8.25 %) of a customer. */
const newAddress = async (accountId: string) => {
  const id = newId();
  await server.db.insert(addresses).values({ id, accountId, streetNumber: '9', street: 'Billing Road', city: 'Austin', state: 'TX', postalCode: '78704', homeSize: 'medium', createdAt: server.clock.now() });
  return id;
};

/** A 15-minute slot at 9:00 AM Austin time, `days` after the clock's day. */
const startIn = (days: number) => {
  const d = new Date(server.clock.now().getTime() + days * DAY);
  return `${d.toISOString().slice(0, 10)}T14:00:00.000Z`;
};

let keys = 0;
const subscribe = async (token: string, accountId: string, frequency: 'week' | 'biweek' | 'month', promo?: string) => {
  const res = await call(
    'POST',
    '/subscriptions/new',
    token,
    {
      service_id: demoId('service:mowing'),
      plan_id: `mowing-medium-${frequency}`,
      frequency,
      home_size: 'medium',
      address_id: await newAddress(accountId),
      start_time: startIn(3),
      ...(promo ? { promo_code: promo } : {}),
    },
    { 'idempotency-key': `engine-test-${++keys}` },
  );
  expect(res.status).toBe(201);
  return res.body as { subscription: Json; order: Json };
};

const cyclesOf = (subscriptionId: string) =>
  server.db.select().from(billingCycles).where(eq(billingCycles.subscriptionId, subscriptionId)).orderBy(asc(billingCycles.cycle));
const chargesOf = (subscriptionId: string) =>
  server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.reference, subscriptionId), eq(ledgerEntries.kind, 'charge')));
const statusOf = async (id: string) => (await server.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.status;
/** Sessions expire while the clock moves: sign in again. */
const relogin = async () => {
  for (const who of ['customer', 'newcustomer', 'super']) tokens[who] = await login(server.app, `${who}@tendwell.test`);
};
const advance = async (days: number) => {
  server.clock.advance(days * DAY);
  await relogin();
};

describe('cycles, coupons and tax', () => {
  const subs: Record<string, string> = {};

  it('charges each subscription once per cycle: weekly 4600 + 8.25 % tax = 4980; nothing twice', async () => {
    subs.weekly = (await subscribe(tokens.customer!, customer, 'week')).subscription._id;
    subs.once = (await subscribe(tokens.customer!, customer, 'month', 'WELCOME10')).subscription._id;
    subs.repeating = (await subscribe(tokens.customer!, customer, 'month', 'SPRING5')).subscription._id;
    subs.forever = (await subscribe(tokens.customer!, customer, 'biweek', 'LOYAL15')).subscription._id;
    // Nothing is due yet: the first charge was at checkout.
    expect(await server.services.billingEngine.run()).toMatchObject({ charged: 0, failed: 0 });
    await advance(7);
    await server.services.billingEngine.run();
    const weekly = await cyclesOf(subs.weekly!);
    expect(weekly.map((c) => [c.cycle, c.outcome, c.total])).toEqual([
      [0, 'paid', 4980],
      [1, 'paid', 4980],
    ]);
    expect(await chargesOf(subs.weekly!)).toHaveLength(1); // the checkout charge is referenced by its order, not the subscription
    // Run again at the same time: nothing more.
    expect(await server.services.billingEngine.run()).toMatchObject({ charged: 0 });
    expect(await cyclesOf(subs.weekly!)).toHaveLength(2);
  });

  it('two runs at the same time (two processes on one database) charge each cycle once', async () => {
    await advance(7);
    const other = createBillingEngine({ ...server.services, charges: server.services.charges });
    const [a, b] = await Promise.all([server.services.billingEngine.run(), other.run(), server.services.billingEngine.run()]);
    expect(a.charged + b.charged).toBeGreaterThanOrEqual(1);
    const weekly = await cyclesOf(subs.weekly!);
    expect(weekly.map((c) => c.cycle)).toEqual([0, 1, 2]);
    const charges = await chargesOf(subs.weekly!);
    expect(charges).toHaveLength(2);
    expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(2);
  });

  it('a second server process (its own connection pool and services, on PostgreSQL) billing at the same time: each cycle once', async () => {
    await advance(7);
    // On PostgreSQL a second pool on the same database is a second process as far as the database can tell;
    // on PGlite (one connection) the second services container shares it.
    const second = server.databaseUrl ? await openDatabase({ databaseUrl: server.databaseUrl }) : undefined;
    try {
      const other = createServices({ db: second?.db ?? server.db, clock: server.clock, config: server.config, live: server.live });
      const before = (await chargesOf(subs.weekly!)).length;
      const reports = await Promise.all([other.billingEngine.run(), server.services.billingEngine.run(), other.billingEngine.run()]);
      expect(reports.reduce((n, r) => n + r.charged, 0)).toBe(1);
      const charges = await chargesOf(subs.weekly!);
      expect(charges).toHaveLength(before + 1);
      expect((await cyclesOf(subs.weekly!)).map((c) => c.cycle)).toEqual([0, 1, 2, 3]);
    } finally {
      await second?.close();
    }
  });

  it('coupon durations over several cycles: once (first charge only), repeating 3 months, forever', async () => {
    // The clock is 21 days after checkout; move to 123 days after it (past Oct 1, the fourth monthly cycle), billing as it goes.
    for (let i = 0; i < 4; i++) {
      await advance(24);
      await server.services.billingEngine.run();
    }
    await advance(123 - 21 - 4 * 24);
    await server.services.billingEngine.run();
    // Monthly medium 5800; tax 8.25 %.
    const once = await cyclesOf(subs.once!);
    expect(once.map((c) => c.discount)).toEqual([580, 0, 0, 0, 0]);
    expect(once[1]).toMatchObject({ subtotal: 5800, tax: 479, total: 6279 });
    // SPRING5: 500 off every charge made before the first charge + 3 months.
    const repeating = await cyclesOf(subs.repeating!);
    expect(repeating.map((c) => c.discount)).toEqual([500, 500, 500, 0, 0]);
    // LOYAL15 forever, biweekly 5200: 780 off every time.
    const forever = await cyclesOf(subs.forever!);
    expect(forever.length).toBeGreaterThanOrEqual(9);
    expect(forever.every((c) => c.discount === 780 && c.outcome === 'paid')).toBe(true);
    // Each cycle is due a week / two weeks / a month after the previous one.
    const due = (await cyclesOf(subs.weekly!)).map((c) => c.dueAt.getTime());
    expect(due.slice(1).map((t, i) => (t - due[i]!) / DAY)).toEqual(due.slice(1).map(() => 7));
  });

  it('the schedule is extended: an active subscription always has visits 8 weeks ahead', async () => {
    const [last] = await server.db
      .select({ start: appointments.startTime })
      .from(appointments)
      .where(eq(appointments.subscriptionId, subs.weekly!))
      .orderBy(asc(appointments.startTime));
    expect(last).toBeDefined();
    const ahead = await server.db
      .select({ start: appointments.startTime })
      .from(appointments)
      .where(and(eq(appointments.subscriptionId, subs.weekly!), gte(appointments.startTime, new Date(server.clock.now().getTime() + 55 * DAY))));
    expect(ahead.length).toBeGreaterThanOrEqual(1);
  });
});

describe('a failed charge suspends, the next successful one restores', () => {
  let sub: string;
  beforeAll(relogin);

  it('declined: the subscription and its future visits are suspended; the customer is told in the app and by e-mail', async () => {
    const save = (stripe_src: string) =>
      call('POST', `/customer/${newcustomer}/billing/update`, tokens.newcustomer, { stripe_src, customer_id: newcustomer, make_default: true });
    expect((await save('pm_card_visa')).status).toBe(200);
    sub = (await subscribe(tokens.newcustomer!, newcustomer, 'week')).subscription._id;
    expect((await save('pm_card_chargeDeclinedInsufficientFunds')).status).toBe(200);
    await advance(7);
    const report = await server.services.billingEngine.run();
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(sub)).toBe('suspended');
    const cycles = await cyclesOf(sub);
    expect(cycles.at(-1)).toMatchObject({ outcome: 'failed', declineMessage: 'Your card has insufficient funds.', ledgerEntryId: null });
    const future = await server.db.select().from(appointments).where(and(eq(appointments.subscriptionId, sub), gte(appointments.startTime, server.clock.now())));
    expect(future.length).toBeGreaterThan(0);
    expect(future.every((a) => a.status === 'suspended')).toBe(true);
    const alerts = await server.db.select().from(notifications).where(eq(notifications.accountId, newcustomer));
    expect(alerts.some((n) => n.title === 'Payment failed' && n.body.includes('insufficient funds'))).toBe(true);
    const mail = await server.db.select().from(outbox).where(eq(outbox.to, 'newcustomer@tendwell.test'));
    expect(mail.some((m) => m.subject === 'Tendwell: your payment failed')).toBe(true);
    // The failed cycle is not charged again by the next run.
    await server.services.billingEngine.run();
    expect((await cyclesOf(sub)).filter((c) => c.outcome === 'failed')).toHaveLength(1);
    const read = await call('GET', `/subscriptions/${sub}`, tokens.newcustomer);
    expect(read.body, JSON.stringify(read.body)).toMatchObject({ status: 'suspended' });
    expect((await save('pm_card_visa')).status).toBe(200);
  });

  it('the next successful charge restores the subscription and its visits', async () => {
    await advance(7);
    await relogin();
    await server.services.billingEngine.run();
    expect((await cyclesOf(sub)).at(-1)).toMatchObject({ outcome: 'paid', total: 4980 });
    expect(await statusOf(sub)).toBe('active');
    expect((await cyclesOf(sub)).at(-1)).toMatchObject({ outcome: 'paid', total: 4980 });
    const future = await server.db.select().from(appointments).where(and(eq(appointments.subscriptionId, sub), gte(appointments.startTime, server.clock.now())));
    // Restored visits are active again; visits the schedule added since are pending; none is left suspended.
    expect(future.some((a) => a.status === 'active')).toBe(true);
    expect(future.filter((a) => a.status !== 'active' && a.status !== 'pending')).toEqual([]);
  });
});

describe('credit and the dev clock', () => {
  it("super's credit is used by the next charge, and the balance comes back to zero", async () => {
    await relogin();
    const key = { 'idempotency-key': 'credit-test-0001' };
    const credit = await call('POST', `/admin/credit/${newcustomer}`, tokens.super, { amount: -1000, description: 'Sorry about the missed visit', currency: 'usd' }, key);
    expect(credit).toMatchObject({ status: 201, body: { balance: -1000, adjustment: { amount: -1000, description: 'Sorry about the missed visit' } } });
    // The same key again: one adjustment.
    expect((await call('POST', `/admin/credit/${newcustomer}`, tokens.super, { amount: -1000, description: 'Sorry about the missed visit', currency: 'usd' }, key)).body.balance).toBe(-1000);
    expect((await call('POST', `/admin/credit/${newcustomer}`, tokens.customer, { amount: -1000, description: 'x', currency: 'usd' }, key)).status).toBe(403);
    const long = await call('POST', `/admin/credit/${newcustomer}`, tokens.super, { amount: 5, description: 'x'.repeat(501), currency: 'usd' }, { 'idempotency-key': 'credit-test-0002' });
    expect(long.status).toBe(400);

    // The dev clock: a week later, the engine runs and bills the cycle with the credit taken off.
    const moved = await call('POST', '/dev/clock', undefined, { days: 7 });
    expect(moved.status).toBe(200);
    await relogin();
    expect(moved.body.billing.charged).toBeGreaterThanOrEqual(1);
    const [sub] = await server.db.select().from(subscriptions).where(eq(subscriptions.customerAccountId, newcustomer));
    const last = (await cyclesOf(sub!.id)).at(-1)!;
    expect(last).toMatchObject({ outcome: 'paid', credit: 1000, total: 3980 });
    expect((await call('GET', `/admin/credit/${newcustomer}`, tokens.super)).body.balance).toBe(0);
    expect((await call('POST', '/dev/clock', undefined, { days: -1 })).status).toBe(400);
  });
});

describe('invoices of the billing screens', () => {
  it('each billed cycle is an invoice (paid, or declined with the reason), and the upcoming one shows what comes next', async () => {
    await relogin();
    const [sub] = await server.db.select().from(subscriptions).where(eq(subscriptions.customerAccountId, newcustomer));
    const res = await call('GET', `/customer/${newcustomer}/invoice/list/${sub!.id}`, tokens.newcustomer);
    expect(res.status).toBe(200);
    const { upcoming, items } = res.body as { upcoming: Json; items: Json[] };
    expect(upcoming).toMatchObject({ status: 'draft', subscription_id: sub!.id, subtotal: 4600, tax: 380, total: 4980, amount_due: 4980 });
    expect(upcoming.lines[0]).toMatchObject({ description: 'Lawn mowing — Medium lawn, weekly', quantity: 1, amount: 4600 });
    expect(items.map((i) => i.status)).toEqual(['paid', 'paid', 'declined', 'paid']);
    expect(items[2]).toMatchObject({ decline_reason: 'Your card has insufficient funds.', amount_paid: 0, amount_due: 4980 });
    expect(items[0]).toMatchObject({ note: 'Credit applied: $10.00', amount_paid: 3980, total: 4980 });
    const latest = items[0]!;
    expect(latest.invoice_id).toMatch(/^TW-\d{6}$/);
    // The receipt.
    const receipt = await call('GET', `/invoice/${latest._id}`, tokens.newcustomer);
    expect(receipt).toMatchObject({ status: 200, body: { _id: latest._id, status: 'paid', paid_at: expect.any(String) } });
    expect((await call('GET', `/invoice/${latest._id}`, tokens.customer)).status).toBe(404);
    expect((await call('GET', `/customer/${newcustomer}/invoice/list/${sub!.id}`, tokens.customer)).status).toBe(404);
    const mine = await call('GET', '/invoices?pageSize=2', tokens.newcustomer);
    expect(mine.body.total).toBe(4);
    expect(mine.body.items).toHaveLength(2);
  });

  it('a plan change moves the next charge: the upcoming invoice shows the new price', async () => {
    const [sub] = await server.db.select().from(subscriptions).where(eq(subscriptions.customerAccountId, newcustomer));
    const changed = await server.app.inject({
      method: 'PUT',
      url: '/api/subscriptions/update',
      payload: { subscription_id: sub!.id, frequency: 'biweek', plan_id: 'mowing-medium-biweek' },
      headers: bearer(tokens.newcustomer!),
    });
    expect(changed.statusCode).toBe(200);
    const res = await call('GET', `/customer/${newcustomer}/invoice/list/${sub!.id}`, tokens.newcustomer);
    // 5200 + 8.25 % (429) = 5629.
    expect(res.body.upcoming).toMatchObject({ subtotal: 5200, tax: 429, total: 5629 });
    expect(res.body.upcoming.lines[0]).toMatchObject({ amount: 5200 });
  });
});
