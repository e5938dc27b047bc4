/**
 * New-password rules and the strength meter (accounts §5).
 * Rules: 6 to 128 characters; passphrases of 20+ characters are allowed; no composition tests.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** A passphrase (20+ characters, spaces allowed) is accepted as it is: no composition rules apply. */
export const PASSPHRASE_MIN_LENGTH = 20;

export const PASSWORD_REQUIREMENTS_TITLE = 'Password requirements';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const INVALID_PASSWORD = 'Invalid Password';

export type PasswordRuleId = 'minLength' | 'maxLength';

/** The rules listed under 'Password requirements', with their English texts. */
export const PASSWORD_RULES: readonly { readonly id: PasswordRuleId; readonly text: string }[] = [
  { id: 'minLength', text: `At least ${PASSWORD_MIN_LENGTH} characters` },
  { id: 'maxLength', text: `At most ${PASSWORD_MAX_LENGTH} characters` },
];

/** Rules the password fails, in the order they are listed (empty when the password is acceptable). */
export const passwordErrors = (password: string): readonly PasswordRuleId[] => {
  const errors: PasswordRuleId[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push('minLength');
  if (password.length > PASSWORD_MAX_LENGTH) errors.push('maxLength');
  return errors;
};

export const isValidPassword = (password: string): boolean => passwordErrors(password).length === 0;

export const isPassphrase = (password: string): boolean => password.length >= PASSPHRASE_MIN_LENGTH && isValidPassword(password);

/** The confirm field appears when the password is longer than 4 characters and has no errors. */
export const showConfirmField = (password: string): boolean => password.length > 4 && passwordErrors(password).length === 0;

/** 'Passwords do not match' while the confirmation differs; undefined when they match. */
export const confirmPasswordError = (password: string, confirmation: string): string | undefined =>
  password === confirmation ? undefined : PASSWORDS_DO_NOT_MATCH;

/** Whether a new-password form may be submitted. */
export const canSubmitNewPassword = (password: string, confirmation: string): boolean =>
  isValidPassword(password) && confirmPasswordError(password, confirmation) === undefined;

// ---- Strength meter -------------------------------------------------------------------------

/** The listed special characters: the 32 printable ASCII punctuation characters. */
export const PASSWORD_SPECIAL_CHARACTERS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export const STRENGTH_BASE = 1;
export const STRENGTH_DIGIT = 0.75;
export const STRENGTH_UPPERCASE = 1;
export const STRENGTH_LOWERCASE = 0.25;
export const STRENGTH_SPECIAL = 1;
export const STRENGTH_PASS = 6;
export const STRENGTH_SCALE = 15;

/**
 * Score: starts at 1; +0.75 per digit, +1 per uppercase letter (A–Z), +0.25 per lowercase letter
 * (a–z), +1 per listed special character; any other character adds nothing.
 */
export const passwordStrength = (password: string): number => {
  let score = STRENGTH_BASE;
  for (const ch of password) {
    if (ch >= '0' && ch <= '9') score += STRENGTH_DIGIT;
    else if (ch >= 'A' && ch <= 'Z') score += STRENGTH_UPPERCASE;
    else if (ch >= 'a' && ch <= 'z') score += STRENGTH_LOWERCASE;
    else if (PASSWORD_SPECIAL_CHARACTERS.includes(ch)) score += STRENGTH_SPECIAL;
  }
  return score;
};

/** The meter passes at a score of 6 or more. */
export const strengthPasses = (password: string): boolean => passwordStrength(password) >= STRENGTH_PASS;

/** The bar: score out of 15 as a percentage, capped at 100. */
export const strengthPercent = (password: string): number =>
  Math.min(100, (passwordStrength(password) / STRENGTH_SCALE) * 100);
