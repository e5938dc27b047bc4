import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import helpdeskEn from './helpdesk.en.json';
import helpdeskEs from './helpdesk.es.json';

/**
 * The texts of the help-desk screens (src/ui/screens/helpdesk): `helpdesk.*`, English and Spanish, kept out of the
 * app's first chunk, since only those screens import them (/login's first paint, tools/budgets.ts; docs/performance.md). A screen is wrapped with
 * `withHelpDeskMessages`, which adds them to the app's catalogue for the current language (as `withShopMessages`).
 */
export const helpdeskCatalogues: Readonly<Record<string, Record<string, string>>> = { en: helpdeskEn, es: helpdeskEs };

export function withHelpDeskMessages<P extends object>(Screen: ComponentType<P>): (props: P) => ReactElement {
  function WithHelpDeskMessages(props: P) {
    const intl = useIntl();
    const extra = helpdeskCatalogues[intl.locale] ?? helpdeskEn;
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
        <Screen {...props} />
      </IntlProvider>
    );
  }
  WithHelpDeskMessages.displayName = `withHelpDeskMessages(${Screen.displayName ?? Screen.name})`;
  return WithHelpDeskMessages;
}
