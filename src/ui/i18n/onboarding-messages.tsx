import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import onboardingEn from './onboarding.en.json';
import onboardingEs from './onboarding.es.json';

/**
 * The onboarding screens' texts (English and Spanish): the payout onboarding (`payout.*`), the customer's set-up and
 * the organization's wait for approval (`onboarding.*`), kept out of the app's first chunk like the shop's
 * (src/ui/i18n/shop-messages.tsx): only these screens import them. A screen is wrapped with `withOnboardingMessages`,
 * which adds them to the app's catalogue for the current language.
 */
export const onboardingCatalogues: Readonly<Record<string, Record<string, string>>> = { en: onboardingEn, es: onboardingEs };

export function withOnboardingMessages<P extends object>(Screen: ComponentType<P>): (props: P) => ReactElement {
  function WithOnboardingMessages(props: P) {
    const intl = useIntl();
    const extra = onboardingCatalogues[intl.locale] ?? onboardingEn;
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
        <Screen {...props} />
      </IntlProvider>
    );
  }
  WithOnboardingMessages.displayName = `withOnboardingMessages(${Screen.displayName ?? Screen.name})`;
  return WithOnboardingMessages;
}
