import { defineOperation, type OperationModule } from './define';

/** The signed-in user's own records: every call reads or changes only the caller. */
export const operations: OperationModule = [
  defineOperation('getUser', {
    access: 'signed-in',
    // Answered from the user and accounts the session check of this request read (one round trip).
    handler: async ({ auth, services }) => services.users.info(auth.userId, auth.accountId, services.tokens.sessionRecord(auth)),
  }),
  defineOperation('getUserAccounts', {
    access: 'signed-in',
    handler: async ({ auth, services }) => services.users.listAccounts(auth),
  }),
  defineOperation('updateUserPassword', {
    access: 'signed-in',
    fullSignIn: true,
    handler: async ({ auth, body, headers, services }) => services.users.updatePassword(auth, body, headers['accept-language']),
  }),
  defineOperation('updateUser', {
    access: 'signed-in',
    handler: async ({ auth, body, headers, services }) => services.users.update(auth, body, headers['x-platform']),
  }),
  defineOperation('recordScreenView', {
    access: 'signed-in',
    handler: async ({ auth, body, services }) => services.users.recordScreenView(auth, body),
  }),
];
