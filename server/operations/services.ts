import { defineOperation, type OperationModule } from './define';

/**
 * The catalogue for signed-in people (bookings §7 Services): services with their price plans, ZIP codes and
 * coupon checks. Any signed-in role may read them; nothing here belongs to one account. Visitors use the
 * public calls (public.ts). `getOrder` (the order success screen) is checkout's: the customer reads its own
 * orders, super and admin any.
 */
export const operations: OperationModule = [
  defineOperation('listServices', {
    access: 'signed-in',
    handler: async ({ query, services }) => services.catalogue.list(query, true),
  }),
  defineOperation('getService', {
    access: 'signed-in',
    handler: async ({ auth, params, services }) => services.catalogue.get(auth, params.id),
  }),
  defineOperation('listZipCodes', {
    access: 'signed-in',
    handler: async ({ query, services }) => services.catalogue.zipCodes(query),
  }),
  defineOperation('validateCoupon', {
    access: 'signed-in',
    handler: async ({ auth, params, services }) => services.catalogue.validateCoupon(auth, params.code, params.serviceId),
  }),
  defineOperation('getOrder', {
    access: ['super', 'admin', 'customer'],
    handler: async ({ auth, params, services }) => services.checkout.getOrder(auth, params.id),
  }),
];
