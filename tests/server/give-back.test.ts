/**
 * Give-back and earnings ledgers (issue 9) on the real server and database: completing a visit writes the
 * vendor's earning and, for a customer who supports affiliates, $1 of give-back split by the contribution
 * percentages — exactly once per serviced visit, whatever sequence of completions, reinstatements and
 * retries reaches the server (a fast-check property over real requests).
 */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { appointments, auditLog, customerContributions, visitLedger } from '../../server/db/schema';
import { DEMO_BOOKINGS, DEMO_CONTRIBUTIONS, demoAppointmentRecord, demoId } from '../../server/db/seed';
import { splitGiveBack } from '../../src/core/rules/give-back';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const tokens = {} as Record<'customer' | 'vendor' | 'organization' | 'super', string>;
const AFFILIATE = demoId('account:affiliate');
const MULTI_AFFILIATE = demoId('account:multi-affiliate');
const NEW_CUSTOMER = demoId('account:newcustomer');
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  for (const key of ['customer', 'vendor', 'organization', 'super'] as const) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(async () => server?.close());

const call = async (method: 'POST' | 'PUT', path: string, token: string, payload: object = {}) => {
  const res = await server.app.inject({ method, url: `/api${path}`, headers: bearer(token), payload });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const complete = (id: string, token = tokens.vendor) => call('POST', '/appointments/complete', token, { appointment_id: id, note: 'Mowed and edged.' });

/** A visit of vendor@ starting `hours` after the test clock (within the 7-day completion window). */
const visit = async (fields: Partial<typeof appointments.$inferInsert> = {}, hours = 24) => {
  const id = newId();
  await server.db
    .insert(appointments)
    .values(demoAppointmentRecord({ id, status: 'active', startTime: new Date(server.clock.now().getTime() + hours * HOUR), createdAt: server.clock.now(), ...fields }));
  return id;
};

const ledgerOf = async (id: string) => {
  const rows = await server.db.select().from(visitLedger).where(eq(visitLedger.appointmentId, id));
  return {
    earnings: rows.filter((r) => r.kind === 'vendor_earning').map((r) => ({ account: r.accountId, amount: r.amount })),
    giveBack: rows
      .filter((r) => r.kind === 'give_back')
      .map((r) => ({ account: r.accountId, amount: r.amount }))
      .sort((a, b) => (a.account < b.account ? -1 : 1)),
  };
};

/** customer@'s seeded split: 60% and 30% of $1 → 67 and 33 cents. */
const SEEDED_SPLIT = [
  { account: AFFILIATE, amount: 67 },
  { account: MULTI_AFFILIATE, amount: 33 },
].sort((a, b) => (a.account < b.account ? -1 : 1));

describe('completing a visit writes its earning and give-back', () => {
  it("the vendor's earning (the visit's price) and $1 split 67/33 by customer@'s 60% and 30%, with the completion's audit row", async () => {
    expect(DEMO_CONTRIBUTIONS).toEqual([
      ['affiliate', 60],
      ['multi-affiliate', 30],
    ]);
    const id = await visit({ price: 4200 });
    const res = await complete(id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('complete');
    expect(await ledgerOf(id)).toEqual({ earnings: [{ account: DEMO_BOOKINGS.vendor, amount: 4200 }], giveBack: SEEDED_SPLIT });
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(audit.map((a) => [a.event, a.fromState, a.toState])).toEqual([['appointment.complete', 'active', 'complete']]);
  });

  it('a customer who supports no affiliate gives nothing back; the vendor still earns', async () => {
    const id = await visit({ customerAccountId: NEW_CUSTOMER, price: 3500 });
    expect((await complete(id)).status).toBe(200);
    expect(await ledgerOf(id)).toEqual({ earnings: [{ account: DEMO_BOOKINGS.vendor, amount: 3500 }], giveBack: [] });
  });

  it('an organization completing a visit with no vendor assigned: the organization earns', async () => {
    const id = await visit({ vendorAccountId: null, price: 5000 });
    expect((await complete(id, tokens.organization)).status).toBe(200);
    expect((await ledgerOf(id)).earnings).toEqual([{ account: DEMO_BOOKINGS.organization, amount: 5000 }]);
  });

  it('a refused completion writes nothing: the customer (403), a visit 8 days out (409), a canceled visit (409)', async () => {
    const mine = await visit();
    expect((await complete(mine, tokens.customer)).status).toBe(403);
    const far = await visit({}, 8 * 24);
    expect((await complete(far)).status).toBe(409);
    const canceled = await visit({ status: 'canceled' });
    expect((await complete(canceled)).status).toBe(409);
    for (const id of [mine, far, canceled]) expect(await ledgerOf(id)).toEqual({ earnings: [], giveBack: [] });
  });

  it('a retried completion is refused (409, already complete) and the ledger keeps one earning and one $1', async () => {
    const id = await visit();
    expect((await complete(id)).status).toBe(200);
    const retry = await complete(id);
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe('illegal_transition');
    expect(await ledgerOf(id)).toEqual({ earnings: [{ account: DEMO_BOOKINGS.vendor, amount: 3500 }], giveBack: SEEDED_SPLIT });
  });

  it('the unique key holds even when the visit is put back to active behind the chart and completed again after the split changed', async () => {
    const id = await visit();
    expect((await complete(id)).status).toBe(200);
    // Not a chart transition: a restore from backup or a hand fix in the database. The ledger must not pay twice.
    await server.db.update(appointments).set({ status: 'active' }).where(eq(appointments.id, id));
    await server.db.insert(customerContributions).values({ customerAccountId: DEMO_BOOKINGS.customer, affiliateAccountId: demoId('account:vendor'), percentage: 5, createdAt: server.clock.now() });
    try {
      expect((await complete(id)).status).toBe(200);
      expect(await ledgerOf(id)).toEqual({ earnings: [{ account: DEMO_BOOKINGS.vendor, amount: 3500 }], giveBack: SEEDED_SPLIT });
    } finally {
      await server.db.delete(customerContributions).where(eq(customerContributions.affiliateAccountId, demoId('account:vendor')));
    }
  });

  it('two completions racing: one succeeds, and the visit is settled once', async () => {
    const id = await visit();
    const results = await Promise.all([complete(id), complete(id, tokens.organization)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ledgerOf(id)).toEqual({ earnings: [{ account: DEMO_BOOKINGS.vendor, amount: 3500 }], giveBack: SEEDED_SPLIT });
  });

  it('the seeded completed visit has its ledger rows, made by the same split rule', async () => {
    const seeded = await ledgerOf(demoId('appointment:customer-completed'));
    expect(seeded).toEqual({ earnings: [{ account: DEMO_BOOKINGS.vendor, amount: 3500 }], giveBack: SEEDED_SPLIT });
    const rule = splitGiveBack(DEMO_CONTRIBUTIONS.map(([k, percentage]) => ({ affiliateAccountId: demoId(`account:${k}`), percentage })));
    expect(rule.map((c) => ({ account: c.affiliateAccountId, amount: c.cents }))).toEqual(SEEDED_SPLIT);
  });
});

// ── the property ──────────────────────────────────────────────────────────────────────────────────────

type Step = 'complete' | 'retry' | 'race' | 'exception' | 'reinstate' | 'reopen';
const STEP: fc.Arbitrary<Step> = fc.constantFrom('complete', 'retry', 'race', 'exception', 'reinstate', 'reopen');

describe('property: the give-back ledger is exactly once under any sequence of complete, reinstate and retry', () => {
  it('after any sequence, a visit that was ever completed has one earning and give-back summing to $1; one never completed has none', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(STEP, { minLength: 1, maxLength: 8 }), async (steps) => {
        const id = await visit();
        let completedOnce = false;
        let last: (() => Promise<{ status: number }>) | null = null;
        for (const step of steps) {
          let statuses: number[] = [];
          if (step === 'complete') {
            last = () => complete(id);
            statuses = [(await last()).status];
          } else if (step === 'retry') {
            statuses = last ? [(await last()).status] : [];
          } else if (step === 'race') {
            statuses = (await Promise.all([complete(id), complete(id, tokens.organization)])).map((r) => r.status);
          } else if (step === 'exception') {
            last = () => call('PUT', `/appointments/exception/${id}`, tokens.vendor, { note: 'Gate locked.' });
            statuses = [(await last()).status];
          } else if (step === 'reinstate') {
            last = () => call('PUT', `/appointments/reinstate/${id}`, tokens.organization);
            statuses = [(await last()).status];
          } else {
            // Behind the chart's back (a restore, a hand fix): the ledger's unique key is then the only guard.
            await server.db.update(appointments).set({ status: 'active' }).where(eq(appointments.id, id));
          }
          for (const s of statuses) expect([200, 409]).toContain(s);
          const [row] = await server.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
          if (row!.status === 'complete') completedOnce = true;
        }
        const ledger = await ledgerOf(id);
        if (completedOnce) {
          expect(ledger.earnings).toEqual([{ account: DEMO_BOOKINGS.vendor, amount: 3500 }]);
          expect(ledger.giveBack).toEqual(SEEDED_SPLIT);
          expect(ledger.giveBack.reduce((a, g) => a + g.amount, 0)).toBe(100);
        } else {
          expect(ledger).toEqual({ earnings: [], giveBack: [] });
        }
      }),
      { numRuns: 30, seed: 20261125 },
    );
  }, 120_000);
});
