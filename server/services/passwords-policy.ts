/**
 * What the server accepts as a new password (issue 21 "Common passwords"): the spec's rule (accounts §5: 6 to 128
 * characters, no composition tests), and none of the 10,000 most common passwords. The list is the ranked common
 * passwords of @zxcvbn-ts/language-common (the zxcvbn-ts project's dictionary, most common first), read once on the
 * first check; compared without regard to case ('Password' is 'password'). Refusals are in the person's language:
 * the account's preference, else the browser's (Accept-Language), else English; Spanish says "usted".
 */
import type { Language, LanguagePreference } from '../../src/core/model/language-codes';
import { resolveLanguage } from '../../src/core/rules/language';
import { INVALID_PASSWORD, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, isValidPassword } from '../../src/core/rules/password';
import { badRequest } from '../errors';

export type { Language };

/** How many of the list's most common passwords are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Promise<ReadonlySet<string>> | undefined;
/** The refused passwords, lower-cased (loaded on first use: the dictionary is 49,000 words). */
export const commonPasswords = (): Promise<ReadonlySet<string>> =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase())),
  ));

export const PASSWORD_TEXTS: Readonly<Record<Language, { readonly length: string; readonly common: string }>> = {
  en: {
    length: `${INVALID_PASSWORD}: use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    common: 'This password is one of the most common ones and is easy to guess. Choose another.',
  },
  es: {
    length: `Contraseña no válida: use de ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres.`,
    common: 'Esta contraseña es de las más comunes y es fácil de adivinar. Elija otra.',
  },
};

/** The person's language: the account's preference, else the browser's Accept-Language, else English. */
export const languageOfRequest = (acceptLanguage: string | undefined, preference?: LanguagePreference | null): Language =>
  resolveLanguage(preference, acceptLanguage?.split(',')[0]);

/**
 * 400 unless `password` may be a new password: 'invalid_password' for the spec's length rule, 'password_too_common'
 * for one of the most common passwords; the message in `language`.
 */
export const assertAcceptablePassword = async (password: string, language: Language = 'en'): Promise<void> => {
  if (!isValidPassword(password)) throw badRequest(PASSWORD_TEXTS[language].length, 'invalid_password');
  if ((await commonPasswords()).has(password.toLowerCase())) throw badRequest(PASSWORD_TEXTS[language].common, 'password_too_common');
};
