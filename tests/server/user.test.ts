import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens, screenViews } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
  return { status: res.statusCode, body: res.json() as Json };
};

describe('GET /user', () => {
  it('a customer: its user info, its account list and the active account', async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    const res = await call('GET', '/user', token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: demoId('user:customer'),
      email: 'customer@tendwell.test',
      role: 'customer',
      first_name: 'Casey',
      accounts: [{ id: demoId('account:customer'), type: 'customer' }],
      registerVersion: 'default',
      status: 'active',
      account: { _id: demoId('account:customer'), type: 'customer', primary_email: 'customer@tendwell.test', meta: { initialSetup: true } },
    });
  });

  it('super: role super, no accounts', async () => {
    const res = await call('GET', '/user', await login(server.app, 'super@tendwell.test'));
    expect(res.body).toMatchObject({ role: 'super', accounts: [], account: null });
  });

  it('the onboarding gates read what the seed promises', async () => {
    const org = await call('GET', '/user', await login(server.app, 'organization@tendwell.test'));
    expect(org.body.account).toMatchObject({ meta: { initialSetup: true, isApproved: true }, settings: { stripe_id: expect.stringMatching(/^acct_demo/) } });
    const pending = await call('GET', '/user', await login(server.app, 'pending-organization@tendwell.test'));
    expect(pending.body.account.meta.isApproved).toBe(false);
    const fresh = await call('GET', '/user', await login(server.app, 'newcustomer@tendwell.test'));
    expect(fresh.body.account.meta).toMatchObject({ initialSetup: false, skipOnboarding: false });
    const vendor = await call('GET', '/user', await login(server.app, 'vendor@tendwell.test'));
    expect(vendor.body).toMatchObject({ role: 'vendor', account: { meta: { initialSetup: true } } });
  });

  it('without a token: 401', async () => {
    expect((await call('GET', '/user')).body).toEqual({ message: 'User token authentication failed', code: 'unauthorized' });
  });
});

describe('GET /user/accounts', () => {
  it("lists only the caller's accounts", async () => {
    const multi = await call('GET', '/user/accounts', await login(server.app, 'multi@tendwell.test'));
    expect(multi.status).toBe(200);
    expect(multi.body.map((a: Json) => a.type)).toEqual(['customer', 'affiliate']);
    const single = await call('GET', '/user/accounts', await login(server.app, 'affiliate@tendwell.test'));
    expect(single.body.map((a: Json) => a._id)).toEqual([demoId('account:affiliate')]);
  });
});

describe('PUT /users/update', () => {
  it('device_token saves a push token once; remove_device_token removes it', async () => {
    const token = await login(server.app, 'vendor@tendwell.test');
    const userId = demoId('user:vendor');
    const tokensOf = () => server.db.select().from(deviceTokens).where(eq(deviceTokens.userId, userId));
    const saved = await call('PUT', '/users/update', token, { key: 'device_token', val: 'push-abc' }, { 'x-platform': 'web' });
    expect(saved.status).toBe(200);
    expect(saved.body.email).toBe('vendor@tendwell.test');
    await call('PUT', '/users/update', token, { key: 'device_token', val: 'push-abc' });
    expect((await tokensOf()).map((t) => [t.token, t.platform])).toEqual([['push-abc', 'web']]);
    const removed = await call('PUT', '/users/update', token, { key: 'remove_device_token', val: 'push-abc' });
    expect(removed.status).toBe(200);
    expect(await tokensOf()).toEqual([]);
  });

  it("a removal only touches the caller's tokens", async () => {
    const vendor = await login(server.app, 'vendor@tendwell.test');
    const customer = await login(server.app, 'customer@tendwell.test');
    await call('PUT', '/users/update', vendor, { key: 'device_token', val: 'shared-token' });
    await call('PUT', '/users/update', customer, { key: 'remove_device_token', val: 'shared-token' });
    const left = await server.db
      .select()
      .from(deviceTokens)
      .where(and(eq(deviceTokens.userId, demoId('user:vendor')), eq(deviceTokens.token, 'shared-token')));
    expect(left).toHaveLength(1);
  });

  it('changes the name and the active account language, as key/val or as fields', async () => {
    const token = await login(server.app, 'affiliate@tendwell.test');
    expect((await call('PUT', '/users/update', token, { key: 'first_name', val: 'Arianna' })).body.first_name).toBe('Arianna');
    const res = await call('PUT', '/users/update', token, { last_name: 'Ally', language_preference: 'es' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ last_name: 'Ally', account: { settings: { language_preference: 'es' } } });
  });

  it('refuses a key without val, an unknown key, a bad language and an empty update', async () => {
    const token = await login(server.app, 'affiliate@tendwell.test');
    for (const payload of [{ key: 'device_token' }, { key: 'role', val: 'super' }, { key: 'language_preference', val: 'fr' }, { language_preference: 'fr' }, {}]) {
      const res = await call('PUT', '/users/update', token, payload);
      expect({ payload, status: res.status }).toEqual({ payload, status: 400 });
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe('PUT /users/password/update', () => {
  it("changes the password with the current one: 'Password updated!'", async () => {
    const token = await login(server.app, 'organization@tendwell.test');
    const wrong = await call('PUT', '/users/password/update', token, { oldPassword: 'not-it', password: 'org-new-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_old_password');
    const short = await call('PUT', '/users/password/update', token, { oldPassword: 'tendwell-demo', password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^Invalid Password/);
    const ok = await call('PUT', '/users/password/update', token, { oldPassword: 'tendwell-demo', password: 'org-new-password' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Password updated!' });
    await expect(login(server.app, 'organization@tendwell.test')).rejects.toThrow(/401/);
    expect(await login(server.app, 'organization@tendwell.test', 'org-new-password')).toEqual(expect.any(String));
    expect((await call('GET', '/user', token)).status).toBe(200);
  });

  it('5 wrong current passwords lock the change for 15 minutes', async () => {
    const token = await login(server.app, 'pending-organization@tendwell.test');
    for (let i = 0; i < 5; i++) {
      expect((await call('PUT', '/users/password/update', token, { oldPassword: `bad-${i}`, password: 'whatever-new' })).status).toBe(400);
    }
    const locked = await call('PUT', '/users/password/update', token, { oldPassword: 'tendwell-demo', password: 'whatever-new' });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });

  it('a user without a password (social signup) may set one without oldPassword', async () => {
    const reg = await server.app.inject({ method: 'POST', url: '/api/auth/alt-register', payload: { provider: 'google', credential: 'dev:nopass@example.com:No Pass' } });
    const token = reg.json().id_token as string;
    const res = await call('PUT', '/users/password/update', token, { password: 'first-password' });
    expect(res.body).toEqual({ message: 'Password updated!' });
    expect(await login(server.app, 'nopass@example.com', 'first-password')).toEqual(expect.any(String));
  });
});

describe('POST /user/screen-view', () => {
  it('records the screen for the caller', async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    const res = await call('POST', '/user/screen-view', token, { screen: 'dashboard', path: '/dashboard' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const rows = await server.db.select().from(screenViews).where(eq(screenViews.userId, demoId('user:customer')));
    expect(rows.map((r) => [r.screen, r.path, r.accountId])).toContainEqual(['dashboard', '/dashboard', demoId('account:customer')]);
    expect((await call('POST', '/user/screen-view', token, { path: '/x' })).status).toBe(400);
  });
});
