/**
 * The web app's page for each route, in the visitor's language (docs/performance.md, "Paint before the JavaScript"):
 * - a public page (/login, the sign-up pages, the error pages: src/core/rules/prerender.ts) is the page React rendered
 *   at build time (src/prerender.tsx, dist/client/.vite/pages.json), with the stylesheets of its screen inlined, so
 *   the browser paints the real form before any script runs; the app then takes it over (hydrateRoot, src/main.tsx);
 * - any other page (signed in, or a public one whose query changes it) is the frame of its route's layout (header,
 *   the menu's space, the content card around a skeleton), which the app renders over;
 * - each with `<link rel="modulepreload">` for the chunks of the route's screen (and, on a signed-in route, for what
 *   every signed-in page loads at start; on a Spanish page, the Spanish catalogue), so the browser fetches them beside
 *   the entry instead of one round trip after the entry has run.
 *
 * The language is the request's Accept-Language (core languageFromAcceptLanguage), English by default: the app, which
 * starts from navigator.language, renders in the same one. Pages vary by Accept-Encoding and Accept-Language.
 *
 * The build names each screen's modules (dist/client/.vite/screens.json, tools/screen-modules.ts) and Vite's
 * manifest names each module's chunk, the chunks it imports and its stylesheets. Only chunks the page does not
 * already load are added. Without those files (a test's small build) every route gets index.html as it is.
 *
 * Each page is built, compressed (brotli 11, gzip 9) and given an ETag once, on its first request.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PAGES_FILE, SCREENS_FILE, type ManifestChunk, type PagesFile, type ScreensFile } from '../src/core/model/build-files';
import type { Language } from '../src/core/model/language-codes';
import { languageFromAcceptLanguage } from '../src/core/rules/language';
import { servedVariant } from '../src/core/rules/prerender';
import { findRoute, normalizePath } from '../src/core/routes';

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

/**
 * The `<link>` tags a page needs beyond what index.html already loads. Its stylesheets are preloaded, not applied,
 * unless `styles` inlines them (a rendered page: `<style>` with each file's rules, so its form paints styled).
 */
export const preloadTags = (manifest: Manifest, index: string, keys: readonly string[], styles?: (file: string) => string | undefined): string => {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const eager = closure(manifest, entries);
  const wanted = closure(manifest, keys);
  const present = (file: string) => eager.js.has(file) || eager.css.has(file) || index.includes(`/${file}"`);
  const js = [...wanted.js].filter((file) => !present(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const css = [...wanted.css]
    .filter((file) => !present(file))
    .map((file) => {
      const inline = styles?.(file);
      return inline !== undefined ? `<style>${inline}</style>` : `<link rel="preload" as="style" crossorigin href="/${file}">`;
    });
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

/** What a page is made for: the address and the request's Accept-Language. */
export interface PageRequest {
  /** The path, with or without its query (`/login?password_reset=…`). */
  readonly url: string;
  readonly acceptLanguage?: string | string[] | undefined;
}

/** The app's root element of index.html, whatever it holds (the boot header between the app markers). */
const ROOT = /<div id="root">[\s\S]*?<!--\/app--><\/div>/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The page for an address, from the built web app in `clientDir`; undefined when there is no built app. */
export const createAppPages = (clientDir: string): ((request: PageRequest) => AppPage) | undefined => {
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const index = readFileSync(indexFile, 'utf8');
  const manifest = readJson<Manifest>(join(clientDir, '.vite', 'manifest.json'));
  const screens = readJson<ScreensFile>(join(clientDir, SCREENS_FILE));
  const rendered = readJson<PagesFile>(join(clientDir, PAGES_FILE));
  // The Spanish catalogue's chunk: a Spanish page renders only once it has arrived (src/main.tsx).
  const catalogues: Partial<Record<Language, string>> = { es: 'src/ui/i18n/es.json' };
  const styles = (file: string) => {
    const path = join(clientDir, file);
    const text = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    return text !== undefined && !text.includes('</style') ? text.trim() : undefined;
  };
  const pages = new Map<string, AppPage>();
  return ({ url, acceptLanguage }) => {
    const path = normalizePath(url);
    const { route } = findRoute(path);
    const language = languageFromAcceptLanguage(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage);
    const variant = servedVariant(url);
    const page = variant !== undefined ? rendered?.pages[variant]?.[language] : undefined;
    const frame = page === undefined ? rendered?.frames[language]?.[rendered.routes[route.name] ?? ''] : undefined;
    // `/` for a visitor is /login (src/core/rules/prerender.ts): its page preloads the login screen.
    const screen = page !== undefined && variant !== undefined ? variant.split('?')[0]! : route.name;
    const keys = [
      ...(screens?.screens[screen] ?? []),
      ...(route.meta.requiresAuth && page === undefined ? (screens?.signedIn ?? []) : []),
      ...(rendered && catalogues[language] ? [catalogues[language]] : []),
    ];
    const id = [page !== undefined ? `page ${variant}` : `frame ${rendered?.routes[route.name] ?? ''}`, language, ...keys].join(' ');
    let built = pages.get(id);
    if (!built) {
      const tags = manifest && keys.length ? preloadTags(manifest, index, keys, page !== undefined ? styles : undefined) : '';
      let html = tags ? index.replace('</head>', `${tags}</head>`) : index;
      if (page !== undefined || frame !== undefined) {
        const marker = page !== undefined ? ` data-prerendered="${escapeAttribute(`${variant}:${language}`)}"` : '';
        html = html.replace(ROOT, () => `<div id="root"${marker}>${page ?? frame}</div>`).replace(/<html lang="[^"]*">/, `<html lang="${language}">`);
      }
      built = pageOf(html);
      pages.set(id, built);
    }
    return built;
  };
};
