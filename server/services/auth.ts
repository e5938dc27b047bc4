import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { ACCOUNT_REQUIRES_SMS_CONFIRMATION } from '../../src/core/model/auth';
import type { AccountType } from '../../src/core/model/roles';
import { CODE_LENGTH } from '../../src/core/rules/code';
import { MESSAGES } from '../../src/core/rules/messages';
import { INVALID_PHONE_MESSAGE, isValidResendPhone } from '../../src/core/rules/phone';
import type { AuthContext } from '../auth/context';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import type { TokenCheck, TokenKind, TokenService } from '../auth/tokens';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type AccountMetaValue, type CodePurpose, accounts, appPasswords, socialIdentities, users, verificationCodes } from '../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../errors';
import type { OutboxService } from './outbox';
import { LIMITS, type RateLimiter } from './rate-limit';
import type { SocialIdentity, SocialIdentityProvider } from './social';
import type { Actor, TransitionService, UserChanges } from './transitions';
import { type UserRow, type UserService, accountWire, assertValidPassword, normalizeEmail } from './users';

type Schemas = components['schemas'];
type LoginResponse = Schemas['LoginResponse'];
type RegisterRequest = Schemas['RegisterRequest'];
type SocialRegisterRequest = Schemas['SocialRegisterRequest'];
type Message = Schemas['Message'];

const MINUTE = 60_000;
/** Codes live 30 minutes and allow 5 wrong tries each (docs/decisions.md). */
export const CODE_LIFETIME_MS = 30 * MINUTE;
export const CODE_MAX_ATTEMPTS = 5;
/** App passwords kept per user. */
export const MAX_APP_PASSWORDS = 10;

export const AUTH_TEXTS = {
  loggedIn: 'Logged in',
  temporaryPassword: 'Please replace your temporary password to continue.',
  accountInactive: 'This account is deactivated. Please contact support.',
  accountNotClaimed: 'This account has not been claimed yet. Use the link we emailed you.',
  codeFailed: `${MESSAGES.code_verification_failed}: the code is wrong or has expired.`,
  codeSpent: 'Too many attempts. Request a new code.',
  codeTargetMissing: 'Send the email address or the phone number the code was sent to.',
  accountConfirmed: 'Your account is confirmed.',
  registeredEmail: 'Welcome to Tendwell! Check your email to confirm your address.',
  registeredSms: 'We texted you a 4-digit code. Enter it to confirm your account.',
  phoneRequired: `${INVALID_PHONE_MESSAGE}: a phone number is needed to confirm by text message.`,
  phoneExists: 'This phone number is already in use.',
  resendPhone: 'If this number is waiting for confirmation, a new code is on its way.',
  resendEmail: 'If this address is waiting for confirmation, a new link and code are on their way.',
  emailAvailable: 'Email is available',
  loggedOut: 'You have been logged out.',
  alreadyClaimed: 'This account has already been claimed.',
  claimStarted: 'Choose a password to finish claiming your account.',
  resetCodeAccepted: 'Code accepted. Choose a new password.',
  noTemporaryPassword: 'There is no temporary password to replace.',
  wrongTemporaryPassword: 'Your temporary password is not correct.',
  samePassword: 'Choose a password different from the temporary one.',
  appPasswordSaved: 'App password saved.',
  appPasswordLimit: `You already have ${MAX_APP_PASSWORDS} app passwords.`,
  socialNotFound: 'No Tendwell account uses this sign-in. Please register first.',
  socialRejected: 'The sign-in provider did not accept this credential.',
  socialEmailUnverified: 'The sign-in provider has not verified this email address.',
  socialTaken: 'This sign-in is already connected to another account.',
  socialConnected: 'Connected.',
  socialDisconnected: 'Disconnected.',
  lastSignInMethod: 'Set a password before disconnecting your only way to sign in.',
  confirmPhoneFirst: 'Confirm your phone number with the texted code first.',
} as const;

