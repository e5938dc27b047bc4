import { areaMessages } from './area-messages';
import moneyEn from './money.en.json';
import moneyEs from './money.es.json';

/**
 * The money report screens' texts (`money.*`; English and Spanish), kept out of the
 * app's first chunk like the shop's (src/ui/i18n/shop-messages.tsx): only these screens import them. A screen is
 * wrapped with `withMoneyMessages`, which adds them to the app's catalogue for the current language.
 */
export const moneyCatalogues = { en: moneyEn, es: moneyEs };

export const withMoneyMessages = areaMessages('Money', moneyCatalogues);
