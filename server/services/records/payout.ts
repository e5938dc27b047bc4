/** A payout as a record of the transition service (chart: src/machines/lifecycles/payout.machine.ts). */
import { eq } from 'drizzle-orm';
import { emptyPayout, payoutMachine } from '../../../src/machines/lifecycles/payout.machine';
import { type PayoutStatusValue, payouts } from '../../db/schema';
import type { RecordType } from './record-type';
import { PeriodAlreadyClaimed } from './transfer';

export type PayoutRow = typeof payouts.$inferSelect;

export type PayoutChanges = Partial<Pick<PayoutRow, 'providerPayoutId' | 'arrivalDate' | 'bankLast4' | 'failureMessage'>>;

export type NewPayoutRow = Omit<typeof payouts.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>;

export const payoutRecord: RecordType<typeof payoutMachine, PayoutRow, string, PayoutChanges, NewPayoutRow> = {
  chart: payoutMachine,
  recordType: 'payout',
  notFoundMessage: 'Payout not found',
  load: async (tx, id) => (await tx.select().from(payouts).where(eq(payouts.id, id)).for('update'))[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: () => emptyPayout,
  persist: async (tx, { to }, row, { now, changes }) => {
    const [updated] = await tx
      .update(payouts)
      .set({ ...changes, status: to as PayoutStatusValue, updatedAt: now })
      .where(eq(payouts.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: emptyPayout,
    // One payout per transfer (and per earner and period): a second claim inserts nothing.
    insert: async (tx, { to }, values, now) => {
      const [row] = await tx
        .insert(payouts)
        .values({ ...values, status: to as PayoutStatusValue, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new PeriodAlreadyClaimed();
      return row;
    },
  },
};
