import type {
  AuthCheck,
  ChangeAccountRequest,
  ChangeAccountResult,
  CheckUsernameResult,
  ConfirmCodeResult,
  IdTokenResult,
  LoginRequest,
  LoginResult,
  RegisterQuickResult,
  RegisterResult,
  ResetTokenResult,
  SocialConnectionsResult,
  SocialCredential,
  SocialProvider,
  SocialRegistration,
  TokenResult,
  TokenType,
  ValidateTokenResult,
} from '../../model/auth';
import type { RegistrationPayload } from '../../model/registration';
import type { Effect } from 'effect';
import type { ApiCall, Invalid, NetworkError } from '../errors';
import type { Confirmation } from './types';

/** The auth tag (accounts §7). The adapter adds platform 'web' where the call takes it. */
export interface AuthApi {
  /** POST auth/login (no token). A refused login is a value (`loggedIn: false` with message and code), not a failure. */
  login(input: LoginRequest): Effect.Effect<LoginResult, NetworkError | Invalid>;
  /** POST auth/alt-login: social sign-in. A refusal is `loggedIn: false` ('Error logging in'). */
  altLogin(input: SocialCredential): Effect.Effect<LoginResult, NetworkError | Invalid>;
  /** POST auth/register: registration payload (with password) → userData, token. */
  register(input: RegistrationPayload): ApiCall<RegisterResult>;
  /** POST auth/register-quick → id_token, reset_token. */
  registerQuick(input: RegistrationPayload): ApiCall<RegisterQuickResult>;
  /** POST auth/alt-register: social registration → id_token. */
  altRegister(input: SocialRegistration): ApiCall<IdTokenResult>;
  /** POST auth/alt-register-quick → token. */
  altRegisterQuick(input: SocialRegistration): ApiCall<TokenResult>;
  /** POST auth/lost-password { username }: 'Check your email for a link to reset your password'. */
  lostPassword(input: { readonly username: string }): ApiCall<Confirmation>;
  /** POST auth/reset-password-action { password, platform }, with the x-password-reset-token header. */
  resetPasswordAction(input: { readonly password: string; readonly resetToken: string }): ApiCall<Confirmation>;
  /** POST auth/reset-new-password { password, oldPassword }, with the x-temporary-token header (the login's temporaryResetToken). Logs in. */
  resetNewPassword(input: { readonly password: string; readonly oldPassword: string; readonly temporaryToken: string }): ApiCall<TokenResult>;
  /** POST auth/confirm-password-code { verification_code, email } → reset_token. */
  confirmPasswordCode(input: { readonly verification_code: string; readonly email: string }): ApiCall<ResetTokenResult>;
  /** POST auth/confirm-account { token } (the e-mailed link). */
  confirmAccount(input: { readonly token: string }): ApiCall<Confirmation>;
  /** PUT auth/confirm-account-code { verification_code }: logs the user in and returns the role. */
  confirmAccountCode(input: { readonly verification_code: string; readonly email?: string; readonly phone?: string }): ApiCall<ConfirmCodeResult>;
  /** PUT auth/resend-confirm-account-code { email }. */
  resendConfirmAccountCode(input: { readonly email: string }): ApiCall<Confirmation>;
  /** PUT auth/resend-phone-confirm-account-code { phone } — the phone is exactly 12 characters (rules/phone.ts). */
  resendPhoneConfirmAccountCode(input: { readonly phone: string }): ApiCall<Confirmation>;
  /** POST auth/claim-account { token } → reset_token. */
  claimAccount(input: { readonly token: string }): ApiCall<ResetTokenResult>;
  /** POST auth/validate-token { tokenType } (the token travels in its header). */
  validateToken(input: { readonly tokenType: TokenType; readonly token: string }): ApiCall<ValidateTokenResult>;
  /** POST auth/change-account { account_id, account_type } → token, account. */
  changeAccount(input: ChangeAccountRequest): ApiCall<ChangeAccountResult>;
  /** POST auth/check-username { email }: available false ('Email already exists') when registered. */
  checkUsername(input: { readonly email: string }): ApiCall<CheckUsernameResult>;
  /** GET auth/refresh-token → a new token. */
  refreshToken(): ApiCall<TokenResult>;
  /** GET auth/check → data (auth, role, accountId), unwrapped. */
  check(): ApiCall<AuthCheck>;
  /** POST auth/logout. */
  logout(): ApiCall<void>;
  /** POST auth/generate-app-password: a password generated on the client, with the user's current password (and a name). */
  generateAppPassword(input: { readonly password: string; readonly current_password: string; readonly name?: string }): ApiCall<Confirmation & { readonly _id: string }>;
  /** PUT auth/connect-social: provider data → the user's connections. */
  connectSocial(input: SocialCredential): ApiCall<SocialConnectionsResult>;
  /** PUT auth/disconnect-social: provider → the user's connections. */
  disconnectSocial(input: { readonly provider: SocialProvider }): ApiCall<SocialConnectionsResult>;
}
