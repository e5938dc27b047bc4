import type { Language } from '../../core/model/language';
import en from './en.json';

/**
 * The message catalogues. Ids are dotted and start with the area that renders them:
 *   common.*            words used everywhere (loading, close, required…)
 *   shell.*             header, footer, drawer, banner, skip link
 *   menu.<role>.*       role menu items (the ids come from src/core/menus.ts)
 *   notifications.*     the notifications menu
 *   <component>.*       design-system components (dropdown, password, codeInput, table, copy, toast…)
 *   screen.<name>.*     shell screens (notFound, comingSoon, whatIs…)
 *   error.*             error texts of accounts §8; error.code.<code> translates a server `code`
 *   success.*           success texts of accounts §8
 * en.json and es.json hold the same keys; tests/ui/i18n.test.ts checks it.
 */
export type Messages = Record<string, string>;
// In the built app each value is the message's formatjs AST, not its string (tools/compile-messages.ts compiles
// the catalogues at build time); react-intl takes both, so read a message through react-intl, never as a string.
export type Locale = Language;

/**
 * English travels with the app (it is also every missing key's fallback); Spanish is a chunk of its own,
 * loaded the first time a Spanish page renders (tools/budgets.ts: /login's first paint).
 */
const loaded: Partial<Record<Locale, Messages>> = { en };
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve(en),
  es: () => import('./es.json').then((module) => module.default),
};

/** The catalogue of `locale` when it is loaded, else undefined (see loadCatalogue). */
export const catalogueOf = (locale: Locale): Messages | undefined => loaded[locale];

/** Loads the catalogue of `locale` once; later calls answer the same catalogue. */
export const loadCatalogue = async (locale: Locale): Promise<Messages> => {
  const known = loaded[locale];
  if (known) return known;
  const messages = await loaders[locale]();
  loaded[locale] = messages;
  return messages;
};

/** The English catalogue, loaded with the app. */
export const english: Messages = en;

export type MessageId = keyof typeof en;
