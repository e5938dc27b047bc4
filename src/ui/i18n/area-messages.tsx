import { useMemo, type ComponentType, type ReactElement, type ReactNode } from 'react';
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
/** The app's catalogue plus an area's texts in the page's language, around `children` (what `areaMessages` wraps a component in). */
export function AreaMessages({ catalogues, children }: { catalogues: AreaCatalogues; children: ReactNode }) {
  const intl = useIntl();
  const extra = catalogues[intl.locale] ?? catalogues.en;
  // The app's catalogues are plain strings (src/ui/i18n/messages.ts), never pre-parsed messages.
  const messages = useMemo(() => ({ ...(intl.messages as Record<string, string>), ...extra }), [intl.messages, extra]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} onError={intl.onError}>
      {children}
    </IntlProvider>
  );
}

export function areaMessages(area: string, catalogues: AreaCatalogues) {
  return function withAreaMessages<P extends object>(Component: ComponentType<P>): (props: P) => ReactElement {
    function WithAreaMessages(props: P) {
      return (
        <AreaMessages catalogues={catalogues}>
          <Component {...props} />
        </AreaMessages>
      );
    }
    WithAreaMessages.displayName = `with${area}Messages(${Component.displayName ?? Component.name})`;
    return WithAreaMessages;
  };
}
