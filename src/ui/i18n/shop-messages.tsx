import { areaMessages } from './area-messages';
import shopEn from './shop.en.json';
import shopEs from './shop.es.json';

/**
 * The shop screens' texts (`shop.*`, English and Spanish), kept out of the app's first chunk: only the shop
 * screens import them (the /login first paint stays under its ceiling, tools/budgets.ts). A shop screen is
 * wrapped with `withShopMessages`, which adds them to the app's catalogue for the current language.
 */
export const shopCatalogues = { en: shopEn, es: shopEs };

export const withShopMessages = areaMessages('Shop', shopCatalogues);
