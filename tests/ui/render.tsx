import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { I18nProvider } from '../../src/ui/i18n/I18nProvider';
import type { Locale } from '../../src/ui/i18n/messages';

/** Renders `ui` with the catalogue of `locale` (a missing message fails the test) and a memory router. */
export function renderUi(ui: ReactElement, { locale = 'en', path = '/', ...options }: { locale?: Locale; path?: string } & RenderOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider
      locale={locale}
      onError={(error) => {
        throw error;
      }}
    >
      <Router hook={location.hook}>{children}</Router>
    </I18nProvider>
  );
  return { ...render(ui, { wrapper: Wrapper, ...options }), location };
}
