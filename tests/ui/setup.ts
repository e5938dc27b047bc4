import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadCatalogue } from '../../src/ui/i18n/messages';

// The Spanish catalogue is a lazy chunk in the app; views under test render in either language at once.
await loadCatalogue('es');

// Plain `expect` with Testing Library queries (no jest-dom: it is not a dependency).
afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});
