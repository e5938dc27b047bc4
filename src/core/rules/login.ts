import type { LoginResult } from '../model/auth';
import { ACCOUNT_REQUIRES_SMS_CONFIRMATION } from '../model/auth-codes';
import { loginFailureText } from './messages';

/** The four login outcomes of accounts §4, decided from a login result. */
export type LoginOutcome =
  | { readonly type: 'loggedIn'; readonly token: string }
  | { readonly type: 'smsConfirmation'; readonly message: string }
  | { readonly type: 'temporaryPasswordReset'; readonly temporaryToken: string }
  | { readonly type: 'error'; readonly message: string; readonly code: string | undefined };

/**
 * - code AccountRequiresSMSConfirmation → SMS confirmation (a code is resent; go to /register/verify/sms);
 * - resetPasswordOnLogin with a temporary token → the temporary password must be reset first;
 * - loggedIn with a token → logged in;
 * - anything else → error, with the text of accounts §8.
 */
export const loginOutcome = (result: LoginResult): LoginOutcome => {
  if (result.code === ACCOUNT_REQUIRES_SMS_CONFIRMATION) return { type: 'smsConfirmation', message: result.message };
  if (result.resetPasswordOnLogin && result.temporaryResetToken) {
    return { type: 'temporaryPasswordReset', temporaryToken: result.temporaryResetToken };
  }
  if (result.loggedIn && result.token) return { type: 'loggedIn', token: result.token };
  return { type: 'error', message: loginFailureText({ code: result.code, message: result.message }), code: result.code ?? undefined };
};

/** Login needs a username (accounts §5). */
export const canSubmitLogin = (username: string, password: string): boolean => username.trim() !== '' && password !== '';

export const SMS_VERIFY_PATH = '/register/verify/sms';
