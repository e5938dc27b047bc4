/**
 * The languages as plain lists, with no schema: the session chart, the language rules and the header read them on
 * every page's boot path without loading effect/Schema (docs/performance.md). ./language.ts adds the schemas and
 * re-exports all of this.
 */

/** Languages the product speaks (accounts §5, bookings §5): en or es, default en. */
export const Languages = ['en', 'es'] as const;
export type Language = (typeof Languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * An account's stored preference: a language, or 'default' meaning "not chosen yet — use the
 * browser's language" (accounts §4: the browser language is then saved to the account settings).
 */
export const LanguagePreferences = ['en', 'es', 'default'] as const;
export type LanguagePreference = (typeof LanguagePreferences)[number];
