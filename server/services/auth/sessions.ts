/** Sessions: login with a password, the sign-in outcome, token refresh and check, logout, switching account. */
import { eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/adapters/http/openapi.gen';
import { ACCOUNT_REQUIRES_SMS_CONFIRMATION } from '../../../src/core/model/auth';
import type { AccountType } from '../../../src/core/model/roles';
import { MESSAGES } from '../../../src/core/rules/messages';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { accounts } from '../../db/schema';
import { HttpError, forbidden, unauthorized } from '../../errors';
import { LIMITS, loginKey } from '../rate-limit';
import { type UserRow, accountWire, normalizeEmail } from '../users';
import { assertMaySignIn, needsSmsConfirmation } from './account-status';
import type { AuthService } from './api';
import type { AppPasswords } from './app-passwords';
import type { Messages } from './messages';
import { type AuthDeps, createTokenChecks } from './support';
import { AUTH_TEXTS } from './texts';

type LoginResponse = components['schemas']['LoginResponse'];

export type Sessions = ReturnType<typeof createSessions>;

export const createSessions = (deps: AuthDeps, { sendSmsCode }: Pick<Messages, 'sendSmsCode'>, { matchesAppPassword }: Pick<AppPasswords, 'matchesAppPassword'>) => {
  const { db, tokens, rateLimit, users: userService, live } = deps;
  const { userOf } = createTokenChecks(deps);

  /** A session token for `user`: a new session (signed in now, by `session.via`), or the next token of `session`. */
  const startSession = async (user: UserRow, accountId?: string, session: Parameters<typeof tokens.issueSession>[1] = { via: 'pwd' }) => {
    const account = accountId ? ((await userService.accountsOf(user.id)).find((a) => a.id === accountId) ?? null) : await userService.defaultAccount(user.id);
    const issued = await tokens.issueSession({ userId: user.id, accountId: account?.id ?? null, accountType: (account?.type ?? null) as AccountType | null }, session);
    const info = await userService.info(user.id, account?.id ?? null);
    return { token: issued.token, role: info.role, user: info };
  };

  /** The outcome once the person is known to be `user` (password or social identity checked). */
  const signInOutcome = async (user: UserRow, via: 'password' | 'social', appPasswordId?: string): Promise<LoginResponse> => {
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
    const session = await startSession(user, undefined, via === 'social' ? { via: 'social' } : appPasswordId ? { via: 'app', appPasswordId } : { via: 'pwd' });
    return { message: AUTH_TEXTS.loggedIn, code: 'logged_in', loggedIn: true, resetPasswordOnLogin: false, ...session };
  };

  const calls: Pick<AuthService, 'login' | 'refreshToken' | 'check' | 'logout' | 'changeAccount'> = {
    async login({ username, password }, clientIp = 'unknown') {
      const email = normalizeEmail(username);
      // Failures count per account AND client (issue 21): a client that failed is slowed down (429 after 5 in 15
      // minutes, and CLIENT_LIMITS.signIn across accounts), while a client that has not failed still signs in with
      // the right password — nobody can lock an account from elsewhere.
      const key = loginKey(email, clientIp);
      await rateLimit.assertAllowed(key, LIMITS.login);
      const user = await userService.byEmail(email);
      let ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user) ok = false;
      let appPasswordId: string | undefined;
      if (!ok && user) {
        appPasswordId = await matchesAppPassword(user.id, password);
        ok = appPasswordId !== undefined;
      }
      if (!ok || !user) {
        await rateLimit.hit(key, LIMITS.login);
        throw unauthorized(MESSAGES.invalid_credentials, 'invalid_credentials');
      }
      await rateLimit.reset(key);
      return signInOutcome(user, 'password', appPasswordId);
    },

    async refreshToken(auth) {
      // The next token of the same session (it ends when the session does), and the one it replaces is revoked.
      if (!auth.session) throw unauthorized();
      const issued = await tokens.issueSession({ userId: auth.userId, accountId: auth.accountId, accountType: auth.accountType }, auth.session);
      await tokens.revoke(auth.tokenId, auth.expiresAt);
      return { token: issued.token, role: auth.role };
    },

    check: (auth) => ({ data: { auth: true, role: auth.role, accountId: auth.accountId } }),

    async logout(auth) {
      // The whole session ends, whichever of its tokens (a refresh's older ones too) and its live connections.
      await tokens.revoke(auth.tokenId, auth.expiresAt);
      if (auth.session) {
        await tokens.endSession(auth.session);
        live?.endSession(auth.session.id);
      }
      await tokens.pruneRevoked();
      return { message: AUTH_TEXTS.loggedOut };
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
      const session = await startSession(user, account.id, auth.session);
      await tokens.revoke(auth.tokenId, auth.expiresAt);
      const [fresh] = await db.select().from(accounts).where(eq(accounts.id, account.id));
      return { token: session.token, account: accountWire(fresh ?? account), role: session.role };
    },
  };
  return { startSession, signInOutcome, calls };
};
