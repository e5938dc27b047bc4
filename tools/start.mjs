/* global process, console */
/**
 * `npm start`: builds what is stale (tools/build-if-stale.mjs: the web app, the server bundle), then runs the
 * server bundle in this same process with plain Node. `--no-client-build` skips the web app's check (the bench
 * starting a second server beside a first); the server bundle is always checked, so a bundle of other sources
 * never runs.
 */
import { pathToFileURL } from 'node:url';
import { buildClientIfStale, buildServerIfStale } from './build-if-stale.mjs';

if (!process.argv.includes('--no-client-build')) {
  const status = buildClientIfStale();
  if (status !== 0) process.exit(status);
}
const bundle = await buildServerIfStale().catch((error) => {
  console.error(`Bundling the server failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
await import(pathToFileURL(bundle).href);
