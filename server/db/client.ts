import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The drizzle database, whichever engine is underneath (PGlite or PostgreSQL). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (server/db/migrations); safe to run at every start. */
  migrate(): Promise<void>;
  /** PGlite only: a tarball of the data directory, to clone a migrated template in tests. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { readonly databaseUrl: string }
  | { readonly dataDir?: string; readonly loadDataDir?: Blob };

const openPglite = async (dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), relaxedDurability: !dataDir });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
};

const openPostgres = async (databaseUrl: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server ends (a restart, a dropped test database) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // Fail fast with a clear message when the server is not reachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    dump: () => Promise.reject(new Error('dump() is only available on the embedded PGlite database')),
    close: () => pool.end(),
  };
};

/** Opens PostgreSQL when a connection string is given, otherwise the embedded PGlite (in `dataDir`, or in memory). */
export const openDatabase = (options: DatabaseOptions): Promise<Database> =>
  'databaseUrl' in options ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.loadDataDir);
