/** The e-mails and text messages of the authentication flows: confirm, reset, claim, and the texted code. */
import { LIMITS } from '../rate-limit';
import type { UserRow } from '../users';
import type { Codes } from './codes';
import type { AuthDeps } from './support';

export type Messages = ReturnType<typeof createMessages>;

export const createMessages = ({ config, tokens, outbox, rateLimit }: Pick<AuthDeps, 'config' | 'tokens' | 'outbox' | 'rateLimit'>, { issueCode }: Codes) => {
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

  return { sendConfirmEmail, assertMaySendCode, sendSmsCode, sendResetEmail, sendClaimEmail };
};
