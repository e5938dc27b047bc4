import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import devEn from './dev.en.json';
import devEs from './dev.es.json';

/**
 * The texts of the flow explorer (src/ui/screens/dev): `devFlows.*`, English and Spanish, kept out of the app's
 * first chunk, since only that screen imports them (/login's first paint, tools/budgets.ts; docs/performance.md). A screen is wrapped with
 * `withDevMessages`, which adds them to the app's catalogue for the current language (as `withShopMessages`).
 */
export const devCatalogues: Readonly<Record<string, Record<string, string>>> = { en: devEn, es: devEs };

export function withDevMessages<P extends object>(Screen: ComponentType<P>): (props: P) => ReactElement {
  function WithDevFlowsMessages(props: P) {
    const intl = useIntl();
    const extra = devCatalogues[intl.locale] ?? devEn;
    return (
      <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
        <Screen {...props} />
      </IntlProvider>
    );
  }
  WithDevFlowsMessages.displayName = `withDevMessages(${Screen.displayName ?? Screen.name})`;
  return WithDevFlowsMessages;
}
