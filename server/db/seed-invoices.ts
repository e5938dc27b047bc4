/**
 * Demo invoices (issue 11): organization@ (Greenway Lawn Co.) has written customer@ one invoice in each state —
 * a draft, an open one due in ten days, a paid one and a declined one. They start in their status as starting
 * data (no audit rows, no ledger rows), like the seeded tickets and appointments. Amounts from `invoiceTotals`.
 */
import { invoiceTotals } from '../../src/core/rules/invoices';
import type { Db } from './client';
import { type InvoiceStatusValue, invoices } from './schema';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** [key, status, lines [description, quantity, unit cents], tax basis points, created days ago, due in days, decline reason]. */
export const DEMO_INVOICES: readonly (readonly [string, InvoiceStatusValue, readonly (readonly [string, number, number])[], number, number, number, string | null])[] = [
  ['spring-cleanup', 'draft', [['Spring cleanup', 1, 12000]], 825, 1, 20, null],
  ['gutters', 'open', [['Gutter cleaning', 1, 8500], ['Downspout flush', 2, 1250]], 825, 3, 10, null],
  ['hedges', 'paid', [['Hedge trimming', 1, 4500]], 825, 25, -15, null],
  ['stump', 'declined', [['Stump grinding', 1, 15000]], 0, 8, 5, 'We did not ask for this one.'],
];

export const seedInvoices = async (tx: SeedTx, at: (daysAgo: number) => Date, demoId: (name: string) => string): Promise<void> => {
  for (const [key, status, lines, taxRateBps, createdDaysAgo, dueInDays, declineReason] of DEMO_INVOICES) {
    const totals = invoiceTotals(
      lines.map(([description, quantity, unit_amount]) => ({ description, quantity, unit_amount })),
      taxRateBps,
    );
    const created = at(createdDaysAgo);
    await tx.insert(invoices).values({
      id: demoId(`invoice:${key}`),
      customerAccountId: demoId('account:customer'),
      organizationAccountId: demoId('account:organization'),
      status,
      lines: [...totals.lines],
      taxRateBps,
      subtotal: totals.subtotal,
      tax: totals.tax,
      total: totals.total,
      dueDate: at(-dueInDays).toISOString().slice(0, 10),
      note: null,
      declineReason,
      createdByUserId: demoId('user:organization'),
      sentAt: status === 'draft' ? null : created,
      paidAt: status === 'paid' ? at(createdDaysAgo - 2) : null,
      createdAt: created,
      updatedAt: status === 'paid' ? at(createdDaysAgo - 2) : created,
    });
  }
};
