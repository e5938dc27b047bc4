/** Registration with an e-mail address (and optionally a phone to confirm by SMS); the new user and its first account. */
import { eq } from 'drizzle-orm';
import type { components } from '../../../src/adapters/http/openapi.gen';
import type { ConfirmationMethod, RegistrationType } from '../../../src/core/model/registration';
import { MESSAGES } from '../../../src/core/rules/messages';
import { INVALID_PHONE_MESSAGE, isValidResendPhone } from '../../../src/core/rules/phone';
import { hashPassword } from '../../auth/passwords';
import { newId } from '../../db/ids';
import { type AccountMetaValue, accounts, socialIdentities, users } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { SocialIdentity } from '../social';
import { type UserRow, normalizeEmail } from '../users';
import { assertAcceptablePassword, languageOfRequest } from '../passwords-policy';
import type { AuthService } from './api';
import type { Messages } from './messages';
import type { Sessions } from './sessions';
import { type AuthDeps, isUniqueViolation } from './support';
import { AUTH_TEXTS } from './texts';

type RegisterRequest = components['schemas']['RegisterRequest'];

/** A user to create, with its first account (and social identity, for a social sign-up). */
export interface NewUser {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly phone: string | null;
  readonly passwordHash: string | null;
  readonly confirmationMethod: ConfirmationMethod;
  readonly registerVersion: string | null;
  readonly type: RegistrationType;
  readonly referredBy: string | null;
  readonly address: string | null;
  readonly identity?: { provider: string; identity: SocialIdentity };
}

export type Registration = ReturnType<typeof createRegistration>;

export const createRegistration = (
  deps: AuthDeps,
  { sendConfirmEmail, sendSmsCode, assertMaySendCode }: Pick<Messages, 'sendConfirmEmail' | 'sendSmsCode' | 'assertMaySendCode'>,
  { startSession }: Pick<Sessions, 'startSession'>,
) => {
  const { db, clock, tokens, users: userService, transitions } = deps;
  const now = () => clock.now();

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

  const registrationInput = async (body: RegisterRequest, quick: boolean, acceptLanguage: string | undefined): Promise<NewUser> => {
    const email = normalizeEmail(body.email);
    const method = quick ? 'email' : (body.account_confirmation_method ?? 'email');
    const phone = body.phone_number?.trim() || null;
    if (phone !== null && !isValidResendPhone(phone)) throw badRequest(INVALID_PHONE_MESSAGE, 'invalid_phone');
    if (method === 'sms' && phone === null) throw badRequest(AUTH_TEXTS.phoneRequired, 'invalid_phone');
    if (body.password !== undefined) await assertAcceptablePassword(body.password, languageOfRequest(acceptLanguage));
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

  const calls: Pick<AuthService, 'register' | 'registerQuick' | 'checkUsername'> = {
    async register(body, acceptLanguage) {
      const input = await registrationInput(body, false, acceptLanguage);
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

    async registerQuick(body, acceptLanguage) {
      const input = await registrationInput(body, true, acceptLanguage);
      await assertMaySendCode(input);
      const user = await createUser(input);
      await sendConfirmEmail(user);
      const session = await startSession(user);
      const reset = await tokens.issue('reset', user.id);
      return { message: AUTH_TEXTS.registeredEmail, id_token: session.token, reset_token: reset.token, userData: session.user };
    },

    async checkUsername({ email }) {
      const taken = await userService.byEmail(email);
      return taken ? { available: false, message: MESSAGES.email_exists } : { available: true, message: AUTH_TEXTS.emailAvailable };
    },
  };
  return { createUser, assertEmailFree, calls };
};
