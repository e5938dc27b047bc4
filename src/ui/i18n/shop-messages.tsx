import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import shopEn from './shop.en.json';
import shopEs from './shop.es.json';

/**
 * The shop screens' texts (`shop.*`, English and Spanish), kept out of the app's first chunk: only the shop
 * screens import them (the /login first paint stays under its ceiling, tools/budgets.ts). A shop screen is
 * wrapped with `withShopMessages`, which adds them to the app's catalogue for the current language.
 */
export const shopCatalogues: Readonly<Record<string, Record<string, string>>> = { en: shopEn, es: shopEs };

export function withShopMessages<P extends object>(Screen: ComponentType<P>): (props: P) => ReactElement {
  function WithShopMessages(props: P) {
    const intl = useIntl();
    const extra = shopCatalogues[intl.locale] ?? shopEn;
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
        <Screen {...props} />
      </IntlProvider>
    );
  }
  WithShopMessages.displayName = `withShopMessages(${Screen.displayName ?? Screen.name})`;
  return WithShopMessages;
}
