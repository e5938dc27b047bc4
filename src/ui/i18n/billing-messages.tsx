import { areaMessages } from './area-messages';
import billingEn from './billing.en.json';
import billingEs from './billing.es.json';

/** The billing screens' texts (src/ui/screens/billing; English and Spanish), loaded with these screens rather than with the app's first page (tools/budgets.ts). */
export const billingCatalogues = { en: billingEn, es: billingEs };

export const withBillingMessages = areaMessages('Billing', billingCatalogues);
