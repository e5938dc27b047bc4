/** The authentication calls (operations/auth.ts), as the composed service answers them (server/services/auth.ts). */
import type { components } from '../../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../../auth/context';
import type { Language } from '../passwords-policy';

type Schemas = components['schemas'];
type LoginResponse = Schemas['LoginResponse'];
type RegisterRequest = Schemas['RegisterRequest'];
type SocialRegisterRequest = Schemas['SocialRegisterRequest'];
type Message = Schemas['Message'];

export interface AuthService {
  login(body: Schemas['LoginRequest'], clientIp?: string): Promise<LoginResponse>;
  altLogin(body: Schemas['SocialLoginRequest']): Promise<LoginResponse>;
  resetNewPassword(temporaryToken: string, body: Schemas['ResetNewPasswordRequest'], acceptLanguage?: string): Promise<Schemas['TokenResponse']>;
  refreshToken(auth: AuthContext): Promise<Schemas['TokenResponse']>;
  check(auth: AuthContext): Schemas['AuthCheckResponse'];
  lostPassword(body: Schemas['LostPasswordRequest']): Promise<Message>;
  validateToken(body: Schemas['ValidateTokenRequest']): Promise<Schemas['ValidateTokenResponse']>;
  confirmPasswordCode(body: Schemas['ConfirmPasswordCodeRequest']): Promise<Schemas['ResetTokenResponse']>;
  resetPasswordAction(resetToken: string, body: Schemas['ResetPasswordActionRequest'], acceptLanguage?: string): Promise<Message>;
  confirmAccount(body: Schemas['TokenRequest']): Promise<Schemas['ConfirmResponse']>;
  logout(auth: AuthContext): Promise<Message>;
  register(body: RegisterRequest, acceptLanguage?: string): Promise<Schemas['RegisterResponse']>;
  registerQuick(body: RegisterRequest, acceptLanguage?: string): Promise<Schemas['RegisterQuickResponse']>;
  altRegister(body: SocialRegisterRequest): Promise<Schemas['IdTokenResponse']>;
  altRegisterQuick(body: SocialRegisterRequest): Promise<Schemas['TokenResponse']>;
  changeAccount(auth: AuthContext, body: Schemas['ChangeAccountRequest']): Promise<Schemas['ChangeAccountResponse']>;
  checkUsername(body: Schemas['CheckUsernameRequest']): Promise<Schemas['CheckUsernameResponse']>;
  confirmAccountCode(body: Schemas['ConfirmAccountCodeRequest']): Promise<Schemas['ConfirmResponse']>;
  resendPhoneConfirmAccountCode(body: Schemas['ResendPhoneCodeRequest']): Promise<Message>;
  resendConfirmAccountCode(body: Schemas['ResendEmailCodeRequest']): Promise<Message>;
  claimAccount(body: Schemas['TokenRequest']): Promise<Schemas['ResetTokenResponse']>;
  /** Emails a claim link to a user created for someone (status claim_account); for the admin area. */
  inviteToClaim(userId: string): Promise<void>;
  generateAppPassword(auth: AuthContext, body: Schemas['GenerateAppPasswordRequest'], language: Language): Promise<Schemas['GenerateAppPasswordResponse']>;
  listAppPasswords(auth: AuthContext): Promise<Schemas['AppPasswordList']>;
  revokeAppPassword(auth: AuthContext, id: string): Promise<Schemas['AppPasswordList']>;
  connectSocial(auth: AuthContext, body: Schemas['SocialConnectRequest']): Promise<Schemas['SocialConnectionsResponse']>;
  disconnectSocial(auth: AuthContext, body: Schemas['SocialDisconnectRequest']): Promise<Schemas['SocialConnectionsResponse']>;
}
