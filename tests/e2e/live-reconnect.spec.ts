/**
 * Issue 12 ("Live"): a socket that loses its server catches up on reconnect with every missed update. This file
 * starts a server of its own (its own data directory and port: E2E_LIVE_PORT, 8606 by default), opens the
 * customer's appointment page, stops the server, lets a second server process on the same data change the
 * visit while the page has no server at all, and starts the first server again: the page reconnects by itself
 * and shows the change without being reloaded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './pages/LoginPage';
import { signInOn } from './pages/session';

const port = Number(process.env.E2E_LIVE_PORT ?? 8606);
const otherPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const dataDir = '.data-e2e-live';

const startServer = async (on: number): Promise<ChildProcess> => {
  const url = `http://127.0.0.1:${on}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(on), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, BILLING_INTERVAL_SECONDS: '0' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 340; i += 1) {
    const up = await fetch(`${url}/api/ping`, { method: 'HEAD' }).then((r) => r.ok, () => false);
    if (up) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGKILL');
  throw new Error(`the live test server on ${on} did not start`);
};

/** Stops a server the way a restart does (SIGTERM), and waits until it has exited and released the data. */
const stopServer = async (server: ChildProcess | undefined): Promise<void> => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  await exited;
};

let server: ChildProcess | undefined;

test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  server = await startServer(port);
});

test.afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

const api = async (on: number, method: string, path: string, token: string | undefined, body?: unknown) => {
  const res = await fetch(`http://127.0.0.1:${on}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
};
const tokenOf = async (on: number, email: string) =>
  (await api(on, 'POST', '/auth/login', undefined, { username: email, password: DEMO_PASSWORD, platform: 'web' })).token as string;

test('the server restarts while the customer watches a visit; a change made meanwhile shows without reloading the page', async ({ page }) => {
  test.setTimeout(240_000);
  const customerToken = await tokenOf(port, 'customer@tendwell.test');
  const { items } = (await api(port, 'GET', '/appointments?pageSize=100', customerToken)) as { items: { _id: string; status: string; start_time: string }[] };
  const now = Date.now();
  const visit = items.find((a) => a.status === 'active' && Date.parse(a.start_time) > now);
  expect(visit, 'an upcoming confirmed visit of customer@').toBeTruthy();

  await signInOn(page, 'customer@tendwell.test');
  await page.goto(`/appointment/${visit!._id}`);
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  // A mark on the page: still there at the end only if the page was never reloaded.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // The server goes away; while the page has no server, another process on the same data changes the visit.
  await stopServer(server);
  server = undefined;
  const other = await startServer(otherPort);
  try {
    const vendorToken = await tokenOf(otherPort, 'vendor@tendwell.test');
    await api(otherPort, 'PUT', `/appointments/exception/${visit!._id}`, vendorToken, { note: 'Gate locked, no answer at the door.' });
  } finally {
    await stopServer(other);
  }
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible(); // nothing told the page yet

  // The server comes back; the page reconnects by itself, is replayed what it missed, and reloads the visit.
  server = await startServer(port);
  await expect(page.getByText('Exception', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Gate locked, no answer at the door.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(new URL(page.url()).pathname).toBe(`/appointment/${visit!._id}`);
});
