/**
 * Transfers and payouts (issue 11 "Money"): a completed visit's earning is transferred to the organization's
 * connected account once the week has closed — exactly once, even with two server processes running the job at
 * the same time — and paid out to its bank; every status change is an audit row of the transfer or payout chart.
 * The organization reads its own transfers and payouts (a vendor or another organization is refused), over a
 * range of at most 366 days, and the CSV download has exactly the rows of the list.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { accounts, auditLog, payouts, transferItems, transfers, visitLedger } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { DEMO_TRANSFER_WEEKS } from '../../server/db/seed-payouts';
import { createServices } from '../../server/services/container';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY = 86_400_000;
const organization = demoId('account:organization');
let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  // pending-organization@ is "another organization" here: approved, so its calls reach the ownership checks.
  await approvePendingOrganization(server.app);
  for (const who of ['organization', 'pending-organization', 'vendor', 'super', 'customer']) tokens[who] = await login(server.app, `${who}@tendwell.test`);
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').startsWith('application/json') ? res.json() : res.body) as Json, headers: res.headers };
};

const relogin = async () => {
  for (const who of Object.keys(tokens)) tokens[who] = await login(server.app, `${who}@tendwell.test`);
};

/** A CSV body as rows of fields (our reports have no quoted commas or newlines). */
const rowsOf = (csv: string) =>
  csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(',').map((f) => f.replace(/^"|"$/g, '')));

