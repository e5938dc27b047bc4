/**
 * Transfers and payouts (issue 11 "Money"; docs/design.md#money): the scheduled job, and the organization's reports.
 *
 * The job (`run`, called with the billing engine by the server's timer and by POST /api/dev/clock) follows the
 * clock port. When a period (a week, src/core/rules/payouts.ts) has closed:
 *  1. CLAIM: every earner (an organization for its vendors' visits, or an independent vendor) with visit-ledger
 *     earnings not yet transferred from before the period's end gets one transfer, created `pending` through the
 *     transfer chart, with its earnings listed in `transfer_items` — in one transaction. The unique index on
 *     (account, period) makes the claim once per period: a second process's insert finds the row and rolls back,
 *     and each earning can be listed once (transfer_items' primary key).
 *  2. SEND: each pending transfer goes to the payment provider with the idempotency key `transfer:<account>:<period>`
 *     (a retry after a crash, or two processes sending at once, moves the money once), then `transfer.sent` or
 *     `transfer.fail` (the earnings of a failed transfer are released for the next period).
 *  3. PAY OUT: each paid transfer gets one payout (unique per transfer), sent with its own key → `in_transit`.
 *  4. SETTLE: an in-transit payout whose arrival day has come is asked about → `payout.arrived` or `payout.fail`.
 * An earner without a connected account (settings.stripe_id) is not claimed: its earnings wait until it has one.
 *
 * The reports (GET organization/{id}/transfers, …-summary, payouts, …-summary, csv/{report}) read the rows of a
 * range of days (UTC), newest first; the CSV is exactly the rows of the list for the same range.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { addDays, lastClosedPeriod, reportRange, reportRangeProblem, utcDay } from '../../src/core/rules/payouts';
import { PaymentProviderError, type PaymentProvider } from '../adapters/payments/port';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { accounts, payouts, transferItems, transfers, vendorOrganizations, visitLedger } from '../db/schema';
import { HttpError, badRequest, notFound } from '../errors';
import { PeriodAlreadyClaimed, type Actor, type PayoutRow, type TransferRow, type TransitionService } from './transitions';

const SYSTEM: Actor = { userId: null, accountId: null, role: 'system' };

export interface PayoutRunReport {
  /** Transfers claimed (created) by this run. */
  readonly claimed: number;
  readonly transferred: number;
  readonly paidOut: number;
  readonly arrived: number;
  readonly failed: number;
}

export interface ReportQuery {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly page?: number | undefined;
  readonly pageSize?: number | undefined;
}

export interface TransferWire {
  readonly _id: string;
  readonly amount: number;
  readonly currency: 'usd';
  readonly status: TransferRow['status'];
  readonly description: string;
  readonly period_start: string;
  readonly period_end: string;
  readonly created: string;
}

export interface PayoutWire {
  readonly _id: string;
  readonly amount: number;
  readonly currency: 'usd';
  readonly status: PayoutRow['status'];
  readonly arrival_date?: string;
  readonly bank_last4?: string;
  readonly period_start: string;
  readonly transfer_id: string;
  readonly created: string;
}

export interface MoneySummaryWire {
  readonly count: number;
  readonly amount: number;
  readonly currency: 'usd';
  readonly from: string;
  readonly to: string;
}

type Report = 'transfers' | 'payouts';

export interface PayoutService {
  /** One run of the job at the clock's time; safe to run at once in several processes. */
  run(): Promise<PayoutRunReport>;
  transfers(auth: AuthContext, organizationId: string, query: ReportQuery): Promise<{ items: TransferWire[]; total: number }>;
  transfersSummary(auth: AuthContext, organizationId: string, query: ReportQuery): Promise<MoneySummaryWire>;
  payouts(auth: AuthContext, organizationId: string, query: ReportQuery): Promise<{ items: PayoutWire[]; total: number }>;
  payoutsSummary(auth: AuthContext, organizationId: string, query: ReportQuery): Promise<MoneySummaryWire>;
  /** The CSV of a report: a header row, then exactly the rows the list shows for the same range. */
  csv(auth: AuthContext, organizationId: string, report: string, query: ReportQuery): Promise<string>;
}

/** What a row of each report says, in the order of the table's columns (the CSV's too). */
export const TRANSFER_CSV_HEADER = ['Date', 'Period start', 'Period end', 'Amount (USD)', 'Status', 'Transfer id'] as const;
export const PAYOUT_CSV_HEADER = ['Date', 'Arrival date', 'Amount (USD)', 'Status', 'Bank account', 'Payout id'] as const;

const dollars = (cents: number): string => (cents / 100).toFixed(2);

