import { defineOperation, type OperationModule } from './define';

/** The account tag: the signed-in person's own phone (any role with a sign-in; the service changes only the caller). */
export const operations: OperationModule = [
  defineOperation('verifyPhone', {
    access: 'signed-in',
    handler: async ({ auth, body, services }) => services.account.verifyPhone(auth, body),
  }),
  defineOperation('confirmPhone', {
    access: 'signed-in',
    handler: async ({ auth, body, services, requestId }) => services.account.confirmPhone(auth, body, requestId),
  }),
];
