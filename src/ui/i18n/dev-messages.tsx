import { areaMessages } from './area-messages';
import devEn from './dev.en.json';
import devEs from './dev.es.json';

/**
 * The texts of the flow explorer (src/ui/screens/dev): `devFlows.*`, English and Spanish, kept out of the app's
 * first chunk, since only that screen imports them (/login's first paint, tools/budgets.ts; docs/performance.md). A screen is wrapped with
 * `withDevMessages`, which adds them to the app's catalogue for the current language (as `withShopMessages`).
 */
export const devCatalogues = { en: devEn, es: devEs };

export const withDevMessages = areaMessages('Dev', devCatalogues);