export const transferWire = (row: TransferRow): TransferWire => ({
  _id: row.id,
  amount: row.amount,
  currency: 'usd',
  status: row.status,
  description: `Earnings of the week of ${row.periodStart}`,
  period_start: row.periodStart,
  period_end: addDays(row.periodEnd, -1),
  created: row.createdAt.toISOString(),
});

export const payoutWire = (row: PayoutRow): PayoutWire => ({
  _id: row.id,
  amount: row.amount,
  currency: 'usd',
  status: row.status,
  ...(row.arrivalDate ? { arrival_date: row.arrivalDate } : {}),
  ...(row.bankLast4 ? { bank_last4: row.bankLast4 } : {}),
  period_start: row.periodStart,
  transfer_id: row.transferId,
  created: row.createdAt.toISOString(),
});

/** The CSV of rows as the lists answer them (csv-stringify quotes what needs quoting). */
export const transfersCsv = (items: readonly TransferWire[]): string =>
  stringify([[...TRANSFER_CSV_HEADER], ...items.map((t) => [t.created.slice(0, 10), t.period_start, t.period_end, dollars(t.amount), t.status, t._id])]);
export const payoutsCsv = (items: readonly PayoutWire[]): string =>
  stringify([[...PAYOUT_CSV_HEADER], ...items.map((p) => [p.created.slice(0, 10), p.arrival_date ?? '', dollars(p.amount), p.status, p.bank_last4 ? `•••• ${p.bank_last4}` : '', p._id])]);

/** Money that moved (or is moving): the summaries leave out failed, reversed and canceled rows. */
const MOVED_TRANSFER = ['pending', 'paid'] as const;
const MOVED_PAYOUT = ['pending', 'in_transit', 'paid'] as const;

const isRefusal = (error: unknown): boolean => error instanceof HttpError && error.status === 409;

