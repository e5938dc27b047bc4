import type { SignupVersion } from '../model/registration';
import { isCompleteCode, sanitizeCode } from './code';
import { canSubmitNewPassword, confirmPasswordError, isValidPassword } from './password';
import { isValidResendPhone, toE164Us } from './phone';
import {
  hasValues,
  isQuickSignup,
  isRegistrationFormValid,
  setDefaultOfForm,
  type FieldErrors,
  type FieldProblem,
  type RegistrationForm,
  type SignupKind,
} from './registration';
import { specRule } from './spec-rule';

/**
 * The rules behind the guards of the registration, password, phone and onboarding flow charts
 * (src/machines/flows). Each quotes its sentence, so the machine catalogue can print it; each `test`
 * calls the rule function that lives in its topic file (password.ts, phone.ts, code.ts, registration.ts).
 */

// ---- registration -----------------------------------------------------------------------------

export interface SignupFacts {
  readonly form: RegistrationForm;
  readonly kind: SignupKind;
  readonly version: SignupVersion;
}

export const registrationRules = {
  formValid: specRule<SignupFacts>({
    id: 'registration.formValid',
    spec: 'Registration payload: email, first_name, last_name, phone_number, address, account_confirmation_method (email or sms) … New password: minimum 6, maximum 128 characters; mismatch message \'Passwords do not match\'.',
    source: 'accounts §3, §5',
    test: ({ form, kind, version }) => isRegistrationFormValid(form, kind, version),
  }),
  keepsChoices: specRule<SignupFacts>({
    id: 'registration.keepsChoices',
    spec: 'Browser storage keys: … a set-default key holding home_size.',
    source: 'accounts §3',
    test: ({ form, kind, version }) => hasValues(setDefaultOfForm(form, kind, version)),
  }),
  quick: specRule<{ readonly kind: SignupKind }>({
    id: 'registration.quick',
    spec: '/register-customer-quick and /register-quick sign up with POST auth/register-quick (response id_token, reset_token).',
    source: 'accounts §2, §7',
    test: ({ kind }) => isQuickSignup(kind),
  }),
  smsConfirmation: specRule<{ readonly confirmation?: string | undefined; readonly token?: string | undefined }>({
    id: 'registration.smsConfirmation',
    spec: 'SMS registration: a verification marker is kept until the code is confirmed.',
    source: 'accounts §4',
    test: ({ confirmation, token }) => confirmation === 'sms' || token === undefined || token === '',
  }),
} as const;

// ---- passwords --------------------------------------------------------------------------------

export type PasswordMode = 'request' | 'action' | 'temporary' | 'change';
export const PasswordModes: readonly PasswordMode[] = ['request', 'action', 'temporary', 'change'];

const MODES_SENTENCE = 'Password reset modes: request (send link), action (set new password), temporary-password reset.';

export const passwordRules = {
  requestMode: specRule<{ readonly mode: PasswordMode }>({
    id: 'password.requestMode',
    spec: MODES_SENTENCE,
    source: 'accounts §4',
    test: ({ mode }) => mode === 'request',
  }),
  actionMode: specRule<{ readonly mode: PasswordMode }>({
    id: 'password.actionMode',
    spec: MODES_SENTENCE,
    source: 'accounts §4',
    test: ({ mode }) => mode === 'action',
  }),
  temporaryMode: specRule<{ readonly mode: PasswordMode }>({
    id: 'password.temporaryMode',
    spec: MODES_SENTENCE,
    source: 'accounts §4',
    test: ({ mode }) => mode === 'temporary',
  }),
  hasUsername: specRule<{ readonly username: string }>({
    id: 'password.hasUsername',
    spec: 'Login needs a username (auth/lost-password sends the username).',
    source: 'accounts §5, §7',
    test: ({ username }) => username.trim() !== '',
  }),
  hasToken: specRule<{ readonly token: string | undefined }>({
    id: 'password.hasToken',
    spec: 'Password reset calls use a separate reset token.',
    source: 'accounts §7',
    test: ({ token }) => typeof token === 'string' && token !== '',
  }),
  newPasswordValid: specRule<{ readonly password: string; readonly confirmation: string }>({
    id: 'password.newPasswordValid',
    spec: "New password: minimum 6, maximum 128 characters; passphrases of 20 or more characters are allowed; mismatch message 'Passwords do not match'.",
    source: 'accounts §5',
    test: ({ password, confirmation }) => canSubmitNewPassword(password, confirmation),
  }),
  hasCurrentPassword: specRule<{ readonly oldPassword: string }>({
    id: 'password.hasCurrentPassword',
    spec: 'POST auth/reset-new-password and PUT users/password/update take the current password (oldPassword) with the new one.',
    source: 'accounts §7, bookings §7',
    test: ({ oldPassword }) => oldPassword !== '',
  }),
} as const;

