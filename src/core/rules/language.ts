import { DEFAULT_LANGUAGE, Languages, type Language, type LanguagePreference } from '../model/language-codes';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (Languages as readonly string[]).includes(value);

/** A browser language tag ('es-MX', 'en_US', 'ES') to a supported language; anything else is en. */
export const languageFromBrowser = (tag: string | null | undefined): Language => {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
};

/** The language to show: the account's preference, or the browser's when the preference is 'default' or absent. */
export const resolveLanguage = (preference: LanguagePreference | null | undefined, browserTag: string | null | undefined): Language =>
  preference === 'en' || preference === 'es' ? preference : languageFromBrowser(browserTag);

/**
 * accounts §4: if the locale preference is 'default', the browser language is saved to the account
 * settings. Returns the language to save, or undefined when nothing needs saving.
 */
export const languageToSave = (
  preference: LanguagePreference | null | undefined,
  browserTag: string | null | undefined,
): Language | undefined => (preference === 'default' ? languageFromBrowser(browserTag) : undefined);
