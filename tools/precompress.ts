/**
 * Precompresses the built web app: beside every text asset of at least 1 KiB it writes `.br` (brotli,
 * quality 11) and `.gz` (gzip, level 9), once, at build time. The server sends them by the client's
 * Accept-Encoding (`@fastify/static` with `preCompressed: true`), so no request pays for compression.
 * Used as a Vite plugin (vite.config.ts); node:zlib only, no external binary.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files smaller than this are sent as they are: compression would save less than its headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir`; returns how many files it compressed. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || /[\\/]\.vite[\\/]/.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < PRECOMPRESS_MIN_BYTES) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

/** Vite plugin: precompress the output folder once the bundle is written. */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'tendwell-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const count = precompressDir(outDir);
      this.info(`precompressed ${count} files (brotli and gzip)`);
    },
  };
};
