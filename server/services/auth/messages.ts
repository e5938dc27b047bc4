/**
 * The e-mails and text messages of the authentication flows: confirm, reset, claim, and the texted code, in the
 * language of the user's default account (server/services/recipient-texts.ts).
 */
import { LIMITS } from '../rate-limit';
import { languageOfSettings, recipientTexts } from '../recipient-texts';
import type { UserRow } from '../users';
import type { Codes } from './codes';
import type { AuthDeps } from './support';

export type Messages = ReturnType<typeof createMessages>;

export const createMessages = ({ config, tokens, outbox, rateLimit, users }: Pick<AuthDeps, 'config' | 'tokens' | 'outbox' | 'rateLimit' | 'users'>, { issueCode }: Codes) => {
  const link = (query: string, token: string) => `${config.publicUrl}/login?${query}=${encodeURIComponent(token)}`;
  /** A user's words are those of its default account (the last one it used); a new account's 'default' is English. */
  const textsOf = async (user: UserRow) => recipientTexts(languageOfSettings((await users.defaultAccount(user.id))?.settings));

  const sendConfirmEmail = async (user: UserRow) => {
    await rateLimit.consume(`code:email:${user.email}`, LIMITS.resendCode);
    const code = await issueCode(user.id, 'confirm_account', 'email');
    const url = link('confirm_account', (await tokens.issue('confirm', user.id)).token);
    const { auth } = await textsOf(user);
    await outbox.send({
      channel: 'email',
      to: user.email,
      subject: auth.confirmSubject,
      body: auth.confirmBody(user.firstName, url, code),
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
    await outbox.send({ channel: 'sms', to: user.phone, body: (await textsOf(user)).phoneCode(code), code });
  };

  const sendResetEmail = async (user: UserRow) => {
    const code = await issueCode(user.id, 'reset_password', 'email');
    const url = link('password_reset', (await tokens.issue('reset', user.id)).token);
    const { auth } = await textsOf(user);
    await outbox.send({
      channel: 'email',
      to: user.email,
      subject: auth.resetSubject,
      body: auth.resetBody(user.firstName, url, code),
      code,
      link: url,
    });
  };

  const sendClaimEmail = async (user: UserRow) => {
    const url = link('claim_account', (await tokens.issue('claim', user.id)).token);
    const { auth } = await textsOf(user);
    await outbox.send({
      channel: 'email',
      to: user.email,
      subject: auth.claimSubject,
      body: auth.claimBody(user.firstName, url),
      link: url,
    });
  };

  return { sendConfirmEmail, assertMaySendCode, sendSmsCode, sendResetEmail, sendClaimEmail };
};
