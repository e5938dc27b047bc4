/* global process, console */
/**
 * What `npm start` builds before it runs, each only when its inputs changed (plain Node, no tsx, so the checks
 * cost a few milliseconds on a warm start):
 *
 * - **The web app** (vite, dist/client): a hash of its inputs is kept in dist/.build-inputs; a build runs when it
 *   differs (or dist is missing).
 * - **The server bundle** (esbuild, dist/server/<hash>/main.mjs): the server's TypeScript and what it imports
 *   from src/ as a few ES modules, the npm packages left as imports, so a start runs it with plain Node instead of
 *   transforming ~600 modules through tsx. Its folder is named by the hash of every file it could depend on, so a
 *   bundle of other sources is never the one that runs: any change gives another name, which is built first.
 *
 * `node tools/build-if-stale.mjs` checks both; `--force` (npm run build) builds both.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => join(ROOT, path);

const files = (dir) => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      return entry.isDirectory() ? files(full) : entry.isFile() ? [full] : [];
    })
    .sort();
};

/** The files under `dirs` and the `single` files that exist, as absolute paths. */
const filesOf = (dirs, single) => [...dirs.map(at).flatMap(files), ...single.map(at).filter((f) => existsSync(f))];

/** Each file's contents, read once for both checks (both read src/ and package-lock.json). */
const read = new Map();
const contentsOf = (file) => {
  let contents = read.get(file);
  if (!contents) read.set(file, (contents = readFileSync(file)));
  return contents;
};

/** sha256 of the files under `dirs` and of `single` files (names and contents), plus `extra` text. */
const hashOf = (dirs, single, extra = '') => {
  const hash = createHash('sha256');
  for (const file of filesOf(dirs, single)) hash.update(relative(ROOT, file)).update('\0').update(contentsOf(file)).update('\0');
  return hash.update(extra).digest('hex');
};

// ---- The web app ----------------------------------------------------------------------------------------------

/** What the web app's build reads: its sources, static files, and the files that configure or pin the build. */
const CLIENT_DIRS = ['src', 'public'];
// tools/screen-modules.ts: the screen → module map the build writes (.vite/screens.json); tools/prerender.ts: the
// pages rendered ahead of time (.vite/pages.json).
const CLIENT_FILES = ['index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json', 'tools/precompress.ts', 'tools/compile-messages.ts', 'tools/screen-modules.ts', 'tools/prerender.ts'];
const CLIENT_STAMP = at(join('dist', '.build-inputs'));

export const inputsHash = () => {
  // Environment the build bakes in (VITE_* variables).
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('VITE_'))
    .sort()
    .map(([key, value]) => `${key}=${value}\0`)
    .join('');
  return hashOf(CLIENT_DIRS, CLIENT_FILES, env);
};

/** Builds the web app when its inputs changed (always with `force`); returns the exit status. */
export const buildClientIfStale = ({ force = false } = {}) => {
  const hash = inputsHash();
  const built = existsSync(CLIENT_STAMP) && existsSync(at(join('dist', 'client', 'index.html'))) && statSync(CLIENT_STAMP).isFile() ? readFileSync(CLIENT_STAMP, 'utf8').trim() : '';
  if (!force && built === hash) {
    console.log('The web app is up to date (dist/client); not rebuilding.');
    return 0;
  }
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit', cwd: ROOT });
  if (result.status !== 0) return result.status ?? 1;
  // The public pages and the page frames, rendered with React at build time (tools/prerender.ts, server/app-pages.ts).
  const pages = spawnSync('npx', ['tsx', 'tools/prerender.ts'], { stdio: 'inherit', cwd: ROOT });
  if (pages.status !== 0) return pages.status ?? 1;
  writeFileSync(CLIENT_STAMP, `${hash}\n`);
  return 0;
};

// ---- The server bundle ----------------------------------------------------------------------------------------

