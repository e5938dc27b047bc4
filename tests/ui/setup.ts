import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Plain `expect` with Testing Library queries (no jest-dom: it is not a dependency).
afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});
