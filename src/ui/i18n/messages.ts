import type { Language } from '../../core/model/language';
import en from './en.json';
import es from './es.json';

/**
 * The message catalogues. Ids are dotted and start with the area that renders them:
 *   common.*            words used everywhere (loading, close, required…)
 *   shell.*             header, footer, drawer, banner, skip link
 *   menu.<role>.*       role menu items (the ids come from src/core/routes.ts)
 *   notifications.*     the notifications menu
 *   <component>.*       design-system components (dropdown, password, codeInput, table, copy, toast…)
 *   screen.<name>.*     shell screens (notFound, comingSoon, whatIs…)
 *   error.*             error texts of accounts §8; error.code.<code> translates a server `code`
 *   success.*           success texts of accounts §8
 * en.json and es.json hold the same keys; tests/ui/i18n.test.ts checks it.
 */
export type Messages = Record<string, string>;
export type Locale = Language;

export const catalogues: Record<Locale, Messages> = { en, es };

export type MessageId = keyof typeof en;
