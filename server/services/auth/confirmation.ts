/** Confirming an account (e-mailed link or code, texted code), resending codes, and claiming an account made for someone. */
import { eq } from 'drizzle-orm';
import { ACCOUNT_REQUIRES_SMS_CONFIRMATION } from '../../../src/core/model/auth';
import { INVALID_PHONE_MESSAGE, isValidResendPhone } from '../../../src/core/rules/phone';
import { users } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../errors';
import { LIMITS } from '../rate-limit';
import { type UserRow, normalizeEmail } from '../users';
import { assertMaySignIn, createUserEvents, needsSmsConfirmation, selfActor } from './account-status';
import type { AuthService } from './api';
import type { Codes } from './codes';
import type { Messages } from './messages';
import type { Sessions } from './sessions';
import { type AuthDeps, createTokenChecks } from './support';
import { AUTH_TEXTS } from './texts';

export const createConfirmation = (
  deps: AuthDeps,
  { verifyCode }: Pick<Codes, 'verifyCode'>,
  { sendConfirmEmail, sendSmsCode, sendClaimEmail }: Pick<Messages, 'sendConfirmEmail' | 'sendSmsCode' | 'sendClaimEmail'>,
  { startSession }: Pick<Sessions, 'startSession'>,
): Pick<
  AuthService,
  'confirmAccount' | 'confirmAccountCode' | 'resendPhoneConfirmAccountCode' | 'resendConfirmAccountCode' | 'claimAccount' | 'inviteToClaim'
> => {
  const { db, tokens, rateLimit, users: userService, transitions } = deps;
  const { userOf, checked, consumed } = createTokenChecks(deps);
  const { userEvent } = createUserEvents(transitions);

  return {
    async confirmAccount({ token }) {
      const claims = await checked('confirm', token);
      const user = await userOf(claims.userId);
      assertMaySignIn(user);
      if (needsSmsConfirmation(user)) throw forbidden(AUTH_TEXTS.confirmPhoneFirst, ACCOUNT_REQUIRES_SMS_CONFIRMATION);
      await consumed('confirm', token);
      if (user.status === 'pending_email') await userEvent(user, 'user.confirm');
      return { message: AUTH_TEXTS.accountConfirmed, ...(await startSession(user)) };
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
  };
};
