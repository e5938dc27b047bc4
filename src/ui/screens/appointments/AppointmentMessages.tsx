import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import en from './messages.en.json';
import es from './messages.es.json';

/**
 * The appointment screens' own texts (English and Spanish), added to the app's catalogue for these screens
 * only: they travel in the screens' lazy chunks, not in the first paint of every page (tools/budgets.ts).
 * Translated error codes the toasts show stay in the app's catalogue (src/ui/i18n).
 */
export const appointmentCatalogues: Readonly<Record<'en' | 'es', Readonly<Record<string, string>>>> = { en, es };

export function AppointmentMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const area = intl.locale.startsWith('es') ? es : en;
  const messages = useMemo(() => ({ ...intl.messages, ...area }), [intl.messages, area]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} onError={intl.onError}>
      {children}
    </IntlProvider>
  );
}
