/**
 * The signed-in person's own phone (accounts §5, bookings §7 account tag): a code texted to a new number,
 * and the code coming back makes that number the user's, confirmed. The new number waits with its code
 * (verification_codes.phone), so an unconfirmed number never replaces a confirmed one; the change itself is
 * the phone confirmation chart's `phone.change`, written by the transition service with its audit row.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { INVALID_PHONE_MESSAGE, isValidResendPhone } from '../../src/core/rules/phone';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { badRequest } from '../errors';
import { createCodes } from './auth/codes';
import { isUniqueViolation } from './auth/support';
import { AUTH_TEXTS } from './auth/texts';
import type { OutboxService } from './outbox';
import { LIMITS, type RateLimiter } from './rate-limit';
import { recipientOf, recipientTexts } from './recipient-texts';
import type { TransitionService } from './transitions';

type Schemas = components['schemas'];

export interface AccountService {
  /** Texts a 4-digit code to `phone` (must be well-formed and nobody else's); resending is limited (429). */
  verifyPhone(auth: AuthContext, body: Schemas['VerifyPhoneRequest']): Promise<{ message: string }>;
  /** The code texted to `phone`: that number becomes the user's, confirmed. Answers the user's phones. */
  confirmPhone(auth: AuthContext, body: Schemas['ConfirmPhoneRequest'], requestId: string | null): Promise<Schemas['PhoneList']>;
}

export const ACCOUNT_TEXTS = {
  codeSent: 'A 4-digit code is on its way to this number.',
} as const;

type UserRow = typeof users.$inferSelect;

/** The user's one phone as the contract's Phone: the user has a single number, so its id is the user's. */
export const phonesOf = (user: UserRow): Schemas['Phone'][] =>
  user.phone ? [{ phoneID: user.id, number: user.phone, type: 'mobile', is_default: true, verified: user.phoneConfirmed }] : [];

export const createAccountService = (deps: {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  outbox: OutboxService;
  rateLimit: RateLimiter;
  transitions: TransitionService;
}): AccountService => {
  const { db, outbox, rateLimit, transitions } = deps;
  const { issueCode, verifyCode } = createCodes(deps);

  const wellFormed = (phone: string) => {
    const trimmed = phone.trim();
    if (!isValidResendPhone(trimmed) || !/^\+1\d{10}$/.test(trimmed)) throw badRequest(INVALID_PHONE_MESSAGE, 'invalid_phone');
    return trimmed;
  };
  const taken = badRequest(AUTH_TEXTS.phoneExists, 'phone_exists');
  const assertFree = async (userId: string, phone: string) => {
    const others = await db.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), ne(users.id, userId)));
    if (others.length) throw taken;
  };
  const userOf = async (userId: string) => (await db.select().from(users).where(eq(users.id, userId)))[0];

  return {
    async verifyPhone(auth, body) {
      const phone = wellFormed(body.phone);
      await assertFree(auth.userId, phone);
      // Per number (like the sign-up code) and per person (so one account cannot text many numbers).
      await rateLimit.assertAllowed(`code:sms:${phone}`, LIMITS.resendCode);
      await rateLimit.consume(`code:phone-user:${auth.userId}`, LIMITS.resendCode);
      await rateLimit.hit(`code:sms:${phone}`, LIMITS.resendCode);
      const code = await issueCode(auth.userId, 'confirm_phone', 'sms', phone);
      // In the language of the account signed in (English for a staff user, who has none).
      const texts = (auth.accountId ? (await recipientOf(db, auth.accountId))?.texts : undefined) ?? recipientTexts('en');
      await outbox.send({ channel: 'sms', to: phone, body: texts.phoneCode(code), code });
      return { message: ACCOUNT_TEXTS.codeSent };
    },

    async confirmPhone(auth, body, requestId) {
      const phone = wellFormed(body.phone);
      await verifyCode(await userOf(auth.userId), 'confirm_phone', body.verification_code, phone);
      await assertFree(auth.userId, phone);
      try {
        const { row } = await transitions.change('phoneConfirmation', {
          auth,
          requestId,
          target: auth.userId,
          event: { type: 'phone.change', phone },
        });
        return { phones: phonesOf(row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw taken; // another user confirmed the same number meanwhile
        throw error;
      }
    },
  };
};
