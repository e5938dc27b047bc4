import { areaMessages } from './area-messages';
import organizationEn from './organization.en.json';
import organizationEs from './organization.es.json';

/**
 * The approval and team screens' texts (`team.*`, and their error codes; English and Spanish), kept out of the
 * app's first chunk like the shop's (src/ui/i18n/shop-messages.tsx): only these screens import them. A screen is
 * wrapped with `withOrganizationMessages`, which adds them to the app's catalogue for the current language.
 */
export const organizationCatalogues = { en: organizationEn, es: organizationEs };

export const withOrganizationMessages = areaMessages('Organization', organizationCatalogues);
