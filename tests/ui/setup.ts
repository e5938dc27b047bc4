import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadCatalogue } from '../../src/ui/i18n/messages';

// The Spanish catalogue is a lazy chunk in the app; views under test render in either language at once.
await loadCatalogue('es');

// A lazy screen's first import goes through vitest's transform; on a busy 2-core machine that alone has taken
// more than Testing Library's default second (CI failed on a `findByRole` of a lazily loaded region). `findBy…`
// and `waitFor` wait up to 5 s: an element that never comes still fails the test.
configure({ asyncUtilTimeout: 5_000 });

// Plain `expect` with Testing Library queries (no jest-dom: it is not a dependency).
afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});
