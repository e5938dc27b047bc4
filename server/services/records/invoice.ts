/** A manual invoice as a record of the transition service (chart: src/machines/lifecycles/invoice.machine.ts). */
import { and, eq } from 'drizzle-orm';
import { INVOICE_MESSAGES } from '../../../src/core/rules/invoices';
import { invoiceMachine } from '../../../src/machines/lifecycles/invoice.machine';
import { type InvoiceStatusValue, invoices } from '../../db/schema';
import type { VisibleRecord } from './appointment';
import type { RecordType } from './record-type';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Columns an invoice operation may change along with an accepted event (never the status). */
export type InvoiceChanges = Partial<
  Pick<InvoiceRow, 'lines' | 'taxRateBps' | 'subtotal' | 'tax' | 'total' | 'dueDate' | 'note' | 'declineReason' | 'ledgerEntryId' | 'paymentIntentId' | 'paidAt' | 'sentAt'>
>;

/** A new invoice's columns; the status and times are the transition's. */
export type NewInvoiceRow = Omit<typeof invoices.$inferInsert, 'status' | 'number' | 'createdAt' | 'updatedAt'>;

export const invoiceRecord: RecordType<typeof invoiceMachine, InvoiceRow, VisibleRecord, InvoiceChanges, NewInvoiceRow> = {
  chart: invoiceMachine,
  recordType: 'invoice',
  notFoundMessage: INVOICE_MESSAGES.notFound,
  load: async (tx, { id, visible }) =>
    (
      await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), visible))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: (row) => ({ amountCents: row.total }),
  persist: async (tx, { to }, row, { now, changes }) => {
    const [updated] = await tx
      .update(invoices)
      .set({ ...changes, status: to as InvoiceStatusValue, updatedAt: now })
      .where(eq(invoices.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: { amountCents: null },
    insert: async (tx, { to }, values, now) => {
      const [row] = await tx
        .insert(invoices)
        .values({ ...values, status: to as InvoiceStatusValue, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },
  },
};
