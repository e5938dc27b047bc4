/** A transfer as a record of the transition service (chart: src/machines/lifecycles/transfer.machine.ts). */
import { eq } from 'drizzle-orm';
import { emptyTransfer, transferMachine } from '../../../src/machines/lifecycles/transfer.machine';
import { type TransferStatusValue, transfers } from '../../db/schema';
import type { RecordType } from './record-type';

export type TransferRow = typeof transfers.$inferSelect;

/** Columns a transfer change may write along with an accepted event (never the status). */
export type TransferChanges = Partial<Pick<TransferRow, 'providerTransferId' | 'failureMessage'>>;

/** A new transfer's columns; the status and times are the transition's. */
export type NewTransferRow = Omit<typeof transfers.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>;

/** Thrown by the creation when another run already claimed the earner's period: the claim's transaction rolls back. */
export class PeriodAlreadyClaimed extends Error {
  constructor() {
    super('This period was already claimed');
    this.name = 'PeriodAlreadyClaimed';
  }
}

export const transferRecord: RecordType<typeof transferMachine, TransferRow, string, TransferChanges, NewTransferRow> = {
  chart: transferMachine,
  recordType: 'transfer',
  notFoundMessage: 'Transfer not found',
  load: async (tx, id) => (await tx.select().from(transfers).where(eq(transfers.id, id)).for('update'))[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: () => emptyTransfer,
  persist: async (tx, { to }, row, { now, changes }) => {
    const [updated] = await tx
      .update(transfers)
      .set({ ...changes, status: to as TransferStatusValue, updatedAt: now })
      .where(eq(transfers.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: emptyTransfer,
    // The once-per-period claim: the unique (account, period) index decides; a second claim inserts nothing.
    insert: async (tx, { to }, values, now) => {
      const [row] = await tx
        .insert(transfers)
        .values({ ...values, status: to as TransferStatusValue, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new PeriodAlreadyClaimed();
      return row;
    },
  },
};
