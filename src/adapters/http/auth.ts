import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import type { AuthApi } from '../../core/ports/api/auth';
import type { ApiError, NotFound, Unauthorized } from '../../core/ports/errors';
import {
  AuthCheckResult,
  ChangeAccountResult,
  CheckUsernameResult,
  ConfirmCodeResult,
  IdTokenResult,
  LoginResult,
  RegisterQuickResult,
  RegisterResult,
  ResetTokenResult,
  SocialConnectionsResult,
  TokenResult,
  ValidateTokenResult,
} from '../../core/model/auth';
import { MessageBody } from '../../core/model/common';
import { ObjectId } from '../../core/model/ids';
import { API_HEADERS, PLATFORM } from '../../core/rules/constants';
import { body, call, nothing, part } from './call';
import type { HttpClient } from './client';

const AppPasswordResult = Schema.Struct({ message: Schema.String, _id: ObjectId });

/**
 * A refused sign-in is a value, not a failure (accounts §8): `loggedIn: false` with the server's message
 * and code (or the status text). Only an unreachable server or a malformed reply fail the Effect.
 */
const refused = (e: ApiError | Unauthorized | NotFound): Effect.Effect<LoginResult> =>
  Effect.succeed({ loggedIn: false, message: e.message, code: e.code, resetPasswordOnLogin: false });
const refusalAsValue = { ApiError: refused, Unauthorized: refused, NotFound: refused } as const;

/** The auth tag (accounts §7). Calls that take a platform send 'web'. */
export const authApi = ({ client }: HttpClient): AuthApi => ({
  login: (input) =>
    call((signal) => client.POST('/auth/login', { body: { ...input, platform: PLATFORM }, signal }), body(LoginResult)).pipe(
      Effect.catchTags(refusalAsValue),
    ),
  altLogin: (input) =>
    call((signal) => client.POST('/auth/alt-login', { body: { ...input, platform: PLATFORM }, signal }), body(LoginResult)).pipe(
      Effect.catchTags(refusalAsValue),
    ),
  register: (input) => call((signal) => client.POST('/auth/register', { body: input, signal }), body(RegisterResult)),
  registerQuick: (input) => call((signal) => client.POST('/auth/register-quick', { body: input, signal }), body(RegisterQuickResult)),
  altRegister: (input) =>
    call((signal) => client.POST('/auth/alt-register', { body: { ...input, platform: PLATFORM }, signal }), body(IdTokenResult)),
  altRegisterQuick: (input) =>
    call((signal) => client.POST('/auth/alt-register-quick', { body: { ...input, platform: PLATFORM }, signal }), body(TokenResult)),
  lostPassword: (input) =>
    call((signal) => client.POST('/auth/lost-password', { body: { username: input.username, platform: PLATFORM }, signal }), body(MessageBody)),
  resetPasswordAction: ({ password, resetToken }) =>
    call(
      (signal) =>
        client.POST('/auth/reset-password-action', {
          params: { header: { [API_HEADERS.passwordResetToken]: resetToken } },
          body: { password, platform: PLATFORM },
          signal,
        }),
      body(MessageBody),
    ),
  resetNewPassword: ({ password, oldPassword, temporaryToken }) =>
    call(
      (signal) =>
        client.POST('/auth/reset-new-password', {
          params: { header: { [API_HEADERS.temporaryToken]: temporaryToken } },
          body: { password, oldPassword, platform: PLATFORM },
          signal,
        }),
      body(TokenResult),
    ),
  confirmPasswordCode: (input) => call((signal) => client.POST('/auth/confirm-password-code', { body: input, signal }), body(ResetTokenResult)),
  // The reply also carries a session token and the role; the port only confirms.
  // Confirming signs the user in (token, role); the port surfaces the message.
  confirmAccount: (input) =>
    call((signal) => client.POST('/auth/confirm-account', { body: input, signal }), part(ConfirmCodeResult, (r) => ({ message: r.message ?? '' }))),
  confirmAccountCode: (input) => call((signal) => client.PUT('/auth/confirm-account-code', { body: input, signal }), body(ConfirmCodeResult)),
  resendConfirmAccountCode: (input) =>
    call((signal) => client.PUT('/auth/resend-confirm-account-code', { body: input, signal }), body(MessageBody)),
  resendPhoneConfirmAccountCode: (input) =>
    call((signal) => client.PUT('/auth/resend-phone-confirm-account-code', { body: input, signal }), body(MessageBody)),
  claimAccount: (input) => call((signal) => client.POST('/auth/claim-account', { body: input, signal }), body(ResetTokenResult)),
  validateToken: (input) =>
    call((signal) => client.POST('/auth/validate-token', { body: { tokenType: input.tokenType, token: input.token }, signal }), body(ValidateTokenResult)),
  changeAccount: (input) => call((signal) => client.POST('/auth/change-account', { body: input, signal }), body(ChangeAccountResult)),
  checkUsername: (input) => call((signal) => client.POST('/auth/check-username', { body: input, signal }), body(CheckUsernameResult)),
  refreshToken: () => call((signal) => client.GET('/auth/refresh-token', { signal }), body(TokenResult)),
  check: () => call((signal) => client.GET('/auth/check', { signal }), part(AuthCheckResult, (result) => result.data)),
  logout: () => call((signal) => client.POST('/auth/logout', { signal }), nothing),
  generateAppPassword: (input) => call((signal) => client.POST('/auth/generate-app-password', { body: input, signal }), body(AppPasswordResult)),
  connectSocial: (input) => call((signal) => client.PUT('/auth/connect-social', { body: input, signal }), body(SocialConnectionsResult)),
  disconnectSocial: (input) => call((signal) => client.PUT('/auth/disconnect-social', { body: input, signal }), body(SocialConnectionsResult)),
});
