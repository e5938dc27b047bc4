import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

// Each engine's driver is loaded when that engine is opened: a start on PGlite never loads pg, nor the reverse.
const pgliteDriver = () => Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
const postgresDriver = () => Promise.all([import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);

/** The drizzle database, whichever engine is underneath (PGlite or PostgreSQL). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** When the newest migration of the journal (server/db/migrations/meta/_journal.json) was generated. */
const newestMigrationMillis = (): number | undefined => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries?: { when?: unknown }[] };
  const when = journal.entries?.at(-1)?.when;
  return typeof when === 'number' ? when : undefined;
};

/** The newest applied migration's time, as drizzle's migrator records it (fails where none was ever applied). */
const NEWEST_APPLIED_SQL = 'select max(created_at)::text as newest from drizzle.__drizzle_migrations';

/**
 * Runs `migrate` unless the journal's newest migration is already applied. Drizzle's migrator applies exactly the
 * journal's migrations newer than the newest one it recorded, so when that one is not older than the journal's
 * last, it would apply nothing; checking it first spares a warm start reading and hashing every migration file
 * and an empty transaction. A database never migrated (no such table) or behind the journal is migrated as before.
 */
export const migrateUnlessCurrent = async (newestApplied: () => Promise<string | null | undefined>, migrate: () => Promise<void>, newest = newestMigrationMillis()): Promise<'migrated' | 'current'> => {
  const applied = await newestApplied().then(
    (text) => (text === null || text === undefined ? undefined : Number(text)),
    () => undefined,
  );
  if (newest !== undefined && applied !== undefined && Number.isFinite(applied) && applied >= newest) return 'current';
  await migrate();
  return 'migrated';
};

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (server/db/migrations) not applied yet; safe to run at every start. */
  migrate(): Promise<'migrated' | 'current'>;
  /** PGlite only: a tarball of the data directory, to clone a migrated template in tests. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { readonly databaseUrl: string }
  | { readonly dataDir?: string; readonly loadDataDir?: Blob };

const openPglite = async (dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await pgliteDriver();
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), relaxedDurability: !dataDir });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () =>
      migrateUnlessCurrent(
        async () => (await client.query<{ newest: string | null }>(NEWEST_APPLIED_SQL)).rows[0]?.newest,
        () => migratePglite(db, { migrationsFolder }),
      ),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
};

const openPostgres = async (databaseUrl: string): Promise<Database> => {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await postgresDriver();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server ends (a restart, a dropped test database) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // The pool listens only while a connection is idle. One that is checked out when the server ends it (between the
  // statements of a transaction, during a restart) emits 'error' on the connection itself, and with no listener Node
  // ends the whole process. Its statement in flight fails (503, isDatabaseUnavailable), and the pool discards the
  // broken connection when it is released.
  pool.on('connect', (connection) => connection.on('error', (error) => console.warn(`PostgreSQL connection lost while in use: ${error.message}`)));
  // Fail fast with a clear message when the server is not reachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () =>
      migrateUnlessCurrent(
        async () => (await pool.query<{ newest: string | null }>(NEWEST_APPLIED_SQL)).rows[0]?.newest,
        () => migratePg(db, { migrationsFolder }),
      ),
    dump: () => Promise.reject(new Error('dump() is only available on the embedded PGlite database')),
    close: () => pool.end(),
  };
};

/** Opens PostgreSQL when a connection string is given, otherwise the embedded PGlite (in `dataDir`, or in memory). */
export const openDatabase = (options: DatabaseOptions): Promise<Database> =>
  'databaseUrl' in options ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.loadDataDir);
