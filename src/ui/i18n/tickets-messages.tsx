import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import ticketsEn from './tickets.en.json';
import ticketsEs from './tickets.es.json';

/**
 * The texts of the help-desk screens (src/ui/screens/tickets): `helpdesk.*`, English and Spanish, kept out of the
 * app's first chunk, since only those screens import them (/login's first paint, tools/budgets.ts; docs/performance.md). A screen is wrapped with
 * `withTicketsMessages`, which adds them to the app's catalogue for the current language (as `withShopMessages`).
 */
export const ticketsCatalogues: Readonly<Record<string, Record<string, string>>> = { en: ticketsEn, es: ticketsEs };

export function withTicketsMessages<P extends object>(Screen: ComponentType<P>): (props: P) => ReactElement {
  function WithHelpDeskMessages(props: P) {
    const intl = useIntl();
    const extra = ticketsCatalogues[intl.locale] ?? ticketsEn;
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
        <Screen {...props} />
      </IntlProvider>
    );
  }
  WithHelpDeskMessages.displayName = `withTicketsMessages(${Screen.displayName ?? Screen.name})`;
  return WithHelpDeskMessages;
}
