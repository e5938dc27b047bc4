import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import moneyEn from './money.en.json';
import moneyEs from './money.es.json';

/**
 * The money report screens' texts (`money.*`; English and Spanish), kept out of the
 * app's first chunk like the shop's (src/ui/i18n/shop-messages.tsx): only these screens import them. A screen is
 * wrapped with `withMoneyMessages`, which adds them to the app's catalogue for the current language.
 */
export const moneyCatalogues: Readonly<Record<string, Record<string, string>>> = { en: moneyEn, es: moneyEs };

export function withMoneyMessages<P extends object>(Screen: ComponentType<P>): (props: P) => ReactElement {
  function WithMoneyMessages(props: P) {
    const intl = useIntl();
    const extra = moneyCatalogues[intl.locale] ?? moneyEn;
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
        <Screen {...props} />
      </IntlProvider>
    );
  }
  WithMoneyMessages.displayName = `withMoneyMessages(${Screen.displayName ?? Screen.name})`;
  return WithMoneyMessages;
}