// ---- phone ------------------------------------------------------------------------------------

/** Who waits for a texted code: the e-mail and/or the phone it was sent to. */
export interface PhoneTarget {
  readonly email?: string | undefined;
  readonly phone?: string | undefined;
}

/** The phone a resend sends: typed digits become '+1' and ten digits; anything else is sent as typed (and refused). */
export const resendPhoneOf = (typed: string): string => toE164Us(typed) ?? typed.trim();

export const phoneRules = {
  hasTarget: specRule<{ readonly target: PhoneTarget | null | undefined }>({
    id: 'phone.hasTarget',
    spec: '/register/verify/sms needs a stored registration marker, else goes to /login.',
    source: 'accounts §2',
    test: ({ target }) => !!target && (!!target.email || !!target.phone),
  }),
  codeComplete: specRule<{ readonly code: string }>({
    id: 'phone.codeComplete',
    spec: 'The verification code auto-submits at 4 characters.',
    source: 'accounts §5',
    test: ({ code }) => isCompleteCode(sanitizeCode(code)),
  }),
  resendPhoneValid: specRule<{ readonly phone: string }>({
    id: 'phone.resendPhoneValid',
    spec: 'Phone on code resend must be exactly 12 characters, else an invalid-phone message.',
    source: 'accounts §5',
    test: ({ phone }) => isValidResendPhone(resendPhoneOf(phone)),
  }),
  signsIn: specRule<{ readonly token: string | undefined }>({
    id: 'phone.signsIn',
    spec: 'SMS registration: confirming logs the user in and returns the role.',
    source: 'accounts §4',
    test: ({ token }) => typeof token === 'string' && token !== '',
  }),
} as const;

// ---- onboarding -------------------------------------------------------------------------------

export const onboardingRules = {
  canFinishSetup: specRule<{ readonly role: string }>({
    id: 'onboarding.canFinishSetup',
    spec: 'A customer who books, or who chooses to skip, is onboarded (meta.initialSetup); a new sign-up reaches /dashboard.',
    source: 'issue 8, accounts §4',
    test: ({ role }) => role === 'customer',
  }),
  profileComplete: specRule<{ readonly first_name: string }>({
    id: 'onboarding.profileComplete',
    spec: 'User info: _id, email, role, first_name … (the first name is required; users/update saves it).',
    source: 'accounts §3, bookings §7',
    test: ({ first_name }) => first_name.trim() !== '',
  }),
  needsPassword: specRule<{ readonly needsPassword: boolean }>({
    id: 'onboarding.needsPassword',
    spec: 'A quick sign-up has no password yet (auth/register-quick answers a reset_token, kept under reset_token): onboarding asks for the first one.',
    source: 'decision',
    test: ({ needsPassword }) => needsPassword,
  }),
  newPasswordValid: passwordRules.newPasswordValid,
} as const;

// ---- password forms ---------------------------------------------------------------------------

/** What the password forms hold; each mode shows some of it. */
export interface PasswordDraft {
  readonly username: string;
  readonly password: string;
  readonly confirmation: string;
  /** The current (or temporary) password, for the temporary reset and the change in settings. */
  readonly oldPassword: string;
}
export type PasswordField = keyof PasswordDraft;

export const emptyPasswordDraft = (username = '', oldPassword = ''): PasswordDraft => ({ username, password: '', confirmation: '', oldPassword });

/** The fields each mode shows. */
export const PASSWORD_MODE_FIELDS: Readonly<Record<PasswordMode, readonly PasswordField[]>> = {
  request: ['username'],
  action: ['password', 'confirmation'],
  temporary: ['oldPassword', 'password', 'confirmation'],
  change: ['oldPassword', 'password', 'confirmation'],
};

/** Field problems of a password form (accounts §5): a username to send, the new-password rules, the match, the current password. */
export const passwordFieldErrors = (mode: PasswordMode, draft: PasswordDraft): FieldErrors<PasswordField> => {
  const shown = new Set(PASSWORD_MODE_FIELDS[mode]);
  const errors: Partial<Record<PasswordField, FieldProblem>> = {};
  if (shown.has('username') && !passwordRules.hasUsername.test(draft)) errors.username = 'required';
  if (shown.has('oldPassword') && !passwordRules.hasCurrentPassword.test(draft)) errors.oldPassword = 'required';
  if (shown.has('password')) {
    if (!isValidPassword(draft.password)) errors.password = 'password';
    else if (confirmPasswordError(draft.password, draft.confirmation) !== undefined) errors.confirmation = 'mismatch';
  }
  return errors;
};
