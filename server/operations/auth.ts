import { defineOperation, type OperationModule } from './define';

/**
 * Sign-in, registration, confirmation, passwords and tokens. Public calls are the ones a signed-out
 * person makes (or that carry their own reset/temporary/confirm/claim token); the rest act on the caller.
 * `clientLimit` names the per-address limit of the call (CLIENT_LIMITS in server/services/rate-limit.ts).
 */
export const operations: OperationModule = [
  defineOperation('login', { access: 'public', clientLimit: 'signIn', handler: async ({ body, request, services }) => services.auth.login(body, request.ip) }),
  defineOperation('altLogin', { access: 'public', clientLimit: 'signIn', handler: async ({ body, services }) => services.auth.altLogin(body) }),
  defineOperation('resetNewPassword', {
    access: 'public',
    clientLimit: 'resets',
    handler: async ({ body, headers, services }) => services.auth.resetNewPassword(headers['x-temporary-token'] ?? '', body, headers['accept-language']),
  }),
  defineOperation('refreshToken', { access: 'signed-in', handler: async ({ auth, services }) => services.auth.refreshToken(auth) }),
  defineOperation('checkAuth', { access: 'signed-in', handler: async ({ auth, services }) => services.auth.check(auth) }),
  defineOperation('lostPassword', { access: 'public', clientLimit: 'mail', handler: async ({ body, services }) => services.auth.lostPassword(body) }),
  defineOperation('validateToken', { access: 'public', clientLimit: 'codes', handler: async ({ body, services }) => services.auth.validateToken(body) }),
  defineOperation('confirmPasswordCode', { access: 'public', clientLimit: 'codes', handler: async ({ body, services }) => services.auth.confirmPasswordCode(body) }),
  defineOperation('resetPasswordAction', {
    access: 'public',
    clientLimit: 'resets',
    handler: async ({ body, headers, services }) => services.auth.resetPasswordAction(headers['x-password-reset-token'] ?? '', body, headers['accept-language']),
  }),
  defineOperation('confirmAccount', { access: 'public', clientLimit: 'codes', handler: async ({ body, services }) => services.auth.confirmAccount(body) }),
  defineOperation('logout', { access: 'signed-in', handler: async ({ auth, services }) => services.auth.logout(auth) }),
  defineOperation('register', { access: 'public', clientLimit: 'register', handler: async ({ body, headers, services }) => services.auth.register(body, headers['accept-language']) }),
  defineOperation('registerQuick', { access: 'public', clientLimit: 'register', handler: async ({ body, headers, services }) => services.auth.registerQuick(body, headers['accept-language']) }),
  defineOperation('altRegister', { access: 'public', clientLimit: 'register', handler: async ({ body, services }) => services.auth.altRegister(body) }),
  defineOperation('altRegisterQuick', { access: 'public', clientLimit: 'register', handler: async ({ body, services }) => services.auth.altRegisterQuick(body) }),
  defineOperation('changeAccount', { access: 'signed-in', handler: async ({ auth, body, services }) => services.auth.changeAccount(auth, body) }),
  defineOperation('checkUsername', { access: 'public', handler: async ({ body, services }) => services.auth.checkUsername(body) }),
  defineOperation('confirmAccountCode', { access: 'public', clientLimit: 'codes', handler: async ({ body, services }) => services.auth.confirmAccountCode(body) }),
  defineOperation('resendPhoneConfirmAccountCode', {
    access: 'public',
    clientLimit: 'mail',
    handler: async ({ body, services }) => services.auth.resendPhoneConfirmAccountCode(body),
  }),
  defineOperation('resendConfirmAccountCode', {
    access: 'public',
    clientLimit: 'mail',
    handler: async ({ body, services }) => services.auth.resendConfirmAccountCode(body),
  }),
  defineOperation('claimAccount', { access: 'public', clientLimit: 'codes', handler: async ({ body, services }) => services.auth.claimAccount(body) }),
  defineOperation('generateAppPassword', {
    access: 'signed-in',
    fullSignIn: true,
    handler: async ({ auth, body, headers, services }) =>
      services.auth.generateAppPassword(auth, body, await services.users.languageOf(auth, headers['accept-language'])),
  }),
  defineOperation('listAppPasswords', { access: 'signed-in', handler: async ({ auth, services }) => services.auth.listAppPasswords(auth) }),
  defineOperation('revokeAppPassword', {
    access: 'signed-in',
    fullSignIn: true,
    handler: async ({ auth, params, services }) => services.auth.revokeAppPassword(auth, params.id),
  }),
  defineOperation('connectSocial', { access: 'signed-in', fullSignIn: true, handler: async ({ auth, body, services }) => services.auth.connectSocial(auth, body) }),
  defineOperation('disconnectSocial', {
    access: 'signed-in',
    fullSignIn: true,
    handler: async ({ auth, body, services }) => services.auth.disconnectSocial(auth, body),
  }),
];
