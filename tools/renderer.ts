/**
 * The renderer of the web app: Preact through preact/compat, in place of react-dom (docs/decisions.md, "Preact as
 * the shipped renderer"; docs/performance.md, "What grows /login"). The sources keep importing `react`,
 * `react-dom` and `react-dom/client` and are type-checked against React's types; the build, the development server
 * and the UI tests (vitest.config.ts) resolve those imports, and the libraries' own (react-intl, @xstate/react,
 * wouter, @testing-library/react), to Preact's React-compatible layer. Exact matches only: `react-intl` and
 * `react-dom/server` (not used by the app) stay what they are.
 */
export interface Alias {
  readonly find: RegExp;
  readonly replacement: string;
}

export const PREACT_COMPAT_ALIASES: readonly Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // The JSX runtime, through compat's own entry (it loads compat first, so compat's options hooks — onChange as
  // input events, className, the React element marker — apply to every element).
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
