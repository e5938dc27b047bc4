import { defineOperation, type OperationModule } from './define';

/**
 * Invoices: the billing invoices of subscriptions (each billed cycle; server/services/invoices.ts) — the receipt
 * and the invoice lists of the billing screens. Writing, paying and declining manual invoices answer 501 for now.
 */
export const operations: OperationModule = [
  defineOperation('listInvoices', {
    access: ['super', 'admin', 'customer'],
    handler: async ({ auth, query, services }) => services.invoices.list(auth, query),
  }),
  defineOperation('getInvoice', {
    access: ['super', 'admin', 'customer'],
    handler: async ({ auth, params, services }) => services.invoices.get(auth, params.id),
  }),
];