/**
 * Everything the bundle can depend on: the server's sources (with its migrations), src/ (the rules, models and
 * charts it shares with the web app), the contract in openapi/, the installed packages (package-lock.json,
 * package.json), the TypeScript settings esbuild reads, this file (the bundle's options), the Node version, and
 * where the checkout is (the bundle names its source files by absolute path, see `sourceUrls`).
 */
const SERVER_DIRS = ['server', 'src', 'openapi'];
const SERVER_FILES = ['package-lock.json', 'package.json', 'tsconfig.json', 'tools/build-if-stale.mjs'];
const SERVER_DIR = at(join('dist', 'server'));
const SERVER_ENTRY = at(join('server', 'main.ts'));

/** Every file the server bundle's hash reads (tests check that the bundle is built from nothing else). */
export const serverInputFiles = () => filesOf(SERVER_DIRS, SERVER_FILES);

export const serverInputsHash = () => hashOf(SERVER_DIRS, SERVER_FILES, `${process.version}\0${ROOT}`);

/** The bundle of the sources as they are now (whether it is built yet or not): a folder named by their hash. */
export const serverBundlePath = (hash = serverInputsHash()) => join(SERVER_DIR, hash.slice(0, 24), 'main.mjs');

/**
 * The server reads files beside its sources (the migrations, the contract) through `import.meta.url`. In a
 * bundle every module would share the bundle's own URL, so each source file's `import.meta.url` (and `.filename`,
 * `.dirname`) is replaced by that file's own before esbuild reads it.
 */
const sourceUrls = {
  name: 'tendwell-source-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Bundles the server into `outdir` (main.mjs and the chunks it loads); returns the source files it was built from.
 * Split at the server's dynamic imports (server/main.ts loads the app while the database opens). The npm packages
 * stay imports, resolved from node_modules when it runs.
 */
export const bundleServer = async (outdir) => {
  // esbuild comes with tsx (a dependency of the project); it is not a dependency of its own.
  const esbuild = createRequire(createRequire(at('package.json')).resolve('tsx/package.json'))('esbuild');
  const result = await esbuild.build({
    entryPoints: { main: SERVER_ENTRY },
    outdir,
    absWorkingDir: ROOT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    tsconfig: at('tsconfig.json'),
    keepNames: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [sourceUrls],
  });
  return { inputs: Object.keys(result.metafile.inputs).map((input) => resolve(ROOT, input)) };
};

/**
 * Builds the server bundle unless the one for these inputs exists (always with `force`); returns the path of its
 * entry. The bundle is a folder, written under a temporary name and renamed, so a start beside it never reads
 * half a bundle. Bundles of older inputs are removed (failed builds' temporary folders too).
 */
export const buildServerIfStale = async ({ force = false } = {}) => {
  const entry = serverBundlePath();
  read.clear(); // the server it starts keeps running in this process: do not keep the sources in memory
  const folder = dirname(entry);
  if (!force && existsSync(entry)) return entry;
  const partial = join(SERVER_DIR, `.tmp-${process.pid}-${Date.now()}`);
  await bundleServer(partial);
  if (!force && existsSync(entry)) {
    // Another start put the same bundle into place meanwhile: keep theirs (it may be loading it).
    rmSync(partial, { recursive: true, force: true });
    return entry;
  }
  // What is there under this name is replaced when forced, or when it is half a bundle (its entry missing).
  rmSync(folder, { recursive: true, force: true });
  try {
    renameSync(partial, folder);
  } catch (error) {
    // Another start renamed the same bundle into place first: keep theirs.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  // Older bundles go, once no start can still be loading one (a minute after it was written).
  for (const old of readdirSync(SERVER_DIR)) {
    const path = join(SERVER_DIR, old);
    if (old !== basename(folder) && Date.now() - statSync(path).mtimeMs > 60_000) rmSync(path, { recursive: true, force: true });
  }
  console.log(`The server is bundled (${relative(ROOT, folder)}).`);
  return entry;
};

const main = async () => {
  const force = process.argv.includes('--force');
  const status = buildClientIfStale({ force });
  if (status !== 0) return status;
  await buildServerIfStale({ force });
  return 0;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (status) => process.exit(status),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
