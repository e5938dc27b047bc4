import { invoiceMachine } from '../../src/machines/lifecycles/invoice.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/** Who the invoice chart lets send an event: the operations' access is the chart's (server/services/transitions.ts). */
const senders = (event: string) => chartAccess(invoiceMachine, event);

/**
 * Invoices: the billing invoices of subscriptions (each billed cycle; server/services/invoices.ts) and the manual
 * invoices organizations and staff write (server/services/manual-invoices.ts), each change an event of the invoice
 * chart with its audit row. The services narrow each caller to its own invoices.
 */
export const operations: OperationModule = [
  defineOperation('listInvoices', {
    access: ['super', 'admin', 'organization', 'customer'],
    handler: async ({ auth, query, services }) => services.invoices.list(auth, query),
  }),
  defineOperation('getInvoice', {
    access: ['super', 'admin', 'organization', 'customer'],
    handler: async ({ auth, params, services }) => services.invoices.get(auth, params.id),
  }),
  defineOperation('createInvoice', {
    access: senders('invoice.create'),
    handler: async ({ auth, body, services, reply, requestId }) => {
      const created = await services.invoices.manual.create(auth, body, requestId);
      void reply.code(201);
      return created;
    },
  }),
  defineOperation('updateInvoice', {
    access: senders('invoice.update'),
    handler: async ({ auth, params, body, services, requestId }) => services.invoices.manual.update(auth, params.id, body, requestId),
  }),
  defineOperation('deleteInvoice', {
    access: senders('invoice.delete'),
    handler: async ({ auth, params, services, requestId }) => services.invoices.manual.remove(auth, params.id, requestId),
  }),
  defineOperation('payInvoice', {
    access: senders('invoice.pay'),
    fullSignIn: true,
    handler: async ({ auth, params, body, headers, services, requestId }) =>
      services.invoices.manual.pay(auth, params.id, body ?? {}, headers['idempotency-key'] ?? '', requestId),
  }),
  defineOperation('declineInvoice', {
    access: senders('invoice.decline'),
    handler: async ({ auth, params, body, services, requestId }) => services.invoices.manual.decline(auth, params.id, body ?? {}, requestId),
  }),
];
