/* global process, console */
/**
 * `npm start` builds the web app only when its inputs changed since the last build: a hash of the inputs is
 * kept in dist/.build-inputs, and a build runs when it differs (or dist is missing). Plain Node (no
 * tsx) so the check itself costs a few milliseconds on a warm start. `--force` always builds.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: the SPA sources, its static files, and the files that configure or pin the build. */
const INPUT_DIRS = ['src', 'public'];
const INPUT_FILES = ['index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json', 'tools/precompress.ts', 'tools/compile-messages.ts'];
const STAMP = join('dist', '.build-inputs');

const files = (dir) => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      return entry.isDirectory() ? files(full) : entry.isFile() ? [full] : [];
    })
    .sort();
};

export const inputsHash = () => {
  const hash = createHash('sha256');
  for (const file of [...INPUT_DIRS.flatMap(files), ...INPUT_FILES.filter((f) => existsSync(f))]) {
    hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  }
  // Environment the build bakes in (VITE_* variables).
  for (const [key, value] of Object.entries(process.env).filter(([k]) => k.startsWith('VITE_')).sort()) hash.update(`${key}=${value}\0`);
  return hash.digest('hex');
};

const main = () => {
  const force = process.argv.includes('--force');
  const hash = inputsHash();
  const built = existsSync(STAMP) && existsSync(join('dist', 'client', 'index.html')) && statSync(STAMP).isFile() ? readFileSync(STAMP, 'utf8').trim() : '';
  if (!force && built === hash) {
    console.log('The web app is up to date (dist/client); not rebuilding.');
    return 0;
  }
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(STAMP, `${hash}\n`);
  return 0;
};

process.exit(main());
