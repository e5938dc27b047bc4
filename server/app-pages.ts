/**
 * The web app's page for each route: the built index.html with `<link rel="modulepreload">` for the chunks of the
 * route's screen (and, on a signed-in route, for what every signed-in page loads at start), so the browser fetches
 * them beside the entry instead of one round trip after the entry has run (docs/performance.md, "Lighthouse").
 *
 * The build names each screen's modules (dist/client/.vite/screens.json, tools/screen-modules.ts) and Vite's
 * manifest names each module's chunk, the chunks it imports and its stylesheets. Only chunks the page does not
 * already load are added; stylesheets are preloaded (`rel="preload" as="style"`), not applied, so the boot header
 * still paints before them. Without those files (a test's small build) every route gets index.html as it is.
 *
 * Each page is built, compressed (brotli 11, gzip 9) and given an ETag once, on its first request.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { findRoute } from '../src/core/routes';
// Types only: the build's files as the tools that write and check them describe them.
import type { ManifestChunk } from '../tools/bundle-check';
import type { ScreensFile } from '../tools/screen-modules';

type Manifest = Readonly<Record<string, ManifestChunk>>;

export interface AppPage {
  readonly html: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

const readJson = <T>(file: string): T | undefined => {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** The JavaScript and CSS files (`assets/…`) of `keys` and of everything they import statically. */
const closure = (manifest: Manifest, keys: readonly string[]): { js: Set<string>; css: Set<string> } => {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return { js, css };
};

/** The `<link>` tags a page needs beyond what index.html already loads. */
export const preloadTags = (manifest: Manifest, index: string, keys: readonly string[]): string => {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const eager = closure(manifest, entries);
  const wanted = closure(manifest, keys);
  const present = (file: string) => eager.js.has(file) || eager.css.has(file) || index.includes(`/${file}"`);
  const js = [...wanted.js].filter((file) => !present(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const css = [...wanted.css].filter((file) => !present(file)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  return [...js, ...css].join('');
};

const pageOf = (html: string): AppPage => {
  const buffer = Buffer.from(html);
  return {
    html: buffer,
    br: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
    gzip: gzipSync(buffer, { level: 9 }),
    etag: `"${createHash('sha256').update(buffer).digest('base64url').slice(0, 27)}"`,
  };
};

/** br, else gzip, when the client's Accept-Encoding takes it (a `;q=0` refuses it); undefined for the plain page. */
export const preferredEncoding = (header: string | string[] | undefined): 'br' | 'gzip' | undefined => {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
};

/** The page for a path, from the built web app in `clientDir`; undefined when there is no built app. */
export const createAppPages = (clientDir: string): ((path: string) => AppPage) | undefined => {
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const index = readFileSync(indexFile, 'utf8');
  const manifest = readJson<Manifest>(join(clientDir, '.vite', 'manifest.json'));
  const screens = readJson<ScreensFile>(join(clientDir, '.vite', 'screens.json'));
  const pages = new Map<string, AppPage>();
  return (path) => {
    const { route } = findRoute(path);
    const keys = [...(screens?.screens[route.name] ?? []), ...(route.meta.requiresAuth ? (screens?.signedIn ?? []) : [])];
    const id = keys.join(' ');
    let page = pages.get(id);
    if (!page) {
      const tags = manifest && keys.length ? preloadTags(manifest, index, keys) : '';
      page = pageOf(tags ? index.replace('</head>', `${tags}</head>`) : index);
      pages.set(id, page);
    }
    return page;
  };
};
