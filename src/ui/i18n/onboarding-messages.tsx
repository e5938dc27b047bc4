import { areaMessages } from './area-messages';
import onboardingEn from './onboarding.en.json';
import onboardingEs from './onboarding.es.json';

/**
 * The onboarding screens' texts (English and Spanish): the payout onboarding (`payout.*`), the customer's set-up and
 * the organization's wait for approval (`onboarding.*`), kept out of the app's first chunk like the shop's
 * (src/ui/i18n/shop-messages.tsx): only these screens import them. A screen is wrapped with `withOnboardingMessages`,
 * which adds them to the app's catalogue for the current language.
 */
export const onboardingCatalogues = { en: onboardingEn, es: onboardingEs };

export const withOnboardingMessages = areaMessages('Onboarding', onboardingCatalogues);