export interface AuthService {
  login(body: Schemas['LoginRequest']): Promise<LoginResponse>;
  altLogin(body: Schemas['SocialLoginRequest']): Promise<LoginResponse>;
  resetNewPassword(temporaryToken: string, body: Schemas['ResetNewPasswordRequest']): Promise<Schemas['TokenResponse']>;
  refreshToken(auth: AuthContext): Promise<Schemas['TokenResponse']>;
  check(auth: AuthContext): Schemas['AuthCheckResponse'];
  lostPassword(body: Schemas['LostPasswordRequest']): Promise<Message>;
  validateToken(body: Schemas['ValidateTokenRequest']): Promise<Schemas['ValidateTokenResponse']>;
  confirmPasswordCode(body: Schemas['ConfirmPasswordCodeRequest']): Promise<Schemas['ResetTokenResponse']>;
  resetPasswordAction(resetToken: string, body: Schemas['ResetPasswordActionRequest']): Promise<Message>;
  confirmAccount(body: Schemas['TokenRequest']): Promise<Schemas['ConfirmResponse']>;
  logout(auth: AuthContext): Promise<Message>;
  register(body: RegisterRequest): Promise<Schemas['RegisterResponse']>;
  registerQuick(body: RegisterRequest): Promise<Schemas['RegisterQuickResponse']>;
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
  generateAppPassword(auth: AuthContext, body: Schemas['GenerateAppPasswordRequest']): Promise<Schemas['GenerateAppPasswordResponse']>;
  connectSocial(auth: AuthContext, body: Schemas['SocialConnectRequest']): Promise<Schemas['SocialConnectionsResponse']>;
  disconnectSocial(auth: AuthContext, body: Schemas['SocialDisconnectRequest']): Promise<Schemas['SocialConnectionsResponse']>;
}

export interface AuthDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly tokens: TokenService;
  readonly outbox: OutboxService;
  readonly rateLimit: RateLimiter;
  readonly users: UserService;
  readonly social: SocialIdentityProvider;
  readonly transitions: TransitionService;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** Why a reset, confirm, claim or temporary token was refused, as the client sees it. */
const tokenRefused = (failure: Exclude<TokenCheck, { ok: true }>): HttpError =>
  failure.reason === 'expired'
    ? unauthorized(MESSAGES.token_expired, 'token_expired')
    : unauthorized(MESSAGES.login_token_invalid, 'login_token_invalid');

