import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import organizationEn from './organization.en.json';
import organizationEs from './organization.es.json';

/**
 * The approval and team screens' texts (`team.*`, and their error codes; English and Spanish), kept out of the
 * app's first chunk like the shop's (src/ui/i18n/shop-messages.tsx): only these screens import them. A screen is
 * wrapped with `withOrganizationMessages`, which adds them to the app's catalogue for the current language.
 */
export const organizationCatalogues: Readonly<Record<string, Record<string, string>>> = { en: organizationEn, es: organizationEs };

export function withOrganizationMessages<P extends object>(Screen: ComponentType<P>): (props: P) => ReactElement {
  function WithTeamMessages(props: P) {
    const intl = useIntl();
    const extra = organizationCatalogues[intl.locale] ?? organizationEn;
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
        <Screen {...props} />
      </IntlProvider>
    );
  }
  WithTeamMessages.displayName = `withOrganizationMessages(${Screen.displayName ?? Screen.name})`;
  return WithTeamMessages;
}
