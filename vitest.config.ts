import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_COMPAT_ALIASES } from './tools/renderer';

/**
 * What the UI tests resolve besides the renderer's aliases. Node loads a CommonJS package's own `require('react')`
 * and no alias reaches it, so the two CommonJS modules between the libraries and React are taken care of here:
 * - `@testing-library/react` is tests/ui/testing-library-preact.tsx, its API on Preact;
 * - `use-sync-external-store/shim` (wouter, @xstate/react) is React's own hook when React has one, as React 19 and
 *   preact/compat do: it is preact/compat's, as in the build.
 */
const UI_TEST_ALIASES = [
  { find: /^@testing-library\/react$/, replacement: fileURLToPath(new URL('tests/ui/testing-library-preact.tsx', import.meta.url)) },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  // The ES module builds of @xstate/react and its layout-effect helper (Node's conditions pick their CommonJS ones).
  { find: /^@xstate\/react$/, replacement: fileURLToPath(new URL('node_modules/@xstate/react/dist/xstate-react.development.esm.js', import.meta.url)) },
  { find: /^use-isomorphic-layout-effect$/, replacement: fileURLToPath(new URL('node_modules/use-isomorphic-layout-effect/dist/use-isomorphic-layout-effect.browser.esm.js', import.meta.url)) },
  {
    find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
    replacement: fileURLToPath(new URL('node_modules/use-sync-external-store/cjs/use-sync-external-store-shim/with-selector.development.js', import.meta.url)),
  },
];

/**
 * - `use-sync-external-store/shim/with-selector` (@xstate/react's useSelector) is its CommonJS file as it ships,
 *   turned into an ES module whose `require`s go through the aliases.
 */
const commonJsSelectorHook = (): Plugin => ({
  name: 'tendwell-cjs-with-selector',
  transform(code, id) {
    if (!id.includes('use-sync-external-store-shim/with-selector.development.js')) return undefined;
    return [
      "import * as React from 'react';",
      "import * as shim from 'use-sync-external-store/shim';",
      'const module = { exports: {} }; const exports = module.exports;',
      "const require = (name) => (name === 'react' ? React : shim);",
      code,
      'export const useSyncExternalStoreWithSelector = module.exports.useSyncExternalStoreWithSelector;',
    ].join('\n');
  },
});

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('1.2.34') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/core/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/adapters/**/*.test.ts', 'tests/tools/**/*.test.ts'],
          environment: 'node',
          // Model-based path generation takes seconds per chart on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        // The views render with Preact, as the shipped build does (tools/renderer.ts). The aliases apply to the
        // libraries too, so those that import React run through vite (inline) rather than straight from Node.
        resolve: { alias: [...PREACT_COMPAT_ALIASES, ...UI_TEST_ALIASES] },
        plugins: [commonJsSelectorHook()],
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          server: { deps: { inline: ['react-intl', '@xstate/react', 'wouter', 'use-sync-external-store', 'use-isomorphic-layout-effect'] } },
          setupFiles: ['tests/ui/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          // A test server's start clones the migrated template (about 1 s idle); three suites' starts passed 60 s in a
          // CI run while other work held the two cores at load 14.
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
