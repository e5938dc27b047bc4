/**
 * The flow explorer (/dev/flows) must cost the normal bundle nothing: it is a lazily loaded chunk.
 * Run after `npx vite build`:
 *
 *   npx tsx tools/bundle-check.ts [--dir dist/client] [--marker dev-flow-explorer]
 *
 * The eager part of the build is what the browser loads for any page: the entry script and the chunks
 * index.html preloads, plus — when Vite wrote a manifest (`build.manifest: true`) — every chunk the entry
 * imports statically, transitively. The check fails (exit 1) when the explorer's marker (the
 * `data-testid` on its root element, a string only src/ui/screens/dev/FlowExplorer.tsx contains) is in
 * any eager chunk, and also when no chunk holds it at all (the explorer is not wired into the app, or
 * the marker changed — either way the check would prove nothing).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXPLORER_MARKER = 'dev-flow-explorer';

export interface BuildFiles {
  /** dist/client/index.html */
  readonly html: string;
  /** dist/client/.vite/manifest.json, when the build wrote one. */
  readonly manifest?: Readonly<Record<string, ManifestChunk>> | undefined;
  /** Every JavaScript file of the build, keyed by its path relative to the build folder (`assets/index-x.js`). */
  readonly scripts: Readonly<Record<string, string>>;
}

export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

export interface BundleReport {
  readonly ok: boolean;
  /** The chunks every page loads. */
  readonly eager: readonly string[];
  /** Chunks that hold the marker. */
  readonly holders: readonly string[];
  readonly problems: readonly string[];
}

const normal = (path: string): string => posix.normalize(path.replace(/^\.?\//, ''));

/** The scripts index.html loads or preloads: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function eagerFromHtml(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag) && attr('src') && /\btype\s*=\s*["']module["']/i.test(tag)) out.push(normal(attr('src') ?? ''));
    if (/^<link/i.test(tag) && attr('rel')?.toLowerCase() === 'modulepreload' && attr('href')) out.push(normal(attr('href') ?? ''));
  }
  return out.filter((p) => p.endsWith('.js'));
}

/** The entry chunks of a manifest and everything they import statically, transitively. */
export function eagerFromManifest(manifest: Readonly<Record<string, ManifestChunk>>): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(normal(chunk.file));
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...files];
}

export function checkBundle(build: BuildFiles, marker: string = EXPLORER_MARKER): BundleReport {
  const eager = [...new Set([...eagerFromHtml(build.html), ...(build.manifest ? eagerFromManifest(build.manifest) : [])])].sort();
  const holders = Object.entries(build.scripts)
    .filter(([, text]) => text.includes(marker))
    .map(([file]) => normal(file))
    .sort();
  const problems: string[] = [];
  if (eager.length === 0) problems.push('index.html loads no module script: is this a Vite build folder?');
  for (const file of eager) if (!(file in build.scripts) && !Object.keys(build.scripts).map(normal).includes(file)) problems.push(`index.html loads ${file}, which the build folder does not hold`);
  const inEager = holders.filter((file) => eager.includes(file));
  for (const file of inEager) problems.push(`the flow explorer (marker '${marker}') is in ${file}, which every page loads: import it lazily (src/ui/screens/dev/registry.ts)`);
  if (holders.length === 0) {
    problems.push(`no chunk holds the flow explorer's marker '${marker}': wire src/ui/screens/dev/registry.ts (devScreens) into the app's screens, or update the marker`);
  }
  return { ok: problems.length === 0, eager, holders, problems };
}

function scriptsUnder(root: string, dir: string = root): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(out, scriptsUnder(root, full));
    else if (entry.isFile() && entry.name.endsWith('.js')) out[relative(root, full).split(/[\\/]/).join('/')] = readFileSync(full, 'utf8');
  }
  return out;
}

export function readBuild(dir: string): BuildFiles {
  const htmlFile = join(dir, 'index.html');
  if (!existsSync(htmlFile)) throw new Error(`${htmlFile} does not exist: run \`npx vite build\` first`);
  const manifestFile = join(dir, '.vite', 'manifest.json');
  return {
    html: readFileSync(htmlFile, 'utf8'),
    manifest: existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : undefined,
    scripts: scriptsUnder(dir),
  };
}

function main(argv: readonly string[]): number {
  const option = (name: string, fallback: string): string => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
  };
  const dir = resolve(option('dir', 'dist/client'));
  const marker = option('marker', EXPLORER_MARKER);
  let report: BundleReport;
  try {
    report = checkBundle(readBuild(dir), marker);
  } catch (error) {
    console.error(`bundle-check: ${(error as Error).message}`);
    return 1;
  }
  console.log(`bundle-check: eager chunks (${report.eager.length}): ${report.eager.join(', ')}`);
  console.log(`bundle-check: '${marker}' found in: ${report.holders.join(', ') || 'no chunk'}`);
  if (!report.ok) {
    for (const problem of report.problems) console.error(`bundle-check: ${problem}`);
    return 1;
  }
  console.log('bundle-check: ok — the flow explorer is a lazy chunk; the main bundle does not carry it.');
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
