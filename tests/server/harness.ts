import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createLiveHub } from '../../server/adapters/live';
import { type BuiltApp, buildApp } from '../../server/app';
import { manualClock } from '../../server/clock';
import { testConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { TEST_EPOCH, adminUrl } from './db-template';
import { demoId } from '../../server/db/seed';

export const DEMO_PASSWORD = 'tendwell-demo';

const cloneDatabase = async (): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> => {
  const databaseUrl = process.env.DATABASE_URL;
  const templateDatabase = inject('templateDatabase');
  if (databaseUrl && templateDatabase) {
    const pg = (await import('pg')).default;
    const name = `tendwell_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templateDatabase}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      database,
      url: url.toString(),
      drop: async () => {
        // The pool has ended; give its sockets a moment to close rather than killing them with FORCE.
        for (let attempt = 0; ; attempt++) {
          try {
            await admin.query(`drop database if exists "${name}"`);
            break;
          } catch (error) {
            if (attempt >= 20) throw error;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await admin.end();
      },
    };
  }
  const file = inject('templateFile');
  const database = await openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
  return { database, drop: async () => {} };
};

/** A server on a fresh copy of the seeded template database, with a clock the test controls. */
export const startTestServer = async (overrides: Partial<ServerConfig> = {}) => {
  const { database, drop, url } = await cloneDatabase();
  const clock = manualClock(TEST_EPOCH);
  const config = testConfig(overrides);
  const live = createLiveHub({ db: database.db, clock });
  const { app, services, operations } = await buildApp({ config, db: database.db, clock, live, validateResponses: true });
  await app.ready();
  return {
    app,
    services,
    operations,
    db: database.db,
    clock,
    config,
    live,
    /** The cloned database's URL on PostgreSQL (DATABASE_URL set), for a second connection pool; else undefined. */
    databaseUrl: url,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
};

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Seeded data that outlives a server, to stop one and start another on it: a PGlite data directory, or a
 * cloned PostgreSQL database when DATABASE_URL is set. `open` opens it again (one at a time on PGlite).
 */
export const persistentData = async () => {
  if (process.env.DATABASE_URL && inject('templateDatabase')) {
    const clone = await cloneDatabase();
    await clone.database.close();
    const url = clone.url!;
    return { open: () => openDatabase({ databaseUrl: url }), drop: clone.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tendwell-data-'));
  const first = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject('templateFile'))]) });
  await first.close();
  return { open: () => openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
};

export interface ListeningOptions {
  readonly clock?: ReturnType<typeof manualClock>;
  readonly port?: number;
  /** Runs after the app is built, before it listens: what it does there no client can hear live. */
  readonly beforeListening?: (app: BuiltApp['app']) => Promise<void>;
}

/** A listening server (API and live connection) on a database, as `npm start` runs one; `stop` leaves the data. */
export const startListeningServer = async (database: Database, { clock = manualClock(TEST_EPOCH), port = 0, beforeListening }: ListeningOptions = {}) => {
  const config = testConfig();
  const live = createLiveHub({ db: database.db, clock });
  const { app, services } = await buildApp({ config, db: database.db, clock, live, validateResponses: true });
  if (beforeListening) {
    await beforeListening(app);
    await live.flush();
  }
  await app.listen({ port, host: '127.0.0.1' });
  const io = await live.attach(app.server, { verifySession: (token) => services.tokens.verifySession(token) });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    services,
    live,
    clock,
    db: database.db,
    config,
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    stop: async () => {
      await live.flush();
      await io.close();
      await app.close().catch(() => undefined); // io.close() may have closed the HTTP server already
      await database.close();
    },
  };
};

/** Logs a demo user in and returns its bearer token; fails the test with the server's answer otherwise. */
export const login = async (app: TestServer['app'], email: string, password = DEMO_PASSWORD): Promise<string> => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password, platform: 'web' } });
  const body = res.json() as { token?: string; message?: string };
  if (res.statusCode !== 200 || !body.token) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return body.token;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Another connection to the server's database, as another server process would write: a second pool on PostgreSQL
 * (DATABASE_URL), the one connection there is on PGlite. Its writes reach the server only through the change feed's
 * notifications (server/db/changes.ts).
 */
export const otherWriter = async (server: Pick<TestServer, 'db' | 'databaseUrl'>) => {
  const second = server.databaseUrl ? await openDatabase({ databaseUrl: server.databaseUrl }) : undefined;
  return { db: second?.db ?? server.db, close: () => second?.close() };
};

/** Retries `expectation` for up to 2 s: PostgreSQL delivers a notification to another connection soon after commit, not in the same instant. */
export const eventually = async (expectation: () => Promise<void>) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await expectation();
    } catch (error) {
      if (attempt >= 40) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
};

/**
 * Super approves pending-organization@ (through the organization-approval chart, as /admin does). Tests that need
 * "another organization" for cross-account checks use it once approved: a pending one is refused every organization
 * call before any ownership check (tests/server/pending-organization.test.ts).
 */
export const approvePendingOrganization = async (app: TestServer['app']): Promise<void> => {
  const token = await login(app, 'super@tendwell.test');
  const res = await app.inject({ method: 'PUT', url: `/api/admin/organizations/${demoId('account:pending-organization')}/approve`, headers: bearer(token), payload: {} });
  if (res.statusCode !== 200) throw new Error(`approving pending-organization@: ${res.statusCode} ${res.body}`);
};
