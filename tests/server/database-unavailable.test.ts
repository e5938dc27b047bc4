/**
 * A restart of PostgreSQL cuts every connection: the requests in flight then are answered 503 with Retry-After
 * (nothing was written; the pool reconnects on the next query), never 500. The load bench restarts a real
 * PostgreSQL under load (`npm run bench -- load --restart-postgres`); these are the errors it meets.
 */
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, serviceUnavailable } from '../../server/errors';

const closedPort = () =>
  new Promise<number>((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('the database is unavailable', () => {
  it('recognises a refused connection as the driver reports it', async () => {
    const client = new pg.Client({ connectionString: `postgres://nobody@127.0.0.1:${await closedPort()}/postgres` });
    const error = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises a restart's shutdown code and a cut connection, also wrapped by the query builder", () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query: select 1'), { cause: shutdown }))).toBe(true);
  });

  it('leaves every other error alone: a unique violation or a bug is not a reason to retry', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('answers 503 with a message and Retry-After', () => {
    const answer = serviceUnavailable();
    expect(answer.status).toBe(503);
    expect(answer.code).toBe('unavailable');
    expect(answer.message).toMatch(/Try again/);
    expect(answer.headers['retry-after']).toBe('2');
  });
});

// Only PostgreSQL has connections a restart can cut (PGlite runs inside the server's process): this runs in the
// server tests' PostgreSQL pass (DATABASE_URL, as CI runs them).
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describe('a connection cut while a transaction holds it (PostgreSQL)', () => {
    it('fails that transaction as unavailable, keeps the process alive, and the next statement gets a new connection', async () => {
      const { openDatabase } = await import('../../server/db/client');
      const { sql } = await import('drizzle-orm');
      const database = await openDatabase({ databaseUrl });
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const outcome = await database.db
          .transaction(async (tx) => {
            const pid = Number(((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]?.pid);
            // What a restart does to every connection: the server ends it while the transaction is between statements.
            await admin.query('select pg_terminate_backend($1)', [pid]);
            await new Promise((resolve) => setTimeout(resolve, 200));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => 'committed',
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailable(outcome)).toBe(true);
        const after = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: { two: number }[] };
        expect(after.rows[0]?.two).toBe(2);
      } finally {
        await admin.end();
        await database.close();
      }
    });
  });
}
