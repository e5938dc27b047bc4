/**
 * Development conveniences fail closed (issue 21 §1; docs/design.md, "The server"). One setting, DEMO (auto by default:
 * on only when the server listens on loopback), decides whether the demo data, the outbox, the clock and sandbox
 * sign-in exist; when they do, the outbox and the clock answer this machine or a signed-in super admin only, and
 * sandbox sign-in never reaches an existing user with a password or a staff role.
 *
 * The last part starts the real server (server/main.ts) as a newcomer does — no environment but a free PORT, in an
 * empty folder — and reaches it from a non-loopback address: the machine's own network address when it has one,
 * and always as a network client behind a reverse proxy on this machine (X-Forwarded-For from loopback).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conveniencesFor, isLoopbackAddress, loadConfig } from '../../server/config';
import { socialIdentities } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A client on the network (TEST-NET-3, never a real host). */
const NETWORK_CLIENT = '203.0.113.7';

describe('the DEMO setting decides which conveniences exist (server/config.ts)', () => {
  it('by default the server listens on loopback and has every convenience; on another HOST it has none unless DEMO=on', () => {
    const env = { DATA_DIR: join(tmpdir(), 'tendwell-unused'), TOKEN_SECRET: 'x'.repeat(32) };
    const newcomer = loadConfig(env);
    expect({ host: newcomer.host, loopback: isLoopbackAddress(newcomer.host), conveniences: newcomer.conveniences, seeds: newcomer.seedDemo }).toEqual({
      host: '127.0.0.1',
      loopback: true,
      conveniences: { demoData: true, outbox: true, clock: true, sandboxSignIn: true },
      seeds: true,
    });
    const none = { demoData: false, outbox: false, clock: false, sandboxSignIn: false };
    expect(loadConfig({ ...env, HOST: '0.0.0.0' }).conveniences).toEqual(none);
    expect(loadConfig({ ...env, HOST: '0.0.0.0' }).seedDemo).toBe(false);
    expect(loadConfig({ ...env, HOST: '0.0.0.0', DEMO: 'on' }).conveniences).toEqual(newcomer.conveniences);
    expect(loadConfig({ ...env, DEMO: 'off' }).conveniences).toEqual(none);
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).conveniences).toEqual(none);
    expect(() => conveniencesFor('on', '0.0.0.0', true)).toThrow(/DEMO=on cannot be combined with NODE_ENV=production/);
    expect(() => loadConfig({ ...env, DEMO: 'yes' })).toThrow(/DEMO must be auto, on or off/);
  });
});

