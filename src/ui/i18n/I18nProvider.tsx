import { useEffect, useReducer } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { IntlConfig } from 'react-intl';
import { catalogueOf, english, loadCatalogue } from './messages';
import type { Locale } from './messages';

export interface I18nProviderProps {
  locale: Locale;
  children: ReactNode;
  /** Defaults to logging missing translations in development; tests pass a throwing handler. */
  onError?: IntlConfig['onError'];
}

/**
 * Provides react-intl with the catalogue of `locale` ('en' | 'es') and sets <html lang>; English is the default.
 * A catalogue that is not loaded yet (Spanish, the first time) is fetched, and English shows meanwhile: the
 * tree stays mounted, so nothing typed is lost when the language changes.
 */
export function I18nProvider({ locale, children, onError }: I18nProviderProps) {
  const [, loadedOne] = useReducer((n: number) => n + 1, 0);
  const messages = catalogueOf(locale);
  useEffect(() => {
    if (messages) return;
    let current = true;
    void loadCatalogue(locale).then(() => current && loadedOne());
    return () => {
      current = false;
    };
  }, [locale, messages]);
  // Screen readers pick their voice from <html lang>.
  useEffect(() => {
    document.documentElement.lang = messages ? locale : 'en';
  }, [locale, messages]);
  return (
    <IntlProvider locale={messages ? locale : 'en'} defaultLocale="en" messages={messages ?? english} onError={onError}>
      {children}
    </IntlProvider>
  );
}
