import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/db/seed';
import { bearer, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'HEAD';

/** A session for a demo user without going through login (no rate limits, no password hashing). */
const sessionOf = async (key: string, accountKey: string | null, accountType: 'customer' | 'vendor' | 'organization' | 'affiliate' | null) =>
  (await server.services.tokens.issueSession({ userId: demoId(`user:${key}`), accountId: accountKey && demoId(`account:${accountKey}`), accountType })).token;

const send = async (method: Method, url: string, body: string | undefined, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({
    method,
    url: `/api${url}`,
    ...(body !== undefined ? { payload: body } : {}),
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
  });
  return { status: res.statusCode, body: res.body ? (res.json() as { message?: string; code?: string }) : undefined };
};

const expectRefused = (res: { status: number; body?: { message?: string; code?: string } }, status = 400) => {
  expect(res.status).toBe(status);
  expect(res.body?.message).toEqual(expect.any(String));
  expect(res.body?.message?.length).toBeGreaterThan(0);
  expect(res.body?.code).toEqual(expect.any(String));
};

describe('bad input to the auth, user and notification calls: a 4xx with a message, never a 5xx', () => {
  it('a missing field names it', async () => {
    const res = await send('POST', '/auth/register', JSON.stringify({ first_name: 'No Email' }));
    expectRefused(res);
    expect(res.body).toEqual({ message: "Missing required field 'email'", code: 'invalid_request' });
  });

  it('a wrong type is refused, never coerced', async () => {
    const res = await send('POST', '/auth/register', JSON.stringify({ email: 'a@example.com', first_name: 42 }));
    expectRefused(res);
    expect(res.body?.message).toBe("Field 'first_name' must be a string");
    const token = await sessionOf('customer', 'customer', 'customer');
    expectRefused(await send('PUT', '/users/update', JSON.stringify({ key: 'device_token', val: 12345 }), bearer(token)));
    expectRefused(await send('PUT', '/users/password/update', JSON.stringify({ password: ['a', 'b'] }), bearer(token)));
  });

  it('malformed JSON', async () => {
    const res = await send('POST', '/auth/lost-password', '{"username": ');
    expect(res).toEqual({ status: 400, body: { message: 'Malformed JSON body', code: 'invalid_request' } });
  });

  it('an unknown field is refused', async () => {
    const res = await send('POST', '/auth/register', JSON.stringify({ email: 'a@example.com', first_name: 'A', role: 'super' }));
    expect(res).toEqual({ status: 400, body: { message: "Unknown field 'role'", code: 'invalid_request' } });
    const token = await sessionOf('customer', 'customer', 'customer');
    const update = await send('PUT', '/users/update', JSON.stringify({ email: 'other@example.com' }), bearer(token));
    expect(update.body?.message).toBe("Unknown field 'email'");
  });

  it('an oversize body is refused with 413 and a message', async () => {
    const res = await send('POST', '/auth/register', JSON.stringify({ email: 'a@example.com', first_name: 'x'.repeat(600 * 1024) }));
    expectRefused(res, 413);
    expect(res.body?.message).toMatch(/too large/);
  });

  it('a value outside the allowed set, a malformed email or id, a too-long field', async () => {
    expectRefused(await send('POST', '/auth/register', JSON.stringify({ email: 'a@example.com', first_name: 'A', type: 'vendor' })));
    expectRefused(await send('POST', '/auth/register', JSON.stringify({ email: 'not-an-email', first_name: 'A' })));
    expectRefused(await send('POST', '/auth/validate-token', JSON.stringify({ tokenType: 'session', token: 'x' })));
    expectRefused(await send('POST', '/auth/login', JSON.stringify({ username: 'a@example.com', password: 'x'.repeat(2000) })));
    const token = await sessionOf('multi', 'multi-customer', 'customer');
    expectRefused(await send('POST', '/auth/change-account', JSON.stringify({ account_id: 'abc', account_type: 'affiliate' }), bearer(token)));
    expectRefused(await send('POST', '/auth/change-account', JSON.stringify({ account_id: demoId('account:multi-affiliate'), account_type: 'super' }), bearer(token)));
    expectRefused(await send('GET', '/notification/zzz', undefined, bearer(token)));
    expectRefused(await send('GET', '/notification?to=tomorrow', undefined, bearer(token)));
  });

  it('a missing reset header names the header', async () => {
    const res = await send('POST', '/auth/reset-password-action', JSON.stringify({ password: 'long-enough' }));
    expectRefused(res);
    expect(res.body?.message).toMatch(/x-password-reset-token/);
  });

  it('an empty body where one is required', async () => {
    expectRefused(await send('POST', '/auth/register', undefined));
    expectRefused(await send('POST', '/auth/register', ''));
    expectRefused(await send('POST', '/auth/register', 'null'));
    expectRefused(await send('POST', '/auth/register', '[]'));
  });

  it('a secured call checks the token before the body: 401, not 400', async () => {
    const res = await send('PUT', '/users/update', '{"nonsense": true}');
    expect(res).toEqual({ status: 401, body: { message: 'User token authentication failed', code: 'unauthorized' } });
  });

  it('junk sent to every operation of these areas never makes a 5xx', async () => {
    const areas = new Set(['system', 'dev', 'auth', 'user', 'notifications']);
    const ops = server.operations.filter((op) => areas.has(op.tag));
    expect(ops.length).toBe(39); // with the app-password list and revoke (issue 21)
    const junkBodies = ['{"unexpected": true}', '{"email": {"$ne": null}, "username": ["x"], "token": 1}', '"just a string"', '12'];
    for (const op of ops) {
      for (const junk of junkBodies) {
        const token = await sessionOf('multi', 'multi-customer', 'customer');
        const url = op.path.replace(/\{[^}]+\}/g, demoId('notification:6'));
        const method = op.method.toUpperCase() as Method;
        const withBody = method === 'POST' || method === 'PUT';
        const res = await send(method, url, withBody ? junk : undefined, op.secured ? bearer(token) : {});
        expect({ op: op.operationId, junk, status: res.status < 500 }).toEqual({ op: op.operationId, junk, status: true });
        if (res.status >= 400) expect(res.body?.message, op.operationId).toEqual(expect.any(String));
      }
    }
  });
});
