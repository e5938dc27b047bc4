/**
 * Renders the public pages and the page frames ahead of time, after the web app's build (tools/build-if-stale.mjs):
 * builds src/prerender.tsx for Node (`vite build --ssr`, into dist/prerender), runs it for every page and frame in
 * every language, and writes dist/client/.vite/pages.json, which the server reads (server/app-pages.ts).
 *
 *   npx tsx tools/prerender.ts [--dir dist/client]
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Languages } from '../src/core/model/language-codes';
import { PAGES_FILE, type PagesFile } from '../src/core/model/build-files';

const ROOT = resolve(import.meta.dirname, '..');

interface PrerenderModule {
  readonly PRERENDERED_PAGES: Readonly<Record<string, string>>;
  readonly renderPage: (variant: string, language: (typeof Languages)[number]) => Promise<string>;
  readonly renderFrames: (language: (typeof Languages)[number]) => Promise<{ frames: Record<string, string>; routes: Record<string, string> }>;
}

export const prerenderPages = async (clientDir: string): Promise<PagesFile> => {
  const outDir = join(ROOT, 'dist', 'prerender');
  const build = spawnSync('npx', ['vite', 'build', '--ssr', 'src/prerender.tsx', '--outDir', outDir, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build --ssr src/prerender.tsx failed');
  const module = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as PrerenderModule;
  const pages: Record<string, Record<string, string>> = {};
  const frames: Record<string, Record<string, string>> = {};
  let routes: Record<string, string> = {};
  for (const language of Languages) {
    for (const variant of Object.keys(module.PRERENDERED_PAGES)) (pages[variant] ??= {})[language] = await module.renderPage(variant, language);
    const rendered = await module.renderFrames(language);
    frames[language] = rendered.frames;
    routes = rendered.routes;
  }
  const file: PagesFile = { pages, frames, routes };
  writeFileSync(join(clientDir, PAGES_FILE), JSON.stringify(file));
  return file;
};

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dirArg = process.argv.indexOf('--dir');
  const clientDir = resolve(ROOT, dirArg > 0 ? (process.argv[dirArg + 1] ?? 'dist/client') : 'dist/client');
  const started = Date.now();
  prerenderPages(clientDir).then(
    (file) => {
      console.log(`prerender: ${Object.keys(file.pages).length} pages and ${Object.keys(file.frames.en ?? {}).length} frames in ${Languages.join(', ')} (${Date.now() - started} ms)`);
      // The render leaves the session's timers behind; nothing else is running.
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
