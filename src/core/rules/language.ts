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

/**
 * The visitor's language from a request's Accept-Language header: its preferred tag (the highest q, the first of
 * equals), which is what the browser reports as `navigator.language`; English when absent. The server serves the
 * page rendered in it, and the app, starting from `navigator.language`, takes that page over in the same language.
 */
export const languageFromAcceptLanguage = (header: string | null | undefined): Language => {
  let best: { tag: string; q: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
    if (tag && tag !== '*' && Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { tag, q };
  }
  return languageFromBrowser(best?.tag);
};
