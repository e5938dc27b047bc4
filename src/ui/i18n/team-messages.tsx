import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import teamEn from './team.en.json';
import teamEs from './team.es.json';

/**
 * The approval and team screens' texts (`team.*`, and their error codes; English and Spanish), kept out of the
 * app's first chunk like the shop's (src/ui/i18n/shop-messages.tsx): only these screens import them. A screen is
 * wrapped with `withTeamMessages`, which adds them to the app's catalogue for the current language.
 */
export const teamCatalogues: Readonly<Record<string, Record<string, string>>> = { en: teamEn, es: teamEs };

export function withTeamMessages<P extends object>(Screen: ComponentType<P>): (props: P) => ReactElement {
  function WithTeamMessages(props: P) {
    const intl = useIntl();
    const extra = teamCatalogues[intl.locale] ?? teamEn;
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
        <Screen {...props} />
      </IntlProvider>
    );
  }
  WithTeamMessages.displayName = `withTeamMessages(${Screen.displayName ?? Screen.name})`;
  return WithTeamMessages;
}