describe('the organization reads its transfers and payouts', () => {
  it('the demo organization has a lived-in history: weekly transfers, and payouts of the paid ones', async () => {
    const list = await call('GET', `/organization/${organization}/transfers?pageSize=100`, tokens.organization);
    expect(list.status).toBe(200);
    // The default range is the 3-months shortcut: the last 90 days hold 12 or 13 weekly transfers.
    expect(list.body.total).toBeGreaterThanOrEqual(12);
    expect(list.body.items).toHaveLength(list.body.total);
    const created = list.body.items.map((t: Json) => t.created);
    expect([...created].sort().reverse()).toEqual(created); // newest first
    const summary = await call('GET', `/organization/${organization}/transfers-summary`, tokens.organization);
    expect(summary.body).toMatchObject({ count: list.body.total, currency: 'usd', amount: list.body.items.filter((t: Json) => t.status === 'paid').reduce((s: number, t: Json) => s + t.amount, 0) });
    const year = await call('GET', `/organization/${organization}/transfers?from=2025-06-02&to=2026-06-01&pageSize=100`, tokens.organization);
    expect(year.body.total).toBe(DEMO_TRANSFER_WEEKS);
    expect(year.body.items.map((t: Json) => t.status)).toContain('failed');
    const paidOut = await call('GET', `/organization/${organization}/payouts?from=2025-06-02&to=2026-06-01&pageSize=100`, tokens.organization);
    expect(paidOut.body.total).toBe(DEMO_TRANSFER_WEEKS - 1);
    expect(paidOut.body.items[0]).toMatchObject({ status: 'in_transit', bank_last4: '6789' });
  });

  it('pages of the default size 10', async () => {
    const first = await call('GET', `/organization/${organization}/transfers`, tokens.organization);
    const second = await call('GET', `/organization/${organization}/transfers?page=2`, tokens.organization);
    expect(first.body.items).toHaveLength(10);
    expect(second.body.items.length).toBe(first.body.total - 10);
    expect(second.body.items[0].created < first.body.items[9].created).toBe(true);
  });

  it('the CSV download has exactly the rows of the list for the same range, written by a CSV library', async () => {
    for (const report of ['transfers', 'payouts'] as const) {
      const range = 'from=2026-01-01&to=2026-05-31';
      const list = await call('GET', `/organization/${organization}/${report}?${range}&pageSize=100`, tokens.organization);
      const csv = await call('GET', `/organization/${organization}/csv/${report}?${range}`, tokens.organization);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="${report}-2026-01-01-2026-05-31.csv"`);
      const [header, ...rows] = rowsOf(String(csv.body));
      expect(header![0]).toBe('Date');
      expect(rows.length).toBe(list.body.total);
      expect(rows.map((r) => r.at(-1))).toEqual(list.body.items.map((i: Json) => i._id));
      const amountColumn = report === 'transfers' ? 3 : 2;
      expect(rows.map((r) => r[amountColumn])).toEqual(list.body.items.map((i: Json) => (i.amount / 100).toFixed(2)));
      expect(rows.map((r) => r[0])).toEqual(list.body.items.map((i: Json) => i.created.slice(0, 10)));
    }
  });

  it("a range longer than 366 days, or ending before it starts, is refused with the rule's message", async () => {
    const long = await call('GET', `/organization/${organization}/transfers?from=2025-01-01&to=2026-01-03`, tokens.organization);
    expect({ status: long.status, body: long.body }).toEqual({ status: 400, body: { message: 'The date range is longer than 366 days', code: 'report_range_too_long' } });
    for (const path of ['transfers-summary', 'payouts', 'payouts-summary', 'csv/payouts']) {
      expect((await call('GET', `/organization/${organization}/${path}?from=2024-01-01&to=2026-01-01`, tokens.organization)).status).toBe(400);
    }
    const backwards = await call('GET', `/organization/${organization}/payouts?from=2026-05-01&to=2026-04-01`, tokens.organization);
    expect(backwards.body).toEqual({ message: 'The date range must end after it starts', code: 'range_ends_before_start' });
    expect((await call('GET', `/organization/${organization}/transfers?from=2025-06-01&to=2026-06-01`, tokens.organization)).status).toBe(200);
  });

  it('a vendor or a customer is refused (403); another organization does not find it (404); super reads it', async () => {
    for (const path of ['transfers', 'transfers-summary', 'payouts', 'payouts-summary', 'csv/transfers']) {
      expect((await call('GET', `/organization/${organization}/${path}`, tokens.vendor)).status).toBe(403);
      expect((await call('GET', `/organization/${organization}/${path}`, tokens.customer)).status).toBe(403);
      expect((await call('GET', `/organization/${organization}/${path}`, tokens['pending-organization'])).status).toBe(404);
      expect((await call('GET', `/organization/${organization}/${path}`, undefined)).status).toBe(401);
      expect((await call('GET', `/organization/${organization}/${path}`, tokens.super)).status).toBe(200);
    }
  });
});

describe('the scheduled job: exactly once per period', () => {
  it("a completed visit's earning is transferred once the week closes — once, under two processes — then paid out and arrives", async () => {
    // The organization completes customer@'s next visit (its vendor vendor@ is part of the organization).
    const visit = demoId('appointment:customer-upcoming');
    const done = await call('POST', '/appointments/complete', tokens.organization, { appointment_id: visit, note: 'Mowed.' });
    expect(done.status).toBe(200);
    const [earning] = await server.db.select().from(visitLedger).where(and(eq(visitLedger.appointmentId, visit), eq(visitLedger.kind, 'vendor_earning')));
    expect(earning).toBeDefined();

    // The week has not closed: nothing is transferred.
    const before = await server.db.select().from(transfers).where(eq(transfers.accountId, organization));
    expect(await server.services.payouts.run()).toMatchObject({ claimed: 0 });

    // A week later, two server processes run the job at the same time.
    server.clock.advance(7 * DAY);
    const second = server.databaseUrl ? await openDatabase({ databaseUrl: server.databaseUrl }) : undefined;
    try {
      const other = createServices({ db: second?.db ?? server.db, clock: server.clock, config: server.config, live: server.live });
      const reports = await Promise.all([server.services.payouts.run(), other.payouts.run(), server.services.payouts.run(), other.payouts.run()]);
      expect(reports.reduce((n, r) => n + r.claimed, 0)).toBe(1);
    } finally {
      await second?.close();
    }
    const after = await server.db.select().from(transfers).where(eq(transfers.accountId, organization));
    expect(after).toHaveLength(before.length + 1);
    const fresh = after.find((t) => !before.some((b) => b.id === t.id))!;
    expect(fresh).toMatchObject({ status: 'paid', amount: earning!.amount, periodStart: '2026-06-01', periodEnd: '2026-06-08', destination: 'acct_demo_organization' });
    expect(await server.db.select().from(transferItems).where(eq(transferItems.transferId, fresh.id))).toEqual([{ ledgerId: earning!.id, transferId: fresh.id }]);
    const [payout] = await server.db.select().from(payouts).where(eq(payouts.transferId, fresh.id));
    expect(payout).toMatchObject({ status: 'in_transit', amount: earning!.amount, arrivalDate: '2026-06-10', bankLast4: '6789' });

    // Once more at the same time: nothing new.
    expect(await server.services.payouts.run()).toMatchObject({ claimed: 0, transferred: 0, paidOut: 0 });

    // Two days later the payout has arrived.
    server.clock.advance(2 * DAY);
    expect(await server.services.payouts.run()).toMatchObject({ arrived: 1 });
    expect((await server.db.select().from(payouts).where(eq(payouts.id, payout!.id)))[0]!.status).toBe('paid');

    // Every step is an audit row of the transfer and payout charts, written by the system.
    const trail = await server.db
      .select({ chart: auditLog.chart, event: auditLog.event, from: auditLog.fromState, to: auditLog.toState, role: auditLog.role })
      .from(auditLog)
      .where(inArray(auditLog.recordId, [fresh.id, payout!.id]))
      .orderBy(auditLog.at);
    expect(trail).toEqual([
      { chart: 'transfer', event: 'transfer.create', from: 'new', to: 'pending', role: 'system' },
      { chart: 'transfer', event: 'transfer.sent', from: 'pending', to: 'paid', role: 'system' },
      { chart: 'payout', event: 'payout.create', from: 'new', to: 'pending', role: 'system' },
      { chart: 'payout', event: 'payout.sent', from: 'pending', to: 'in_transit', role: 'system' },
      { chart: 'payout', event: 'payout.arrived', from: 'in_transit', to: 'paid', role: 'system' },
    ]);

    // The organization sees it in its list (the clock moved: sign in again).
    await relogin();
    const list = await call('GET', `/organization/${organization}/transfers?pageSize=1`, tokens.organization);
    expect(list.body.items[0]).toMatchObject({ _id: fresh.id, amount: earning!.amount, status: 'paid', period_start: '2026-06-01', period_end: '2026-06-07' });
  });

  it('an earner without a connected account waits; a refused transfer fails and its earnings go with the next period', async () => {
    const setStripeId = async (stripeId: string | null) => {
      const [row] = await server.db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, organization));
      await server.db.update(accounts).set({ settings: { ...row!.settings, stripe_id: stripeId } }).where(eq(accounts.id, organization));
    };
    await relogin();
    const visit = demoId('appointment:customer-later');
    expect((await call('POST', '/appointments/complete', tokens.organization, { appointment_id: visit, note: 'Mowed.' })).status).toBe(200);
    const [earning] = await server.db.select().from(visitLedger).where(and(eq(visitLedger.appointmentId, visit), eq(visitLedger.kind, 'vendor_earning')));

    // No connected account: nothing is claimed, the earning waits.
    await setStripeId(null);
    server.clock.advance(7 * DAY);
    expect(await server.services.payouts.run()).toMatchObject({ claimed: 0 });

    // A connected account the provider refuses: the transfer fails, says why, and lets go of the earning.
    await setStripeId('acct_sandbox_closed_demo');
    server.clock.advance(7 * DAY);
    expect(await server.services.payouts.run()).toMatchObject({ claimed: 1, transferred: 0, failed: 1 });
    const [failedTransfer] = await server.db.select().from(transfers).where(eq(transfers.destination, 'acct_sandbox_closed_demo'));
    expect(failedTransfer).toMatchObject({ status: 'failed', amount: earning!.amount, failureMessage: 'The connected account cannot receive transfers or payouts.' });
    expect(await server.db.select().from(transferItems).where(eq(transferItems.transferId, failedTransfer!.id))).toEqual([]);
    expect(await server.db.select().from(payouts).where(eq(payouts.transferId, failedTransfer!.id))).toEqual([]);

    // With a working account again, the next period's transfer pays it.
    await setStripeId('acct_demo_organization');
    server.clock.advance(7 * DAY);
    expect(await server.services.payouts.run()).toMatchObject({ claimed: 1, transferred: 1, paidOut: 1 });
    const [item] = await server.db.select().from(transferItems).where(eq(transferItems.ledgerId, earning!.id));
    const [paid] = await server.db.select().from(transfers).where(eq(transfers.id, item!.transferId));
    expect(paid).toMatchObject({ status: 'paid', amount: earning!.amount, destination: 'acct_demo_organization' });
    expect(paid!.periodStart > failedTransfer!.periodStart).toBe(true);
  });
});
