/**
 * The authentication calls, composed from one module per job (server/services/auth/):
 * - codes.ts — 4-digit codes and their attempt limits;
 * - messages.ts — the e-mails and texts of the flows;
 * - account-status.ts — what a user's status allows, and the user's own status changes (user chart);
 * - sessions.ts — login, the sign-in outcome, token refresh and check, logout, switching account;
 * - password-reset.ts — lost password (link or code), token check, temporary password;
 * - registration.ts — registration by e-mail or SMS, the new user and its first account;
 * - confirmation.ts — confirming an account (link, code, texted code), resending codes, claiming;
 * - social-sign-in.ts — sign-in and sign-up with a social provider, connecting and disconnecting;
 * - app-passwords.ts — app passwords;
 * - texts.ts, support.ts, api.ts — the answers' texts, shared dependencies and token checks, the call types.
 */
import type { AuthService } from './auth/api';
import { createAppPasswords } from './auth/app-passwords';
import { createCodes } from './auth/codes';
import { createConfirmation } from './auth/confirmation';
import { createMessages } from './auth/messages';
import { createPasswordReset } from './auth/password-reset';
import { createRegistration } from './auth/registration';
import { createSessions } from './auth/sessions';
import { createSocialSignIn } from './auth/social-sign-in';
import type { AuthDeps } from './auth/support';

export type { AuthService } from './auth/api';
export type { AuthDeps } from './auth/support';

export const createAuthService = (deps: AuthDeps): AuthService => {
  const codes = createCodes(deps);
  const messages = createMessages(deps, codes);
  const appPasswords = createAppPasswords(deps);
  const sessions = createSessions(deps, messages, appPasswords);
  const registration = createRegistration(deps, messages, sessions);
  return {
    ...sessions.calls,
    ...createPasswordReset(deps, codes, messages, sessions),
    ...registration.calls,
    ...createConfirmation(deps, codes, messages, sessions),
    ...createSocialSignIn(deps, sessions, registration),
    ...appPasswords.calls,
  };
};