export const createAuthService = (deps: AuthDeps): AuthService => {
  const { db, clock, config, tokens, outbox, rateLimit, users: userService, social, transitions } = deps;
  const now = () => clock.now();

  // ---- codes -------------------------------------------------------------------------------------

  const codeHash = (codeId: string, code: string) => createHmac('sha256', config.tokenSecret).update(`${codeId}:${code}`).digest('hex');

  /** A fresh 4-digit code for the user and purpose; earlier codes of that purpose stop working. */
  const issueCode = async (userId: string, purpose: CodePurpose, channel: 'email' | 'sms'): Promise<string> => {
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const id = newId();
    await db.transaction(async (tx) => {
      await tx.delete(verificationCodes).where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
      await tx.insert(verificationCodes).values({
        id,
        userId,
        purpose,
        channel,
        codeHash: codeHash(id, code),
        expiresAt: new Date(now().getTime() + CODE_LIFETIME_MS),
        createdAt: now(),
      });
    });
    return code;
  };

  /** Checks a code; a match is spent and its channel returned. Wrong: 400 'Code verification failed: …'. */
  const verifyCode = async (user: UserRow | undefined, purpose: CodePurpose, code: string): Promise<'email' | 'sms'> => {
    const failed = badRequest(AUTH_TEXTS.codeFailed, 'code_verification_failed');
    if (!user) throw failed;
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, purpose)));
    if (!row || row.expiresAt.getTime() <= now().getTime()) throw failed;
    const failures = `code-fail:${purpose}:${user.id}`;
    await rateLimit.assertAllowed(failures, LIMITS.codeFailures);
    if (row.attempts >= CODE_MAX_ATTEMPTS) {
      throw tooManyRequests(AUTH_TEXTS.codeSpent, Math.max(1, Math.ceil((row.expiresAt.getTime() - now().getTime()) / 1000)));
    }
    const given = /^\d+$/.test(code.trim()) ? codeHash(row.id, code.trim()) : '';
    const matches = given.length === row.codeHash.length && timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash));
    if (!matches) {
      await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, row.id));
      await rateLimit.hit(failures, LIMITS.codeFailures);
      throw failed;
    }
    const spent = await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id)).returning({ id: verificationCodes.id });
    if (!spent.length) throw failed; // used concurrently
    return row.channel;
  };

  // ---- messages ----------------------------------------------------------------------------------

  const link = (query: string, token: string) => `${config.publicUrl}/login?${query}=${encodeURIComponent(token)}`;
  const greeting = (user: UserRow) => `Hello${user.firstName ? ` ${user.firstName}` : ''},`;

  const sendConfirmEmail = async (user: UserRow) => {
    await rateLimit.consume(`code:email:${user.email}`, LIMITS.resendCode);
    const code = await issueCode(user.id, 'confirm_account', 'email');
    const url = link('confirm_account', (await tokens.issue('confirm', user.id)).token);
    await outbox.send({
      channel: 'email',
      to: user.email,
      subject: 'Confirm your Tendwell account',
      body: `${greeting(user)}\n\nConfirm your email address by opening this link (valid for 24 hours):\n${url}\n\nOr enter this code: ${code} (valid for 30 minutes).\n\nIf you did not sign up for Tendwell, ignore this email.`,
      code,
      link: url,
    });
  };

  /** The confirmation a registration will send is within its limit (checked before the user is created). */
  const assertMaySendCode = async (input: { email: string; phone: string | null; confirmationMethod: 'email' | 'sms' }) => {
    if (input.confirmationMethod === 'sms' && input.phone) await rateLimit.assertAllowed(`code:sms:${input.phone}`, LIMITS.resendCode);
    else await rateLimit.assertAllowed(`code:email:${input.email}`, LIMITS.resendCode);
  };

  const sendSmsCode = async (user: UserRow) => {
    if (!user.phone) return;
    await rateLimit.consume(`code:sms:${user.phone}`, LIMITS.resendCode);
    const code = await issueCode(user.id, 'confirm_account', 'sms');
    await outbox.send({ channel: 'sms', to: user.phone, body: `Your Tendwell code is ${code}. It is valid for 30 minutes.`, code });
  };

  const sendResetEmail = async (user: UserRow) => {
    const code = await issueCode(user.id, 'reset_password', 'email');
    const url = link('password_reset', (await tokens.issue('reset', user.id)).token);
    await outbox.send({
      channel: 'email',
      to: user.email,
      subject: 'Reset your Tendwell password',
      body: `${greeting(user)}\n\nReset your password by opening this link (valid for 1 hour):\n${url}\n\nOr enter this code: ${code} (valid for 30 minutes).\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
      code,
      link: url,
    });
  };

  const sendClaimEmail = async (user: UserRow) => {
    const url = link('claim_account', (await tokens.issue('claim', user.id)).token);
    await outbox.send({
      channel: 'email',
      to: user.email,
      subject: 'Your Tendwell account is ready',
      body: `${greeting(user)}\n\nAn account was created for you on Tendwell. Claim it and choose your password here (valid for 7 days):\n${url}`,
      link: url,
    });
  };

  // ---- sessions ----------------------------------------------------------------------------------

  const startSession = async (user: UserRow, accountId?: string) => {
    const account = accountId ? ((await userService.accountsOf(user.id)).find((a) => a.id === accountId) ?? null) : await userService.defaultAccount(user.id);
    const issued = await tokens.issueSession({ userId: user.id, accountId: account?.id ?? null, accountType: (account?.type ?? null) as AccountType | null });
    const info = await userService.info(user.id, account?.id ?? null);
    return { token: issued.token, role: info.role, user: info };
  };

  const needsSmsConfirmation = (user: UserRow) => user.confirmationMethod === 'sms' && !user.phoneConfirmed;

  const assertMaySignIn = (user: UserRow) => {
    if (user.status === 'inactive') throw forbidden(AUTH_TEXTS.accountInactive, 'account_inactive');
    if (user.status === 'claim_account') throw forbidden(AUTH_TEXTS.accountNotClaimed, 'account_not_claimed');
  };

  /** The outcome once the person is known to be `user` (password or social identity checked). */
  const signInOutcome = async (user: UserRow, via: 'password' | 'social'): Promise<LoginResponse> => {
    assertMaySignIn(user);
    if (needsSmsConfirmation(user)) {
      try {
        await sendSmsCode(user);
      } catch (error) {
        // Too many codes lately: the last one is still in the user's messages; say the same thing.
        if (!(error instanceof HttpError && error.status === 429)) throw error;
      }
      return {
        message: MESSAGES.AccountRequiresSMSConfirmation,
        code: ACCOUNT_REQUIRES_SMS_CONFIRMATION,
        loggedIn: false,
        resetPasswordOnLogin: false,
      };
    }
    if (via === 'password' && user.temporaryPassword) {
      const temporary = await tokens.issue('temporary', user.id);
      return {
        message: AUTH_TEXTS.temporaryPassword,
        code: 'temporary_password',
        loggedIn: false,
        resetPasswordOnLogin: true,
        temporaryResetToken: temporary.token,
      };
    }
    const session = await startSession(user);
    return { message: AUTH_TEXTS.loggedIn, code: 'logged_in', loggedIn: true, resetPasswordOnLogin: false, ...session };
  };

  const matchesAppPassword = async (userId: string, password: string): Promise<boolean> => {
    const rows = await db.select().from(appPasswords).where(eq(appPasswords.userId, userId));
    for (const row of rows) {
      if (await verifyPassword(password, row.passwordHash)) {
        await db.update(appPasswords).set({ lastUsedAt: now() }).where(eq(appPasswords.id, row.id));
        return true;
      }
    }
    return false;
  };

  /** The person acting on their own user record without a session (a link, a code): themselves, role none (super for super). */
  const selfActor = (user: UserRow): Actor => ({ userId: user.id, accountId: null, role: user.role === 'super' ? 'super' : 'none' });

  /** One event of the user account chart on `user`, with the columns that change with it. */
  const userEvent = (user: UserRow, type: 'user.confirm' | 'user.claim', changes?: UserChanges) =>
    transitions.change('user', { auth: selfActor(user), requestId: null, target: user.id, event: { type }, ...(changes ? { changes } : {}) });

  // ---- registration ------------------------------------------------------------------------------

  interface NewUser {
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string | null;
    readonly phone: string | null;
    readonly passwordHash: string | null;
    readonly confirmationMethod: 'email' | 'sms';
    readonly registerVersion: string | null;
    readonly type: 'customer' | 'organization' | 'affiliate';
    readonly referredBy: string | null;
    readonly address: string | null;
    readonly identity?: { provider: string; identity: SocialIdentity };
  }

  const assertEmailFree = async (email: string) => {
    if (await userService.byEmail(email)) throw conflict(MESSAGES.email_exists, 'email_exists');
  };

  const createUser = async (input: NewUser): Promise<UserRow> => {
    const userId = newId();
    const accountId = newId();
    const at = now();
    const meta: AccountMetaValue = {
      initialSetup: false,
      skipOnboarding: false,
      isApproved: input.type !== 'organization',
      last_active_account: accountId,
    };
    try {
      return await db.transaction(async (tx) => {
        // The user account chart decides the status: by email it waits for the address, else it is active.
        const { row: user } = await transitions.create('user', {
          tx,
          auth: { userId, accountId, role: input.type },
          requestId: null,
          event: { type: 'user.register', method: input.confirmationMethod, verifiedEmail: input.identity !== undefined },
          values: {
            id: userId,
            email: input.email,
            role: 'user',
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash: input.passwordHash,
            registerVersion: input.registerVersion,
            phone: input.phone,
            confirmationMethod: input.confirmationMethod,
          },
        });
        await tx.insert(accounts).values({
          id: accountId,
          userId,
          type: input.type,
          primaryEmail: input.email,
          firstName: input.firstName,
          meta,
          settings: { language_preference: 'default', stripe_id: null },
          referredBy: input.referredBy,
          registrationAddress: input.address,
          createdAt: at,
        });
        if (input.identity) {
          await tx.insert(socialIdentities).values({
            id: newId(),
            userId,
            provider: input.identity.provider,
            subject: input.identity.identity.subject,
            email: input.identity.identity.email,
            createdAt: at,
          });
        }
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        if (await userService.byEmail(input.email)) throw conflict(MESSAGES.email_exists, 'email_exists');
        if (input.phone) throw conflict(AUTH_TEXTS.phoneExists, 'phone_exists');
        throw conflict(AUTH_TEXTS.socialTaken, 'social_already_connected');
      }
      throw error;
    }
  };

  const registrationInput = async (body: RegisterRequest, quick: boolean): Promise<NewUser> => {
    const email = normalizeEmail(body.email);
    const method = quick ? 'email' : (body.account_confirmation_method ?? 'email');
    const phone = body.phone_number?.trim() || null;
    if (phone !== null && !isValidResendPhone(phone)) throw badRequest(INVALID_PHONE_MESSAGE, 'invalid_phone');
    if (method === 'sms' && phone === null) throw badRequest(AUTH_TEXTS.phoneRequired, 'invalid_phone');
    if (body.password !== undefined) assertValidPassword(body.password);
    await assertEmailFree(email);
    if (phone !== null && (await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))).length) {
      throw conflict(AUTH_TEXTS.phoneExists, 'phone_exists');
    }
    return {
      email,
      firstName: body.first_name.trim(),
      lastName: body.last_name?.trim() || null,
      phone,
      passwordHash: body.password !== undefined ? await hashPassword(body.password) : null,
      confirmationMethod: method,
      registerVersion: body.version ?? null,
      type: body.type ?? 'customer',
      referredBy: body.referred_by ?? null,
      address: body.address?.trim() || null,
    };
  };

  const verifySocial = async (provider: string, credential: string, refused: HttpError): Promise<SocialIdentity> => {
    const identity = await social.verify(credential, provider);
    if (!identity) throw refused;
    return identity;
  };

  const socialRegistration = async (body: SocialRegisterRequest) => {
    const identity = await verifySocial(body.provider, body.credential, unauthorized(MESSAGES.signup_error, 'social_token_invalid'));
    if (!identity.emailVerified) throw badRequest(AUTH_TEXTS.socialEmailUnverified, 'social_email_unverified');
    const [linked] = await db
      .select({ id: socialIdentities.id })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, body.provider), eq(socialIdentities.subject, identity.subject)));
    if (linked) throw conflict(AUTH_TEXTS.socialTaken, 'social_already_connected');
    const email = normalizeEmail(identity.email);
    await assertEmailFree(email);
    const user = await createUser({
      email,
      firstName: body.first_name?.trim() || identity.firstName || email.split('@')[0]!,
      lastName: body.last_name?.trim() || identity.lastName,
      phone: null,
      passwordHash: null,
      confirmationMethod: 'email',
      registerVersion: body.version ?? null,
      type: body.type ?? 'customer',
      referredBy: body.referred_by ?? null,
      address: null,
      identity: { provider: body.provider, identity },
    });
    return startSession(user);
  };

  const connections = async (userId: string): Promise<Schemas['SocialConnectionsResponse']['connections']> =>
    (await db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId))).map((row) => ({
      provider: row.provider as Schemas['SocialProvider'],
      email: row.email,
      connectedAt: row.createdAt.toISOString(),
    }));

  const userOf = async (userId: string) => {
    const user = await userService.byId(userId);
    if (!user) throw unauthorized(MESSAGES.login_token_invalid, 'login_token_invalid');
    return user;
  };

  const checked = async (kind: TokenKind, token: string) => {
    const result = await tokens.check(kind, token);
    if (!result.ok) throw tokenRefused(result);
    return result.claims;
  };
  const consumed = async (kind: Exclude<TokenKind, 'session'>, token: string) => {
    const result = await tokens.consume(kind, token);
    if (!result.ok) throw tokenRefused(result);
    return result.claims;
  };

  // ---- the calls ---------------------------------------------------------------------------------

  return {
    async login({ username, password }) {
      const email = normalizeEmail(username);
      const key = `login:${email}`;
      await rateLimit.assertAllowed(key, LIMITS.login);
      const user = await userService.byEmail(email);
      let ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user) ok = false;
      if (!ok && user) ok = await matchesAppPassword(user.id, password);
      if (!ok || !user) {
        await rateLimit.hit(key, LIMITS.login);
        throw unauthorized(MESSAGES.invalid_credentials, 'invalid_credentials');
      }
      await rateLimit.reset(key);
      return signInOutcome(user, 'password');
    },

    async altLogin({ provider, credential }) {
      const identity = await verifySocial(provider, credential, unauthorized(MESSAGES.login_error, 'login_error'));
      const [linked] = await db
        .select({ userId: socialIdentities.userId })
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, identity.subject)));
      let user = linked ? await userService.byId(linked.userId) : undefined;
      if (!user && identity.emailVerified) {
        user = await userService.byEmail(identity.email);
        if (user) {
          // A user who may not sign in (deactivated, unclaimed) is refused before anything is linked.
          assertMaySignIn(user);
          await db
            .insert(socialIdentities)
            .values({ id: newId(), userId: user.id, provider, subject: identity.subject, email: normalizeEmail(identity.email), createdAt: now() })
            .onConflictDoNothing();
        }
      }
      if (!user) throw notFound(AUTH_TEXTS.socialNotFound, 'social_account_not_found');
      return signInOutcome(user, 'social');
    },

    async resetNewPassword(temporaryToken, { password, oldPassword }) {
      const claims = await checked('temporary', temporaryToken);
      const user = await userOf(claims.userId);
      assertMaySignIn(user);
      if (!user.temporaryPassword || !user.passwordHash) throw conflict(AUTH_TEXTS.noTemporaryPassword, 'no_temporary_password');
      const key = `login:${user.email}`;
      await rateLimit.assertAllowed(key, LIMITS.login);
      if (!(await verifyPassword(oldPassword, user.passwordHash))) {
        await rateLimit.hit(key, LIMITS.login);
        throw badRequest(AUTH_TEXTS.wrongTemporaryPassword, 'invalid_old_password');
      }
      assertValidPassword(password);
      if (password === oldPassword) throw badRequest(AUTH_TEXTS.samePassword, 'invalid_password');
      await consumed('temporary', temporaryToken);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), temporaryPassword: false })
        .where(eq(users.id, user.id));
      await rateLimit.reset(key);
      return { message: MESSAGES.new_password_set, ...(await startSession(user)) };
    },

    async refreshToken(auth) {
      const issued = await tokens.issueSession({ userId: auth.userId, accountId: auth.accountId, accountType: auth.accountType });
      return { token: issued.token, role: auth.role };
    },

    check: (auth) => ({ data: { auth: true, role: auth.role, accountId: auth.accountId } }),

    async lostPassword({ username }) {
      const email = normalizeEmail(username);
      await rateLimit.consume(`lost:${email}`, LIMITS.lostPassword);
      const user = await userService.byEmail(email);
      if (user && user.status !== 'inactive') await sendResetEmail(user);
      return { message: MESSAGES.password_reset_link_sent };
    },

    async validateToken({ tokenType, token }) {
      const result = await tokens.check(tokenType, token);
      if (!result.ok) {
        throw result.reason === 'expired'
          ? unauthorized(MESSAGES.login_token_expired, 'login_token_expired')
          : unauthorized(MESSAGES.login_token_invalid, 'login_token_invalid');
      }
      const user = await userService.byId(result.claims.userId);
      if (!user || user.status === 'inactive') throw unauthorized(MESSAGES.login_token_invalid, 'login_token_invalid');
      return { valid: true, tokenType, expiresAt: result.claims.expiresAt.toISOString(), email: user.email };
    },

    async confirmPasswordCode({ verification_code, email }) {
      const user = await userService.byEmail(email);
      await verifyCode(user, 'reset_password', verification_code);
      const reset = await tokens.issue('reset', user!.id);
      return { reset_token: reset.token, message: AUTH_TEXTS.resetCodeAccepted };
    },

    async resetPasswordAction(resetToken, { password }) {
      const claims = await checked('reset', resetToken);
      const user = await userOf(claims.userId);
      if (user.status === 'inactive') throw forbidden(AUTH_TEXTS.accountInactive, 'account_inactive');
      assertValidPassword(password);
      await consumed('reset', resetToken);
      // Proving the mailbox activates a pending or claimed user; every earlier token stops working.
      const changes: UserChanges = { passwordHash: await hashPassword(password), temporaryPassword: false, tokenVersion: user.tokenVersion + 1 };
      if (user.status === 'pending_email') await userEvent(user, 'user.confirm', changes);
      else if (user.status === 'claim_account') await userEvent(user, 'user.claim', changes);
      else await db.update(users).set(changes).where(eq(users.id, user.id));
      await db.delete(verificationCodes).where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'reset_password')));
      await rateLimit.reset(`login:${user.email}`);
      return { message: MESSAGES.new_password_set };
    },

    async confirmAccount({ token }) {
      const claims = await checked('confirm', token);
      const user = await userOf(claims.userId);
      assertMaySignIn(user);
      if (needsSmsConfirmation(user)) throw forbidden(AUTH_TEXTS.confirmPhoneFirst, ACCOUNT_REQUIRES_SMS_CONFIRMATION);
      await consumed('confirm', token);
      if (user.status === 'pending_email') await userEvent(user, 'user.confirm');
      return { message: AUTH_TEXTS.accountConfirmed, ...(await startSession(user)) };
    },

    async logout(auth) {
      await tokens.revoke(auth.tokenId);
      await tokens.pruneRevoked();
      return { message: AUTH_TEXTS.loggedOut };
    },

    async register(body) {
      const input = await registrationInput(body, false);
      // Refuse before anything is created: a 429 must not leave a half-registered user behind.
      await assertMaySendCode(input);
      const user = await createUser(input);
      if (input.confirmationMethod === 'sms') {
        await sendSmsCode(user);
        const account = await userService.defaultAccount(user.id);
        return { message: AUTH_TEXTS.registeredSms, userData: await userService.info(user.id, account?.id ?? null), confirmation: 'sms' };
      }
      await sendConfirmEmail(user);
      const session = await startSession(user);
      return { message: AUTH_TEXTS.registeredEmail, userData: session.user, token: session.token, confirmation: 'email' };
    },

    async registerQuick(body) {
      const input = await registrationInput(body, true);
      await assertMaySendCode(input);
      const user = await createUser(input);
      await sendConfirmEmail(user);
      const session = await startSession(user);
      const reset = await tokens.issue('reset', user.id);
      return { message: AUTH_TEXTS.registeredEmail, id_token: session.token, reset_token: reset.token, userData: session.user };
    },

    async altRegister(body) {
      const session = await socialRegistration(body);
      return { id_token: session.token, message: AUTH_TEXTS.loggedIn, userData: session.user };
    },

    async altRegisterQuick(body) {
      const session = await socialRegistration(body);
      return { token: session.token, message: AUTH_TEXTS.loggedIn, role: session.role, user: session.user };
    },

    async changeAccount(auth, { account_id, account_type }) {
      const owned = await userService.accountsOf(auth.userId);
      const account = owned.find((a) => a.id === account_id && a.type === account_type);
      if (!account) throw forbidden(MESSAGES.switch_account_failed, 'account_switch_forbidden');
      await db
        .update(accounts)
        .set({ meta: sql`jsonb_set(${accounts.meta}, '{last_active_account}', to_jsonb(${account.id}::text))` })
        .where(eq(accounts.userId, auth.userId));
      const user = await userOf(auth.userId);
      const session = await startSession(user, account.id);
      await tokens.revoke(auth.tokenId);
      const [fresh] = await db.select().from(accounts).where(eq(accounts.id, account.id));
      return { token: session.token, account: accountWire(fresh ?? account), role: session.role };
    },

    async checkUsername({ email }) {
      const taken = await userService.byEmail(email);
      return taken ? { available: false, message: MESSAGES.email_exists } : { available: true, message: AUTH_TEXTS.emailAvailable };
    },

    async confirmAccountCode({ verification_code, email, phone }) {
      let user: UserRow | undefined;
      if (email !== undefined) user = await userService.byEmail(email);
      else if (phone !== undefined) {
        if (!isValidResendPhone(phone.trim())) throw badRequest(INVALID_PHONE_MESSAGE, 'invalid_phone');
        [user] = await db.select().from(users).where(eq(users.phone, phone.trim()));
      } else throw badRequest(AUTH_TEXTS.codeTargetMissing);
      // Refuse a user who may not sign in before the code is spent.
      if (user) assertMaySignIn(user);
      const channel = await verifyCode(user, 'confirm_account', verification_code);
      const confirmed = user!;
      assertMaySignIn(confirmed);
      if (channel === 'sms' && !confirmed.phoneConfirmed) {
        await transitions.change('phoneConfirmation', { auth: selfActor(confirmed), requestId: null, target: confirmed.id, event: { type: 'phone.confirm' } });
      }
      if (confirmed.status === 'pending_email') await userEvent(confirmed, 'user.confirm');
      return { message: AUTH_TEXTS.accountConfirmed, ...(await startSession(confirmed)) };
    },

    async resendPhoneConfirmAccountCode({ phone }) {
      if (!isValidResendPhone(phone)) throw badRequest(INVALID_PHONE_MESSAGE, 'invalid_phone');
      const [user] = await db.select().from(users).where(eq(users.phone, phone));
      if (user && needsSmsConfirmation(user) && user.status !== 'inactive') await sendSmsCode(user);
      else await rateLimit.consume(`code:sms:${phone}`, LIMITS.resendCode);
      return { message: AUTH_TEXTS.resendPhone };
    },

    async resendConfirmAccountCode({ email }) {
      const address = normalizeEmail(email);
      const user = await userService.byEmail(address);
      if (user && user.status === 'pending_email') await sendConfirmEmail(user);
      else await rateLimit.consume(`code:email:${address}`, LIMITS.resendCode);
      return { message: AUTH_TEXTS.resendEmail };
    },

    async claimAccount({ token }) {
      const claims = await checked('claim', token);
      const user = await userOf(claims.userId);
      if (user.status !== 'claim_account') throw conflict(AUTH_TEXTS.alreadyClaimed, 'account_already_claimed');
      await consumed('claim', token);
      const reset = await tokens.issue('reset', user.id);
      return { reset_token: reset.token, message: AUTH_TEXTS.claimStarted };
    },

    async inviteToClaim(userId) {
      const user = await userService.byId(userId);
      if (!user || user.status !== 'claim_account') throw conflict(AUTH_TEXTS.alreadyClaimed, 'account_already_claimed');
      await sendClaimEmail(user);
    },

    async generateAppPassword(auth, { password }) {
      assertValidPassword(password);
      const [row] = await db.select({ n: count() }).from(appPasswords).where(eq(appPasswords.userId, auth.userId));
      if ((row?.n ?? 0) >= MAX_APP_PASSWORDS) throw conflict(AUTH_TEXTS.appPasswordLimit, 'app_password_limit');
      const id = newId();
      await db.insert(appPasswords).values({ id, userId: auth.userId, passwordHash: await hashPassword(password), createdAt: now() });
      return { message: AUTH_TEXTS.appPasswordSaved, _id: id };
    },

    async connectSocial(auth, { provider, credential }) {
      const identity = await verifySocial(provider, credential, badRequest(AUTH_TEXTS.socialRejected, 'social_token_invalid'));
      const [existing] = await db
        .select()
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, identity.subject)));
      if (existing && existing.userId !== auth.userId) throw conflict(AUTH_TEXTS.socialTaken, 'social_already_connected');
      if (!existing) {
        try {
          await db.insert(socialIdentities).values({
            id: newId(),
            userId: auth.userId,
            provider,
            subject: identity.subject,
            email: normalizeEmail(identity.email),
            createdAt: now(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(AUTH_TEXTS.socialTaken, 'social_already_connected');
          throw error;
        }
      }
      return { message: AUTH_TEXTS.socialConnected, connections: await connections(auth.userId) };
    },

    async disconnectSocial(auth, { provider }) {
      const mine = await db.select().from(socialIdentities).where(eq(socialIdentities.userId, auth.userId));
      const target = mine.filter((row) => row.provider === provider);
      if (!target.length) throw notFound(`No ${provider} sign-in is connected.`, 'not_found');
      const user = await userOf(auth.userId);
      const [apps] = await db.select({ n: count() }).from(appPasswords).where(eq(appPasswords.userId, auth.userId));
      const othersLeft = mine.length - target.length + (apps?.n ?? 0) + (user.passwordHash ? 1 : 0);
      if (othersLeft === 0) throw conflict(AUTH_TEXTS.lastSignInMethod, 'last_sign_in_method');
      await db.delete(socialIdentities).where(and(eq(socialIdentities.userId, auth.userId), eq(socialIdentities.provider, provider)));
      return { message: AUTH_TEXTS.socialDisconnected, connections: await connections(auth.userId) };
    },
  };
};
