import { defineOperation, type OperationModule } from './define';

/** Who reads a customer's cards and history; the service narrows a customer to its own. */
const READERS = ['super', 'admin', 'customer'] as const;
/** Cards are the customer's to change. */
const OWNER = ['customer'] as const;

/** The customer billing calls (bookings §7): cards through the payment provider, and the charges made. */
export const operations: OperationModule = [
  defineOperation('listBillingSources', {
    access: READERS,
    handler: async ({ auth, params, services }) => services.billing.list(auth, params.id),
  }),
  defineOperation('updateBillingSource', {
    access: OWNER,
    fullSignIn: true,
    handler: async ({ auth, params, body, services }) => services.billing.update(auth, params.id, body),
  }),
  defineOperation('removeBillingSource', {
    access: OWNER,
    fullSignIn: true,
    handler: async ({ auth, params, body, services }) => services.billing.remove(auth, params.id, body.stripe_src_id),
  }),
  defineOperation('setDefaultBillingSource', {
    access: OWNER,
    fullSignIn: true,
    handler: async ({ auth, params, body, services }) => services.billing.setDefault(auth, params.id, body.stripe_src_id),
  }),
  defineOperation('getBillingHistory', {
    access: READERS,
    handler: async ({ auth, params, query, services }) => services.billing.history(auth, params.id, query),
  }),
];
