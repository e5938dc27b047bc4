import { defineOperation, type OperationModule } from './define';

/**
 * Public calls without a token (bookings §7: "address validation, services list, tax rates"). A caller who
 * sends a valid token anyway is answered the same, except that an address outside the service area is then
 * "your selected or default address".
 */
export const operations: OperationModule = [
  defineOperation('listPublicServices', {
    access: 'public',
    handler: async ({ auth, query, services }) => services.catalogue.list(query, auth !== null),
  }),
  defineOperation('getTaxRate', {
    access: 'public',
    handler: async ({ query, services }) => services.catalogue.taxRate(query.postalCode),
  }),
  defineOperation('validateAddress', {
    access: 'public',
    handler: async ({ body, services }) => services.catalogue.validateAddress(body.address),
  }),
];
