import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { IntlConfig } from 'react-intl';
import { catalogues } from './messages';
import type { Locale } from './messages';

export interface I18nProviderProps {
  locale: Locale;
  children: ReactNode;
  /** Defaults to logging missing translations in development; tests pass a throwing handler. */
  onError?: IntlConfig['onError'];
}

/** Provides react-intl with the catalogue of `locale` ('en' | 'es') and sets <html lang>; English is the default. */
export function I18nProvider({ locale, children, onError }: I18nProviderProps) {
  // Screen readers pick their voice from <html lang>.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={catalogues[locale]} onError={onError}>
      {children}
    </IntlProvider>
  );
}
