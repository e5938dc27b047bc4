/**
 * The give-back and earnings ledgers (issue 9): what a serviced visit earns, written in the transaction that
 * completes it. `settle` is called with the completed appointment row; the visit_ledger unique indexes make
 * it exactly once per visit however often it runs (a retried request, a visit completed again after being
 * reinstated, two requests racing): the earning row is the visit's claim, and give-back is written only by
 * the call whose earning row was inserted.
 */
import { asc, eq } from 'drizzle-orm';
import { splitGiveBack } from '../../src/core/rules/give-back';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { customerContributions, visitLedger } from '../db/schema';
import type { AppointmentRow } from './transitions';

export type VisitLedgerRow = typeof visitLedger.$inferSelect;

export interface SettleResult {
  /** False when the visit had already been settled (nothing written now). */
  readonly written: boolean;
  readonly rows: readonly VisitLedgerRow[];
}

export interface VisitLedgerService {
  /** Writes the visit's earning and give-back, once; call it inside the completing transaction. */
  settle(tx: Db, row: AppointmentRow, requestId: string | null): Promise<SettleResult>;
  /** Every ledger row of a visit (tests, and later payouts and affiliate reports). */
  ofVisit(appointmentId: string): Promise<VisitLedgerRow[]>;
}

export const createVisitLedgerService = ({ db, clock }: { db: Db; clock: Clock }): VisitLedgerService => ({
  async settle(tx, row, requestId) {
    const earner = row.vendorAccountId ?? row.organizationAccountId;
    if (row.status !== 'complete' || !earner) return { written: false, rows: [] };
    const now = clock.now();
    const base = { appointmentId: row.id, customerAccountId: row.customerAccountId, requestId, createdAt: now };
    // The claim: the earning row. ON CONFLICT DO NOTHING against the partial unique index, so a second
    // settlement (or one racing this one, which waits on the index entry) inserts nothing.
    const earning = await tx
      .insert(visitLedger)
      .values({ ...base, id: newId(), kind: 'vendor_earning', accountId: earner, amount: row.price ?? 0, percentage: null })
      .onConflictDoNothing()
      .returning();
    if (!earning.length) return { written: false, rows: [] };
    const shares = await tx
      .select({ affiliateAccountId: customerContributions.affiliateAccountId, percentage: customerContributions.percentage })
      .from(customerContributions)
      .where(eq(customerContributions.customerAccountId, row.customerAccountId))
      .orderBy(asc(customerContributions.affiliateAccountId));
    const cuts = splitGiveBack(shares);
    const giveBack = cuts.length
      ? await tx
          .insert(visitLedger)
          .values(cuts.map((c) => ({ ...base, id: newId(), kind: 'give_back' as const, accountId: c.affiliateAccountId, amount: c.cents, percentage: c.percentage })))
          .onConflictDoNothing()
          .returning()
      : [];
    return { written: true, rows: [...earning, ...giveBack] };
  },

  ofVisit: (appointmentId) => db.select().from(visitLedger).where(eq(visitLedger.appointmentId, appointmentId)).orderBy(asc(visitLedger.kind), asc(visitLedger.accountId)),
});
