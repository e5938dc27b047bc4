import { defineOperation, type OperationModule } from './define';

/**
 * The account tag: the signed-in person's own phone (any role with a sign-in; the service changes only the caller),
 * and the saved addresses of its accounts (server/services/addresses.ts; staff any account's).
 */
export const operations: OperationModule = [
  defineOperation('verifyPhone', {
    access: 'signed-in',
    handler: async ({ auth, body, services }) => services.account.verifyPhone(auth, body),
  }),
  defineOperation('confirmPhone', {
    access: 'signed-in',
    handler: async ({ auth, body, services, requestId }) => services.account.confirmPhone(auth, body, requestId),
  }),
  defineOperation('updateAccountAddress', {
    access: 'signed-in',
    handler: async ({ auth, body, params, services }) => services.addresses.update(auth, params.id, body),
  }),
  defineOperation('deleteAccountAddress', {
    access: 'signed-in',
    handler: async ({ auth, body, params, services }) => services.addresses.remove(auth, params.id, body),
  }),
];
