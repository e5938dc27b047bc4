import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '../../server/auth/tokens';
import { accounts, revokedTokens, users } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { bearer, eventually, login, otherWriter, startTestServer, type TestServer } from './harness';

/**
 * The per-request session check after the throughput work (docs/performance.md): a verified signature is
 * remembered, but expiry, revocation, the token version and the user's status are still checked on every
 * request, and GET /api/user answers from what that same check read.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const me = async (token: string) => {
  const res = await server.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('the session check with remembered signatures', () => {
  it('a token used once still expires: past its 7 days it is refused', async () => {
    const token = await login(server.app, 'affiliate@tendwell.test');
    expect((await me(token)).status).toBe(200);
    server.clock.advance(TOKEN_LIFETIME_MS.session - 60_000);
    expect((await me(token)).status).toBe(200);
    server.clock.advance(2 * 60_000);
    const expired = await me(token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ message: 'User token authentication failed' });
    expect(await server.services.tokens.check('session', token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a token used once is refused after a forged change of one signature character', async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    expect((await me(token)).status).toBe(200);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect((await me(forged)).status).toBe(401);
    expect((await me(token)).status).toBe(200);
  });

  it('raising the token version (signed out everywhere) or deactivating the user refuses a remembered token at once', async () => {
    const token = await login(server.app, 'multi@tendwell.test');
    expect((await me(token)).status).toBe(200);
    const [row] = await server.db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, demoId('user:multi')));
    await server.db.update(users).set({ tokenVersion: (row?.v ?? 0) + 1 }).where(eq(users.id, demoId('user:multi')));
    expect((await me(token)).status).toBe(401);

    const vendor = await login(server.app, 'vendor@tendwell.test');
    expect((await me(vendor)).status).toBe(200);
    await server.db.update(users).set({ status: 'inactive' }).where(eq(users.id, demoId('user:vendor')));
    expect((await me(vendor)).status).toBe(401);
    await server.db.update(users).set({ status: 'active' }).where(eq(users.id, demoId('user:vendor')));
  });

  it('GET /api/user answers what the database holds at that request (nothing of the user is remembered)', async () => {
    const token = await login(server.app, 'organization@tendwell.test');
    const before = await me(token);
    expect(before.body).toMatchObject({ role: 'organization', accounts: [{ id: demoId('account:organization'), type: 'organization' }] });
    await server.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, demoId('user:organization')));
    expect((await me(token)).body).toMatchObject({ first_name: 'Renamed', account: { _id: demoId('account:organization') } });
  });
});

/**
 * Session records are remembered while the change feed is live (server/db/changes.ts): every statement on users,
 * accounts and revoked_tokens notifies each server process (migration 0022), which forgets them. Writes here come
 * from another connection than the server's when there is one (PostgreSQL: a second pool), as another server
 * process would make them; PGlite has one connection.
 */
describe('remembered session records', () => {
  it('are remembered (a change the triggers do not announce is not seen), and forgotten on every announced change', async () => {
    const writer = await otherWriter(server);
    try {
      const token = await login(server.app, 'newcustomer@tendwell.test');
      const id = demoId('user:newcustomer');
      expect((await me(token)).status).toBe(200);
      // Without its trigger, a change of the user reaches no server process: the remembered record answers.
      await writer.db.execute(sql`alter table users disable trigger users_session_changes`);
      try {
        await writer.db.update(users).set({ firstName: 'Unannounced' }).where(eq(users.id, id));
      } finally {
        await writer.db.execute(sql`alter table users enable trigger users_session_changes`);
      }
      expect((await me(token)).body.first_name).not.toBe('Unannounced');
      // With it, the next change is seen, and so is the earlier one (the record is read again).
      await writer.db.update(users).set({ lastName: 'Announced' }).where(eq(users.id, id));
      await eventually(async () => expect((await me(token)).body).toMatchObject({ first_name: 'Unannounced', last_name: 'Announced' }));
    } finally {
      await writer.close();
    }
  });

  it('a token revoked, a user deactivated or an account removed by another writer is refused', async () => {
    const writer = await otherWriter(server);
    try {
      const token = await login(server.app, 'customer@tendwell.test');
      expect((await me(token)).status).toBe(200);
      const claims = await server.services.tokens.check('session', token);
      if (!claims.ok) throw new Error('no claims');
      await writer.db.insert(revokedTokens).values({ jti: claims.claims.jti, expiresAt: claims.claims.expiresAt });
      await eventually(async () => expect((await me(token)).status).toBe(401));

      const affiliate = await login(server.app, 'affiliate@tendwell.test');
      expect((await me(affiliate)).status).toBe(200);
      await writer.db.update(users).set({ status: 'inactive' }).where(eq(users.id, demoId('user:affiliate')));
      await eventually(async () => expect((await me(affiliate)).status).toBe(401));
      await writer.db.update(users).set({ status: 'active' }).where(eq(users.id, demoId('user:affiliate')));
      await eventually(async () => expect((await me(affiliate)).status).toBe(200));

      // The token names an account; once that account is another user's, the token is refused.
      const vendor = await login(server.app, 'vendor@tendwell.test');
      expect((await me(vendor)).status).toBe(200);
      await writer.db.update(accounts).set({ userId: demoId('user:multi') }).where(eq(accounts.id, demoId('account:vendor')));
      try {
        await eventually(async () => expect((await me(vendor)).status).toBe(401));
      } finally {
        await writer.db.update(accounts).set({ userId: demoId('user:vendor') }).where(eq(accounts.id, demoId('account:vendor')));
      }
    } finally {
      await writer.close();
    }
  });

  it('logging out through this server refuses the token on the very next request', async () => {
    const token = await login(server.app, 'multi@tendwell.test');
    expect((await me(token)).status).toBe(200);
    const out = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(token)).status).toBe(401);
  });
});
