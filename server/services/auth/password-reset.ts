/** Passwords: the e-mailed reset (link or code), checking a token, and replacing a temporary password. */
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/core/rules/messages';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { users, verificationCodes } from '../../db/schema';
import { badRequest, conflict, forbidden, unauthorized } from '../../errors';
import { LIMITS } from '../rate-limit';
import type { UserChanges } from '../transitions';
import { endCredentials, normalizeEmail, passwordKey } from '../users';
import { assertAcceptablePassword } from '../passwords-policy';
import { assertMaySignIn, createUserEvents } from './account-status';
import type { AuthService } from './api';
import type { Codes } from './codes';
import type { Messages } from './messages';
import type { Sessions } from './sessions';
import { type AuthDeps, createTokenChecks } from './support';
import { AUTH_TEXTS } from './texts';

export const createPasswordReset = (
  deps: AuthDeps,
  { verifyCode }: Pick<Codes, 'verifyCode'>,
  { sendResetEmail }: Pick<Messages, 'sendResetEmail'>,
  { startSession }: Pick<Sessions, 'startSession'>,
): Pick<AuthService, 'resetNewPassword' | 'lostPassword' | 'validateToken' | 'confirmPasswordCode' | 'resetPasswordAction'> => {
  const { db, clock, tokens, rateLimit, users: userService, transitions, live } = deps;
  const { userOf, checked, consumed } = createTokenChecks(deps);
  const { userEvent } = createUserEvents(transitions);

  return {
    async resetNewPassword(temporaryToken, { password, oldPassword }, acceptLanguage) {
      const claims = await checked('temporary', temporaryToken);
      const user = await userOf(claims.userId);
      assertMaySignIn(user);
      if (!user.temporaryPassword || !user.passwordHash) throw conflict(AUTH_TEXTS.noTemporaryPassword, 'no_temporary_password');
      const key = passwordKey(user.id);
      await rateLimit.assertAllowed(key, LIMITS.login);
      if (!(await verifyPassword(oldPassword, user.passwordHash))) {
        await rateLimit.hit(key, LIMITS.login);
        throw badRequest(AUTH_TEXTS.wrongTemporaryPassword, 'invalid_old_password');
      }
      await assertAcceptablePassword(password, await userService.languageOf({ userId: user.id }, acceptLanguage));
      if (password === oldPassword) throw badRequest(AUTH_TEXTS.samePassword, 'invalid_password');
      await consumed('temporary', temporaryToken);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), temporaryPassword: false })
        .where(eq(users.id, user.id));
      await rateLimit.reset(key);
      return { message: MESSAGES.new_password_set, ...(await startSession(user)) };
    },

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

    async resetPasswordAction(resetToken, { password }, acceptLanguage) {
      const claims = await checked('reset', resetToken);
      const user = await userOf(claims.userId);
      if (user.status === 'inactive') throw forbidden(AUTH_TEXTS.accountInactive, 'account_inactive');
      await assertAcceptablePassword(password, await userService.languageOf({ userId: user.id }, acceptLanguage));
      await consumed('reset', resetToken);
      // Proving the mailbox activates a pending or claimed user; every earlier token, session and app password stops
      // working (issue 21).
      const passwordHash = await hashPassword(password);
      const changes: UserChanges = { passwordHash, temporaryPassword: false, ...(await endCredentials(db, user, clock.now(), null)) };
      if (user.status === 'pending_email') await userEvent(user, 'user.confirm', changes);
      else if (user.status === 'claim_account') await userEvent(user, 'user.claim', changes);
      else await db.update(users).set(changes).where(eq(users.id, user.id));
      live?.endSessions(user.id);
      await db.delete(verificationCodes).where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'reset_password')));
      await rateLimit.resetPrefix(`login:${user.email}:`);
      return { message: MESSAGES.new_password_set };
    },
  };
};
