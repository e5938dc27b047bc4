/* global process, console, URL */
/**
 * `npm start`: builds what is stale (tools/build-if-stale.mjs: the web app, the server bundle), then runs the
 * server bundle in this same process with plain Node. `--no-client-build` skips the web app's check (the bench
 * starting a second server beside a first); the server bundle is always checked, so a bundle of other sources
 * never runs. Where the bundle cannot be written (a read-only checkout), the server's TypeScript runs through tsx
 * instead, as `npm run dev` runs it: slower to start, the same server.
 */
import { pathToFileURL } from 'node:url';
import { buildClientIfStale, buildServerIfStale } from './build-if-stale.mjs';

if (!process.argv.includes('--no-client-build')) {
  const status = buildClientIfStale();
  if (status !== 0) process.exit(status);
}
const bundle = await buildServerIfStale().catch((error) => {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  console.warn(`Bundling the server failed (${reason}); running its TypeScript through tsx.`);
  return undefined;
});
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../server/main.ts', import.meta.url).href);
}