export const createPayoutService = ({ db, clock, provider, transitions }: { db: Db; clock: Clock; provider: PaymentProvider; transitions: TransitionService }): PayoutService => {
  /** Earnings not yet transferred, from before `cutoff`, by who is paid for them. */
  const owed = async (cutoff: Date) => {
    const payee = sql<string>`coalesce(${vendorOrganizations.organizationAccountId}, ${visitLedger.accountId})`;
    const rows = await db
      .select({ id: visitLedger.id, amount: visitLedger.amount, payee })
      .from(visitLedger)
      .leftJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, visitLedger.accountId))
      .leftJoin(transferItems, eq(transferItems.ledgerId, visitLedger.id))
      .where(and(eq(visitLedger.kind, 'vendor_earning'), isNull(transferItems.ledgerId), lt(visitLedger.createdAt, cutoff)))
      .orderBy(asc(visitLedger.createdAt));
    const byPayee = new Map<string, { ids: string[]; amount: number }>();
    for (const row of rows) {
      const entry = byPayee.get(row.payee) ?? { ids: [], amount: 0 };
      entry.ids.push(row.id);
      entry.amount += row.amount;
      byPayee.set(row.payee, entry);
    }
    return byPayee;
  };

  const connectedAccountOf = async (accountId: string): Promise<string | null> => {
    const [row] = await db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
    return row?.settings.stripe_id ?? null;
  };

  /** Step 1: one transfer per earner for the last closed period. */
  const claim = async (): Promise<number> => {
    const period = lastClosedPeriod(clock.now());
    const cutoff = new Date(`${period.end}T00:00:00Z`);
    let claimed = 0;
    for (const [accountId, { ids, amount }] of await owed(cutoff)) {
      if (amount <= 0) continue;
      const destination = await connectedAccountOf(accountId);
      if (!destination) continue;
      try {
        await db.transaction(async (tx) => {
          const { row } = await transitions.create('transfer', {
            auth: SYSTEM,
            requestId: `payouts:${period.start}`,
            event: { type: 'transfer.create' },
            values: { id: newId(), accountId, periodStart: period.start, periodEnd: period.end, amount, destination, idempotencyKey: `transfer:${accountId}:${period.start}` },
            tx,
          });
          const listed = await tx
            .insert(transferItems)
            .values(ids.map((ledgerId) => ({ ledgerId, transferId: row.id })))
            .onConflictDoNothing()
            .returning();
          // Another run listed some of these earnings first: this claim is not right any more; the next run redoes it.
          if (listed.length !== ids.length) throw new PeriodAlreadyClaimed();
        });
        claimed++;
      } catch (error) {
        if (!(error instanceof PeriodAlreadyClaimed)) throw error;
      }
    }
    return claimed;
  };

  /** Step 2: send every pending transfer (the same key every time, so at most once at the provider). */
  const send = async (): Promise<{ sent: number; failed: number }> => {
    let sent = 0;
    let failed = 0;
    const pending = await db.select().from(transfers).where(eq(transfers.status, 'pending')).orderBy(asc(transfers.createdAt));
    for (const t of pending) {
      try {
        const result = await provider.transfer({
          destination: t.destination,
          amountCents: t.amount,
          currency: 'usd',
          description: `Tendwell earnings, week of ${t.periodStart}`,
          group: `period:${t.periodStart}`,
          idempotencyKey: t.idempotencyKey,
        });
        await transitions.change('transfer', { auth: SYSTEM, requestId: `payouts:${t.periodStart}`, target: t.id, event: { type: 'transfer.sent' }, changes: { providerTransferId: result.transferId } });
        sent++;
      } catch (error) {
        if (isRefusal(error)) continue; // another process recorded it first
        if (!(error instanceof PaymentProviderError)) throw error;
        try {
          await db.transaction(async (tx) => {
            await transitions.change('transfer', { auth: SYSTEM, requestId: `payouts:${t.periodStart}`, target: t.id, event: { type: 'transfer.fail' }, changes: { failureMessage: error.message }, tx });
            // Its earnings are not paid: a later period's transfer takes them.
            await tx.delete(transferItems).where(eq(transferItems.transferId, t.id));
          });
          failed++;
        } catch (again) {
          if (!isRefusal(again)) throw again;
        }
      }
    }
    return { sent, failed };
  };

  /** Step 3: one payout per paid transfer, sent at once. */
  const payOut = async (): Promise<{ paidOut: number; failed: number }> => {
    let paidOut = 0;
    let failed = 0;
    const due = await db
      .select({ transfer: transfers })
      .from(transfers)
      .leftJoin(payouts, eq(payouts.transferId, transfers.id))
      .where(and(eq(transfers.status, 'paid'), isNull(payouts.id)))
      .orderBy(asc(transfers.createdAt));
    for (const { transfer: t } of due) {
      try {
        await transitions.create('payout', {
          auth: SYSTEM,
          requestId: `payouts:${t.periodStart}`,
          event: { type: 'payout.create' },
          values: { id: newId(), accountId: t.accountId, transferId: t.id, periodStart: t.periodStart, amount: t.amount, source: t.destination, idempotencyKey: `payout:${t.accountId}:${t.periodStart}` },
        });
      } catch (error) {
        if (!(error instanceof PeriodAlreadyClaimed)) throw error;
      }
    }
    const pending = await db.select().from(payouts).where(eq(payouts.status, 'pending')).orderBy(asc(payouts.createdAt));
    for (const p of pending) {
      const requestId = `payouts:${p.periodStart}`;
      try {
        const result = await provider.payout({ source: p.source, amountCents: p.amount, currency: 'usd', description: `Tendwell payout, week of ${p.periodStart}`, idempotencyKey: p.idempotencyKey });
        const changes = { providerPayoutId: result.payoutId, arrivalDate: result.arrivalDate, bankLast4: result.bankLast4 };
        if (result.status === 'failed' || result.status === 'canceled') {
          await transitions.change('payout', { auth: SYSTEM, requestId, target: p.id, event: { type: 'payout.fail' }, changes: { ...changes, failureMessage: result.failureMessage ?? 'The payout failed.' } });
          failed++;
          continue;
        }
        await transitions.change('payout', { auth: SYSTEM, requestId, target: p.id, event: { type: 'payout.sent' }, changes });
        if (result.status === 'paid') await transitions.change('payout', { auth: SYSTEM, requestId, target: p.id, event: { type: 'payout.arrived' } });
        paidOut++;
      } catch (error) {
        if (isRefusal(error)) continue;
        if (!(error instanceof PaymentProviderError)) throw error;
        try {
          await transitions.change('payout', { auth: SYSTEM, requestId, target: p.id, event: { type: 'payout.fail' }, changes: { failureMessage: error.message } });
          failed++;
        } catch (again) {
          if (!isRefusal(again)) throw again;
        }
      }
    }
    return { paidOut, failed };
  };

  /** Step 4: in-transit payouts whose arrival day has come. */
  const settle = async (): Promise<{ arrived: number; failed: number }> => {
    let arrived = 0;
    let failed = 0;
    const today = utcDay(clock.now());
    const travelling = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.status, 'in_transit'), lte(payouts.arrivalDate, today)));
    for (const p of travelling) {
      if (!p.providerPayoutId) continue;
      try {
        const result = await provider.payoutStatus(p.source, p.providerPayoutId);
        const requestId = `payouts:${p.periodStart}`;
        if (result.status === 'paid') {
          await transitions.change('payout', { auth: SYSTEM, requestId, target: p.id, event: { type: 'payout.arrived' } });
          arrived++;
        } else if (result.status === 'failed' || result.status === 'canceled') {
          await transitions.change('payout', { auth: SYSTEM, requestId, target: p.id, event: { type: 'payout.fail' }, changes: { failureMessage: result.failureMessage ?? 'The payout failed.' } });
          failed++;
        }
      } catch (error) {
        if (!isRefusal(error) && !(error instanceof PaymentProviderError)) throw error;
      }
    }
    return { arrived, failed };
  };

  // ── the reports ──

  /** The organization the caller may read: its own (another organization's is 404), any for staff. */
  const organizationFor = async (auth: AuthContext, organizationId: string) => {
    if (auth.role === 'organization' && auth.accountId !== organizationId) throw notFound('Organization not found');
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, organizationId), eq(accounts.type, 'organization')));
    if (!row) throw notFound('Organization not found');
    return row.id;
  };

  const rangeOf = (query: ReportQuery) => {
    const range = reportRange(query, utcDay(clock.now()));
    const problem = reportRangeProblem(range.from, range.to);
    if (problem) throw badRequest(problem.message, problem.code);
    return { ...range, start: new Date(`${range.from}T00:00:00Z`), end: new Date(`${addDays(range.to, 1)}T00:00:00Z`) };
  };

  const transferRows = async (auth: AuthContext, organizationId: string, query: ReportQuery) => {
    const id = await organizationFor(auth, organizationId);
    const range = rangeOf(query);
    const where = and(eq(transfers.accountId, id), gte(transfers.createdAt, range.start), lt(transfers.createdAt, range.end));
    return { range, where };
  };

  const payoutRows = async (auth: AuthContext, organizationId: string, query: ReportQuery) => {
    const id = await organizationFor(auth, organizationId);
    const range = rangeOf(query);
    const where = and(eq(payouts.accountId, id), gte(payouts.createdAt, range.start), lt(payouts.createdAt, range.end));
    return { range, where };
  };

  const pageOf = (query: ReportQuery) => {
    const pageSize = query.pageSize ?? 10;
    return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize };
  };

  const service: PayoutService = {
    async run() {
      const claimed = await claim();
      const transfer = await send();
      const out = await payOut();
      const settled = await settle();
      return { claimed, transferred: transfer.sent, paidOut: out.paidOut, arrived: settled.arrived, failed: transfer.failed + out.failed + settled.failed };
    },

    async transfers(auth, organizationId, query) {
      const { where } = await transferRows(auth, organizationId, query);
      const { limit, offset } = pageOf(query);
      const rows = await db.select().from(transfers).where(where).orderBy(desc(transfers.createdAt), desc(transfers.id)).limit(limit).offset(offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(transfers).where(where);
      return { items: rows.map(transferWire), total: count?.n ?? 0 };
    },

    async transfersSummary(auth, organizationId, query) {
      const { range, where } = await transferRows(auth, organizationId, query);
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${transfers.amount}) filter (where ${inArray(transfers.status, [...MOVED_TRANSFER])}), 0)::int` })
        .from(transfers)
        .where(where);
      return { count: row?.n ?? 0, amount: row?.amount ?? 0, currency: 'usd', from: range.from, to: range.to };
    },

    async payouts(auth, organizationId, query) {
      const { where } = await payoutRows(auth, organizationId, query);
      const { limit, offset } = pageOf(query);
      const rows = await db.select().from(payouts).where(where).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(limit).offset(offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(payouts).where(where);
      return { items: rows.map(payoutWire), total: count?.n ?? 0 };
    },

    async payoutsSummary(auth, organizationId, query) {
      const { range, where } = await payoutRows(auth, organizationId, query);
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${payouts.amount}) filter (where ${inArray(payouts.status, [...MOVED_PAYOUT])}), 0)::int` })
        .from(payouts)
        .where(where);
      return { count: row?.n ?? 0, amount: row?.amount ?? 0, currency: 'usd', from: range.from, to: range.to };
    },

    async csv(auth, organizationId, report, query) {
      if (report !== 'transfers' && report !== 'payouts') throw badRequest(`The ${report} report has no CSV export yet`, 'invalid_request');
      // Every row of the range, in the list's order (the list pages the same rows).
      const all = { from: query.from, to: query.to, page: 1, pageSize: 100_000 };
      if ((report as Report) === 'transfers') return transfersCsv((await service.transfers(auth, organizationId, all)).items);
      return payoutsCsv((await service.payouts(auth, organizationId, all)).items);
    },
  };
  return service;
};
