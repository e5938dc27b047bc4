/**
 * Demo transfers and payouts (issue 11 "Money"): organization@ (Greenway Lawn Co.) has been paid every week for the
 * last 26 weeks — one transfer per closed week to its connected account, and one payout of it to its bank. They are
 * starting data in their final status (no audit rows), like the seeded invoices. The ledger earnings of the seeded
 * completed visits are listed in the transfer of their week (so the job does not pay them again); the seeded
 * amounts also stand for the team's earlier work, from before the demo's ledger. One transfer failed (a closed
 * bank account at the time, 15 weeks ago) and has no payout; the latest payout is still in transit.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import { addDays, lastClosedPeriod, PERIOD_DAYS } from '../../src/core/rules/payouts';
import type { Db } from './client';
import { payouts, sandboxMoneyMovements, transferItems, transfers, vendorOrganizations, visitLedger } from './schema';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const DEMO_TRANSFER_WEEKS = 26;
/** Weeks ago (1 = the last closed week) whose transfer failed. */
export const DEMO_FAILED_TRANSFER_WEEK = 15;
const HOUR = 3_600_000;

/** A lived-in weekly amount (cents, whole dollars): busier and quieter weeks around a slow rise. */
const weeklyAmount = (weeksAgo: number): number =>
  Math.round((16000 + 4500 * Math.sin(weeksAgo / 3) + ((weeksAgo * 7919) % 7) * 900 + (DEMO_TRANSFER_WEEKS - weeksAgo) * 250) / 100) * 100;

export const seedPayouts = async (tx: SeedTx, now: Date, demoId: (name: string) => string): Promise<void> => {
  const organization = demoId('account:organization');
  const destination = 'acct_demo_organization';
  const today = now.toISOString().slice(0, 10);
  const last = lastClosedPeriod(now);
  for (let weeksAgo = 1; weeksAgo <= DEMO_TRANSFER_WEEKS; weeksAgo++) {
    const periodStart = addDays(last.start, -(weeksAgo - 1) * PERIOD_DAYS);
    const periodEnd = addDays(periodStart, PERIOD_DAYS);
    // The job runs in the night after the week closes.
    const created = new Date(Date.parse(`${periodEnd}T00:00:00Z`) + 2 * HOUR);
    const failed = weeksAgo === DEMO_FAILED_TRANSFER_WEEK;
    // The seeded ledger earnings of the organization's vendors in that week.
    const earned = failed
      ? []
      : await tx
          .select({ id: visitLedger.id, amount: visitLedger.amount })
          .from(visitLedger)
          .innerJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, visitLedger.accountId))
          .where(
            and(
              eq(visitLedger.kind, 'vendor_earning'),
              eq(vendorOrganizations.organizationAccountId, organization),
              gte(visitLedger.createdAt, new Date(`${periodStart}T00:00:00Z`)),
              lt(visitLedger.createdAt, new Date(`${periodEnd}T00:00:00Z`)),
            ),
          );
    const amount = weeklyAmount(weeksAgo) + earned.reduce((sum, e) => sum + e.amount, 0);
    const transferId = demoId(`transfer:${weeksAgo}`);
    await tx.insert(transfers).values({
      id: transferId,
      accountId: organization,
      periodStart,
      periodEnd,
      amount,
      status: failed ? 'failed' : 'paid',
      destination,
      idempotencyKey: `transfer:${organization}:${periodStart}`,
      providerTransferId: failed ? null : `tr_demo_${weeksAgo}`,
      failureMessage: failed ? 'The connected account cannot receive transfers or payouts.' : null,
      createdAt: created,
      updatedAt: created,
    });
    if (earned.length) await tx.insert(transferItems).values(earned.map((e) => ({ ledgerId: e.id, transferId })));
    if (failed) continue;
    const sent = new Date(created.getTime() + HOUR);
    const arrivalDate = addDays(periodEnd, 2);
    const arrived = arrivalDate <= today;
    const providerPayoutId = `po_demo_${weeksAgo}`;
    await tx.insert(payouts).values({
      id: demoId(`payout:${weeksAgo}`),
      accountId: organization,
      transferId,
      periodStart,
      amount,
      status: arrived ? 'paid' : 'in_transit',
      source: destination,
      idempotencyKey: `payout:${organization}:${periodStart}`,
      providerPayoutId,
      arrivalDate,
      bankLast4: '6789',
      failureMessage: null,
      createdAt: sent,
      updatedAt: arrived ? new Date(`${arrivalDate}T09:00:00Z`) : sent,
    });
    // A payout still in transit is known to the sandbox provider, which settles it when its day comes.
    if (!arrived) {
      await tx.insert(sandboxMoneyMovements).values({ id: providerPayoutId, kind: 'payout', idempotencyKey: `payout:${organization}:${periodStart}`, account: destination, amount, arrivalDate, createdAt: sent });
    }
  }
};
