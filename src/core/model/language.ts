import * as Schema from 'effect/Schema';
import { LanguagePreferences, Languages } from './language-codes';

/** The lists and types live in ./language-codes.ts (no schema: the boot path reads them); re-exported here. */
export { DEFAULT_LANGUAGE, LanguagePreferences, Languages } from './language-codes';
import type * as codes from './language-codes';
export type Language = codes.Language;
export type LanguagePreference = codes.LanguagePreference;

export const Language = Schema.Literals(Languages);
export const LanguagePreference = Schema.Literals(LanguagePreferences);
