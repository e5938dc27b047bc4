/**
 * What the bench scripts start around the product: free ports, PostgreSQL and Redis from the system's packages
 * (installed with apt-get when they are missing and this runs as root), and the server itself.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Waits until HEAD /api/ping answers; returns the milliseconds since `since`. */
export const waitForPing = async (base: string, since: number, child?: ChildProcess, limitMs = 120_000): Promise<number> => {
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    try {
      const res = await fetch(`${base}/api/ping`, { method: 'HEAD' });
      if (res.status < 500) return Date.now() - since;
    } catch {
      // not listening yet
    }
    if (Date.now() - since > limitMs) throw new Error(`no answer from ${base} within ${limitMs} ms`);
    await sleep(20);
  }
};

const isRoot = () => process.getuid?.() === 0;

/** Installs Debian packages when this runs as root (a fresh machine); says what is missing otherwise. */
export const ensurePackages = (what: string, packages: readonly string[], present: () => boolean): boolean => {
  if (present()) return true;
  if (!isRoot()) {
    console.warn(`  ${what} is not installed and this is not root: apt-get install ${packages.join(' ')}`);
    return false;
  }
  console.log(`  installing ${packages.join(' ')} from Debian's packages…`);
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    install();
  }
  return present();
};

const POSTGRES_ROOT = '/usr/lib/postgresql';
const postgresBin = (): string | undefined => {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const version = readdirSync(POSTGRES_ROOT)
    .filter((v) => existsSync(join(POSTGRES_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
    .pop();
  return version ? join(POSTGRES_ROOT, version, 'bin') : undefined;
};

export interface Postgres {
  readonly url: string;
  /** `pg_ctl restart -m fast`: every connection is cut; returns once it accepts connections again. */
  restart(): void;
  stop(): void;
}

/** A throw-away PostgreSQL cluster from Debian's packages (installed when missing and allowed), or undefined. */
export const startPostgres = async ({ install = false }: { install?: boolean } = {}): Promise<Postgres | undefined> => {
  if (install) ensurePackages('PostgreSQL', ['postgresql'], () => postgresBin() !== undefined);
  const bin = postgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'tendwell-bench-pg-'));
  const asPg = (cmd: string, args: string[]) => spawnSync(isRoot() ? 'runuser' : cmd, isRoot() ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'ignore' });
  if (isRoot()) spawnSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  const data = join(dir, 'data');
  if (asPg(join(bin, 'initdb'), ['-D', data, '-U', 'tendwell', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']).status !== 0) return undefined;
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`;
  if (asPg(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']).status !== 0) return undefined;
  return {
    url: `postgres://tendwell@127.0.0.1:${port}/postgres`,
    restart: () => {
      asPg(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-m', 'fast', '-o', options, 'restart']);
    },
    stop: () => {
      asPg(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export interface Redis {
  readonly url: string;
  stop(): void;
}

/** A throw-away Redis from Debian's redis-server package (installed when missing and allowed), or undefined. */
export const startRedis = async ({ install = false }: { install?: boolean } = {}): Promise<Redis | undefined> => {
  const binary = '/usr/bin/redis-server';
  if (install) ensurePackages('Redis', ['redis-server'], () => existsSync(binary));
  if (!existsSync(binary)) return undefined;
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore', detached: true });
  const since = Date.now();
  for (;;) {
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (ping.stdout?.trim() === 'PONG') break;
    if (child.exitCode !== null || Date.now() - since > 10_000) return undefined;
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') };
};

export interface RunningServer {
  readonly base: string;
  readonly child: ChildProcess;
  readonly readyMs: number;
  stop(): Promise<void>;
}

/**
 * `npm start` without npm's own start-up (tools/start.mjs: the stale-build checks, then the server bundle).
 * `build: false` skips the web app's check (a second server beside a first); the server bundle is always checked.
 */
export const startServer = async (env: Record<string, string>, { build = true }: { build?: boolean } = {}): Promise<RunningServer> => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const since = Date.now();
  const child = spawn(process.execPath, ['tools/start.mjs', ...(build ? [] : ['--no-client-build'])], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so that stopping reaches whatever it started.
    detached: true,
  });
  const readyMs = await waitForPing(base, since, child);
  return {
    base,
    child,
    readyMs,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        const group = (signal: NodeJS.Signals) => {
          try {
            if (child.pid) process.kill(-child.pid, signal);
          } catch {
            // already gone
          }
        };
        group('SIGTERM');
        setTimeout(() => group('SIGKILL'), 10_000).unref();
      }),
  };
};
