/**
 * The files the web app's build writes beside its assets, as the tools that write and check them
 * (tools/screen-modules.ts, tools/prerender.ts, tools/bundle-check.ts) and the server that reads them
 * (server/app-pages.ts) all see them: one description, below both.
 */

/** An entry of Vite's manifest (dist/client/.vite/manifest.json), keyed by source module. */
export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}

/** dist/client/.vite/screens.json: each screen's source modules (route name → manifest keys), and what every signed-in page loads. */
export interface ScreensFile {
  readonly screens: Record<string, string[]>;
  readonly signedIn: readonly string[];
}

export const SCREENS_FILE = '.vite/screens.json';

/**
 * dist/client/.vite/pages.json: the pages rendered ahead of time (src/prerender.tsx).
 * - `pages[variant][language]`: the app root's HTML of a public page (src/core/rules/prerender.ts names the variants);
 * - `frames[language][layout]`: a page frame (the shell around a content skeleton), by layout;
 * - `routes[routeName]`: the layout of each route's frame.
 */
export interface PagesFile {
  readonly pages: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly frames: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly routes: Readonly<Record<string, string>>;
}

export const PAGES_FILE = '.vite/pages.json';
