/**
 * What a warm start skips (docs/performance.md): the contract resolved from YAML is read back from its JSON copy,
 * and a server that does not check its answers (npm start) compiles each validator on its first request. Both
 * must answer exactly as before: the same contract, the same 400 for the same bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { migrateUnlessCurrent, openDatabase, type Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { loadResolved, loadResolvedCached } from '../../server/openapi/load';
import type { FastifyInstance } from 'fastify';

describe('the resolved contract kept between starts', () => {
  it('is the same document as the one resolved from the YAML files, read twice', () => {
    const fresh = loadResolved();
    expect(loadResolvedCached()).toEqual(fresh);
    expect(loadResolvedCached()).toEqual(fresh); // the second read comes from the JSON copy
  });
});

describe('validators compiled on first use (a server started without answer checks)', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    app = (await buildApp({ config: testConfig(), db: database.db })).app;
    // A route with a response schema asks for fastify's serializer compiler, which the server loads only then.
    app.get('/test/serialized', { schema: { response: { 200: { type: 'object', properties: { kept: { type: 'string' } } } } } }, async () => ({ kept: 'yes', dropped: 'no' }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("refuses a bad body with the contract's message, every time", async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x', platform: 'web' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: "Missing required field 'username'", code: 'invalid_request' });
      const wrongType = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 12, password: 'x', platform: 'web' } });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().code).toBe('invalid_request');
    }
  });

  it("serializes by a response schema with fastify's own compiler when a route has one", async () => {
    const res = await app.inject({ method: 'GET', url: '/test/serialized' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kept: 'yes' });
  });

  it('checks query parameters as before: a required one missing, an integer out of range', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/public/tax-rates' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/postalCode/);
    const range = await app.inject({ method: 'GET', url: '/api/public/availability/next?zip_code=62701&duration=5' });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toMatch(/duration/);
  });
});

describe('the migration run at start, skipped when the newest migration is applied', () => {
  it('migrates a new database, then finds it current; the tables are there either way', async () => {
    const database = await openDatabase({});
    try {
      expect(await database.migrate()).toBe('migrated');
      expect(await database.migrate()).toBe('current');
      expect(await database.db.select().from(users)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('runs the migrator when the database has none applied, or only older ones, and not when it has the newest', async () => {
    const runs: string[] = [];
    const migrate = async () => void runs.push('ran');
    const NEWEST = 1_795_660_464_236;
    expect(await migrateUnlessCurrent(() => Promise.reject(new Error('relation "drizzle.__drizzle_migrations" does not exist')), migrate, NEWEST)).toBe('migrated');
    expect(await migrateUnlessCurrent(async () => null, migrate, NEWEST)).toBe('migrated');
    expect(await migrateUnlessCurrent(async () => String(NEWEST - 1), migrate, NEWEST)).toBe('migrated');
    expect(runs).toHaveLength(3);
    expect(await migrateUnlessCurrent(async () => String(NEWEST), migrate, NEWEST)).toBe('current');
    expect(await migrateUnlessCurrent(async () => String(NEWEST + 1), migrate, NEWEST)).toBe('current');
    expect(runs).toHaveLength(3);
  });
});
