/**
 * `npm start` runs the server bundle named by the hash of `serverInputFiles()` (tools/build-if-stale.mjs), so a
 * bundle built from a file outside that list could run stale after the file changed. Built here into a
 * temporary folder, as `npm start` builds it.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, serverBundlePath, serverInputFiles } from '../../tools/build-if-stale.mjs';

const outdir = mkdtempSync(join(tmpdir(), 'tendwell-server-bundle-'));
let inputs: string[] = [];
beforeAll(async () => {
  inputs = (await bundleServer(outdir)).inputs;
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the server bundle npm start runs', () => {
  it('is built only from files its name is the hash of: the server, the src/ rules it shares, nothing else', () => {
    const hashed = new Set(serverInputFiles());
    expect(inputs.filter((file) => !hashed.has(file))).toEqual([]);
    expect(inputs).toContain(resolve('server/main.ts'));
    expect(inputs).toContain(resolve('server/app.ts'));
    expect(inputs.some((file) => file.startsWith(resolve('src/core/rules')))).toBe(true);
    expect(serverInputFiles()).toEqual(expect.arrayContaining([resolve('package-lock.json'), resolve('openapi/openapi.yaml'), resolve('server/db/migrations/meta/_journal.json')]));
  });

  it('reads the migrations and the contract beside their source files, not beside the bundle', () => {
    const code = readdirSync(outdir)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(join(outdir, file), 'utf8'))
      .join('\n');
    expect(code).not.toContain('import.meta');
    expect(code).toContain(JSON.stringify(new URL(`file://${resolve('server/db/client.ts')}`).href));
    expect(code).toContain(JSON.stringify(new URL(`file://${resolve('server/openapi/load.ts')}`).href));
  });

  it('is named by the hash of those files', () => {
    expect(serverBundlePath('0123456789abcdef0123456789abcdef')).toBe(resolve('dist/server/0123456789abcdef01234567/main.mjs'));
  });
});
