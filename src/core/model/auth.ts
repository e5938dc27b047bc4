import * as Schema from 'effect/Schema';
import { Account } from './user';
import { UserInfo } from './user';
import { AccountType, Role } from './roles';
import { AccountId, ReferralId } from './ids';
import { ConfirmationMethod, RegistrationType, SignupVersion } from './registration';

/** The code a login result carries when the account still needs its SMS confirmation (accounts §4). */
export { ACCOUNT_REQUIRES_SMS_CONFIRMATION } from './auth-codes';

/** POST auth/login body (accounts §7). The adapter adds `platform: 'web'`. */
export const LoginRequest = Schema.Struct({
  username: Schema.String.pipe(Schema.check(Schema.isNonEmpty({ message: 'Username is required' }))),
  password: Schema.String,
});
export type LoginRequest = typeof LoginRequest.Type;

/**
 * The login result (accounts §7/§4): message, code, loggedIn, resetPasswordOnLogin, plus the token when
 * logged in, or the temporary reset token when the temporary password must be reset first. A failed
 * login is a value too: `loggedIn: false` with the server's message and code (or the status text).
 */
export const LoginResult = Schema.Struct({
  message: Schema.String,
  /** logged_in, AccountRequiresSMSConfirmation, temporary_password — or the error code of a refused login. */
  code: Schema.optional(Schema.NullOr(Schema.String)),
  loggedIn: Schema.Boolean,
  resetPasswordOnLogin: Schema.optional(Schema.Boolean),
  /** The bearer token (stored under id_token) when logged in. */
  token: Schema.optional(Schema.String),
  /** The temporary reset token (stored under temporary_password_reset_token, sent as x-temporary-token). */
  temporaryResetToken: Schema.optional(Schema.String),
  role: Schema.optional(Role),
  user: Schema.optional(UserInfo),
});
export type LoginResult = typeof LoginResult.Type;

/** `{ token }` — refresh-token, alt-register-quick, reset-new-password (with the role and user when it signs in). */
export const TokenResult = Schema.Struct({
  token: Schema.String,
  message: Schema.optional(Schema.String),
  role: Schema.optional(Role),
  user: Schema.optional(UserInfo),
});
export type TokenResult = typeof TokenResult.Type;

/**
 * POST auth/register reply: userData, and the token when the user may go straight in. With SMS
 * confirmation the token is absent and `confirmation` is 'sms': the texted code comes first.
 */
export const RegisterResult = Schema.Struct({
  message: Schema.optional(Schema.String),
  userData: UserInfo,
  token: Schema.optional(Schema.String),
  confirmation: Schema.optional(ConfirmationMethod),
});
export type RegisterResult = typeof RegisterResult.Type;

/** POST auth/register-quick reply: id_token, reset_token (the quick signup sets its password later). */
export const RegisterQuickResult = Schema.Struct({
  id_token: Schema.String,
  reset_token: Schema.String,
  message: Schema.optional(Schema.String),
  userData: Schema.optional(UserInfo),
});
export type RegisterQuickResult = typeof RegisterQuickResult.Type;

/** POST auth/alt-register reply: id_token. */
export const IdTokenResult = Schema.Struct({
  id_token: Schema.String,
  message: Schema.optional(Schema.String),
  userData: Schema.optional(UserInfo),
});
export type IdTokenResult = typeof IdTokenResult.Type;

/** confirm-password-code and claim-account replies: reset_token. */
export const ResetTokenResult = Schema.Struct({ reset_token: Schema.String, message: Schema.optional(Schema.String) });
export type ResetTokenResult = typeof ResetTokenResult.Type;

/** PUT auth/confirm-account-code reply: confirming logs the user in and returns the role (accounts §4). */
export const ConfirmCodeResult = Schema.Struct({
  message: Schema.optional(Schema.String),
  token: Schema.String,
  role: Role,
  user: Schema.optional(UserInfo),
});
export type ConfirmCodeResult = typeof ConfirmCodeResult.Type;

/** POST auth/change-account body and reply (accounts §7). */
export const ChangeAccountRequest = Schema.Struct({ account_id: AccountId, account_type: AccountType });
export type ChangeAccountRequest = typeof ChangeAccountRequest.Type;
export const ChangeAccountResult = Schema.Struct({ token: Schema.String, account: Account, role: Schema.optional(Role) });
export type ChangeAccountResult = typeof ChangeAccountResult.Type;

/** GET auth/check reply: `data.auth`, with the session's role and active account. */
export const AuthCheck = Schema.Struct({
  auth: Schema.Boolean,
  role: Schema.optional(Role),
  accountId: Schema.optional(Schema.NullOr(AccountId)),
});
export type AuthCheck = typeof AuthCheck.Type;
export const AuthCheckResult = Schema.Struct({ data: AuthCheck });
export type AuthCheckResult = typeof AuthCheckResult.Type;

/** The token kinds auth/validate-token understands (tokenType). */
export const TokenTypes = ['reset', 'confirm', 'claim', 'temporary'] as const;
export const TokenType = Schema.Literals(TokenTypes);
export type TokenType = (typeof TokenTypes)[number];

/** Social sign-in providers we accept on alt-login / connect-social. */
export const SocialProviders = ['google', 'apple', 'facebook'] as const;
export const SocialProvider = Schema.Literals(SocialProviders);
export type SocialProvider = (typeof SocialProviders)[number];

/** Provider data of a social sign-in: the provider and the credential it issued. */
export const SocialCredential = Schema.Struct({ provider: SocialProvider, credential: Schema.String });
export type SocialCredential = typeof SocialCredential.Type;

/** auth/alt-register(-quick) body: the credential plus what the signup page knows. */
export const SocialRegistration = Schema.Struct({
  provider: SocialProvider,
  credential: Schema.String,
  type: Schema.optional(RegistrationType),
  first_name: Schema.optional(Schema.String),
  last_name: Schema.optional(Schema.String),
  referred_by: Schema.optional(ReferralId),
  version: Schema.optional(SignupVersion),
});
export type SocialRegistration = typeof SocialRegistration.Type;

/** auth/connect-social and disconnect-social reply: the user's social connections. */
export const SocialConnection = Schema.Struct({
  provider: SocialProvider,
  email: Schema.NullOr(Schema.String),
  connectedAt: Schema.String,
});
export type SocialConnection = typeof SocialConnection.Type;
export const SocialConnectionsResult = Schema.Struct({ message: Schema.String, connections: Schema.Array(SocialConnection) });
export type SocialConnectionsResult = typeof SocialConnectionsResult.Type;

/** auth/validate-token reply. */
export const ValidateTokenResult = Schema.Struct({
  valid: Schema.Boolean,
  tokenType: Schema.optional(TokenType),
  expiresAt: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String),
});
export type ValidateTokenResult = typeof ValidateTokenResult.Type;

/** auth/check-username reply: 'Email already exists' when taken. */
export const CheckUsernameResult = Schema.Struct({ available: Schema.Boolean, message: Schema.String });
export type CheckUsernameResult = typeof CheckUsernameResult.Type;