describe('conveniences on: the outbox and the clock answer this machine or a signed-in super admin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const fromNetwork = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    server.app.inject({ method, url, remoteAddress: NETWORK_CLIENT, headers, ...(payload ? { payload } : {}) });

  it('from a network address: no token 401, a customer 403, super 200', async () => {
    const customer = bearer(await login(server.app, 'customer@tendwell.test'));
    const admin = bearer(await login(server.app, 'super@tendwell.test'));
    const before = server.clock.now().toISOString();
    const statuses = async (headers: Record<string, string>) => [
      (await fromNetwork('GET', '/api/dev/outbox', headers)).statusCode,
      (await fromNetwork('POST', '/api/dev/clock', headers, { days: 1, run: false })).statusCode,
      (await fromNetwork('GET', '/api/dev/clock', headers)).statusCode,
    ];
    expect(await statuses({})).toEqual([401, 401, 401]);
    expect(await statuses(customer)).toEqual([403, 403, 403]);
    expect(server.clock.now().toISOString()).toBe(before);
    expect(await statuses(admin)).toEqual([200, 200, 200]);
    expect(server.clock.now().getTime()).toBe(Date.parse(before) + 86_400_000);
    // The page carries no token: from the network it is refused, with where to look instead.
    const page = await fromNetwork('GET', '/dev/outbox', admin);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('signed-in super admin only');
  });

  it('a network client behind a reverse proxy on this machine (X-Forwarded-For from loopback) is not this machine', async () => {
    const proxied = await server.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': NETWORK_CLIENT } });
    expect(proxied.statusCode).toBe(401);
    const clock = await server.app.inject({ method: 'POST', url: '/api/dev/clock', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': NETWORK_CLIENT }, payload: { days: 1 } });
    expect(clock.statusCode).toBe(401);
  });

  it('this machine reads the outbox without a token (the README\'s demo)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });
});

describe('sandbox sign-in signs in or up only its own sandbox identities', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  const altLogin = (credential: string) => server.app.inject({ method: 'POST', url: '/api/auth/alt-login', payload: { provider: 'google', credential } });

  it('the alt-login request of the review — an existing user by e-mail, super included — is refused and links nothing', async () => {
    for (const email of ['super@tendwell.test', 'customer@tendwell.test', 'organization@tendwell.test']) {
      const res = await altLogin(`dev:${email}:x`);
      expect({ email, status: res.statusCode, code: res.json().code, token: res.json().token }).toEqual({ email, status: 404, code: 'social_account_not_found', token: undefined });
    }
    const linked = await server.db.select().from(socialIdentities).where(eq(socialIdentities.userId, demoId('user:super')));
    expect(linked).toEqual([]);
  });

  it('a sandbox identity linked to a user with a password (connect-social) does not sign that user in', async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    const connect = await server.app.inject({ method: 'PUT', url: '/api/auth/connect-social', headers: bearer(token), payload: { provider: 'google', credential: 'dev:casey.sandbox@example.com:Casey' } });
    expect(connect.statusCode).toBe(200);
    expect((await altLogin('dev:casey.sandbox@example.com:Casey')).statusCode).toBe(404);
  });

  it('its own sandbox user (signed up through it, no password) signs in', async () => {
    const up = await server.app.inject({ method: 'POST', url: '/api/auth/alt-register', payload: { provider: 'google', credential: 'dev:sandbox-person@example.com:Sandy', type: 'customer' } });
    expect(up.statusCode).toBe(200);
    const res = await altLogin('dev:sandbox-person@example.com:Sandy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ loggedIn: true, role: 'customer' });
  });
});

// ---- the newcomer's server ------------------------------------------------------------------------------

const repo = fileURLToPath(new URL('../../', import.meta.url));

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** This machine's first non-loopback IPv4 address, if it has one (CI machines may not). */
const networkAddress = (): string | undefined =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

interface Started {
  readonly child: ChildProcess;
  readonly port: number;
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

/** server/main.ts through tsx, as `npm run dev` runs it, in an empty folder, with only PATH, PORT and `env`. */
const startServer = async (env: Record<string, string> = {}): Promise<Started> => {
  const folder = mkdtempSync(join(tmpdir(), 'tendwell-newcomer-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(repo, 'node_modules/tsx/dist/cli.mjs'), join(repo, 'server/main.ts')], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), BILLING_INTERVAL_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const since = Date.now();
  while (!output.includes('Tendwell is running at')) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (Date.now() - since > 120_000) throw new Error(`the server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
};

const request = async (base: string, method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: object } = {}) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // an HTML page
  }
  return { status: res.status, json };
};

/** Whether a TCP connection to host:port is accepted. */
const connects = (host: string, port: number) =>
  fetch(`http://${host}:${port}/api/ping`, { method: 'HEAD' }).then(
    () => true,
    () => false,
  );

describe('a newcomer starts the server with no environment set', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer();
  }, 150_000);
  afterAll(() => server?.stop());

  it('says at start, in one line, which conveniences are on, and the demo works from this machine', async () => {
    const lines = server.output().split('\n').filter((l) => l.startsWith('Conveniences:'));
    expect(lines).toEqual([
      'Conveniences: demo data, outbox, clock, sandbox sign-in (DEMO=auto, listening on loopback 127.0.0.1); the outbox and the clock answer this machine or a signed-in super admin only',
    ]);
    const base = `http://127.0.0.1:${server.port}`;
    const signIn = await request(base, 'POST', '/api/auth/login', { body: { username: 'customer@tendwell.test', password: 'tendwell-demo', platform: 'web' } });
    expect(signIn.json).toMatchObject({ loggedIn: true, role: 'customer' });
    expect((await request(base, 'GET', '/api/dev/outbox')).status).toBe(200);
  });

  it('from a non-loopback address the outbox, the clock and sandbox sign-in as an existing user are all refused', async () => {
    const external = networkAddress();
    // Reaching the machine's own network address: nothing listens there (HOST defaults to loopback).
    if (external) expect(await connects(external, server.port)).toBe(false);
    // A network client forwarded by a reverse proxy on this machine.
    const base = `http://127.0.0.1:${server.port}`;
    const headers = { 'x-forwarded-for': NETWORK_CLIENT };
    expect((await request(base, 'GET', '/api/dev/outbox', { headers })).status).toBe(401);
    expect((await request(base, 'POST', '/api/dev/clock', { headers, body: { days: 30 } })).status).toBe(401);
    const sandbox = await request(base, 'POST', '/api/auth/alt-login', { headers, body: { provider: 'google', credential: 'dev:super@tendwell.test:x' } });
    expect({ status: sandbox.status, token: sandbox.json.token }).toEqual({ status: 404, token: undefined });
  });
});

describe('the same server opened to the network (HOST=0.0.0.0) without DEMO', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({ HOST: '0.0.0.0' });
  }, 150_000);
  afterAll(() => server?.stop());

  it('has no conveniences, says so, and a network client finds no outbox, no clock, no sandbox sign-in and no demo logins', async () => {
    expect(server.output()).toContain('Conveniences: none (DEMO=auto and HOST 0.0.0.0 is not loopback; DEMO=on turns them on)');
    expect(server.output()).not.toContain('Demo logins');
    const external = networkAddress();
    const base = `http://${external ?? '127.0.0.1'}:${server.port}`;
    const headers: Record<string, string> = external ? {} : { 'x-forwarded-for': NETWORK_CLIENT };
    expect((await request(base, 'GET', '/api/dev/outbox', { headers })).status).toBe(404);
    expect((await request(base, 'POST', '/api/dev/clock', { headers, body: { days: 30 } })).status).toBe(404);
    expect((await request(base, 'GET', '/dev/outbox', { headers })).status).not.toBe(200);
    expect((await request(base, 'POST', '/api/auth/alt-login', { headers, body: { provider: 'google', credential: 'dev:super@tendwell.test:x' } })).status).toBe(401);
    const demo = await request(base, 'POST', '/api/auth/login', { headers, body: { username: 'super@tendwell.test', password: 'tendwell-demo', platform: 'web' } });
    expect(demo.status).toBe(401);
  });
});
