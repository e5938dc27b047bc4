import type { ComponentType, ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';

/** An area's texts in each language (`<area>.en.json`, `<area>.es.json`). */
export type AreaCatalogues = Readonly<Record<string, Record<string, string>>> & { readonly en: Record<string, string> };

/**
 * A wrapper that adds an area's texts to the app's catalogue for the current language (English when the language
 * has none), as `withShopMessages` and `withTicketsMessages` do. The area's catalogues travel in the chunks of the
 * components it wraps, so the app's first chunk (en.json, before /login paints) does not carry them
 * (docs/performance.md). Messages the shell shows outside the wrapped component (toasts, the menu, the loading
 * and error states) stay in en.json/es.json.
 */
export function areaMessages(area: string, catalogues: AreaCatalogues) {
  return function withAreaMessages<P extends object>(Component: ComponentType<P>): (props: P) => ReactElement {
    function WithAreaMessages(props: P) {
      const intl = useIntl();
      const extra = catalogues[intl.locale] ?? catalogues.en;
      return (
        <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...extra }} onError={intl.onError}>
          <Component {...props} />
        </IntlProvider>
      );
    }
    WithAreaMessages.displayName = `with${area}Messages(${Component.displayName ?? Component.name})`;
    return WithAreaMessages;
  };
}
