import * as Schema from 'effect/Schema';

/** Languages the product speaks (accounts §5, bookings §5): en or es, default en. */
export const Languages = ['en', 'es'] as const;
export const Language = Schema.Literals(Languages);
export type Language = (typeof Languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * An account's stored preference: a language, or 'default' meaning "not chosen yet — use the
 * browser's language" (accounts §4: the browser language is then saved to the account settings).
 */
export const LanguagePreferences = ['en', 'es', 'default'] as const;
export const LanguagePreference = Schema.Literals(LanguagePreferences);
export type LanguagePreference = (typeof LanguagePreferences)[number];
