import { defineOperation, type OperationModule } from './define';

/**
 * The customers tag, as checkout needs it: one customer with its saved addresses, card summary and onboarding
 * meta. A customer reads itself; super and admin any customer. (The card calls are in billing.ts.)
 */
export const operations: OperationModule = [
  defineOperation('getCustomer', {
    access: ['super', 'admin', 'customer'],
    handler: async ({ auth, params, services }) => services.customers.get(auth, params.id),
  }),
  defineOperation('updateCustomer', {
    access: ['super', 'admin', 'customer'],
    handler: async ({ auth, params, body, services }) => services.customers.update(auth, params.id, body),
  }),
  defineOperation('listSubscriptionInvoices', {
    access: ['super', 'admin', 'customer'],
    handler: async ({ auth, params, services }) => services.invoices.ofSubscription(auth, params.id, params.subscriptionId),
  }),
];
