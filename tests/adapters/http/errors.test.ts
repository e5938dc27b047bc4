import { describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { notificationsApi } from '../../../src/adapters/http/notifications';
import { systemApi } from '../../../src/adapters/http/system';
import { userApi } from '../../../src/adapters/http/user';
import { ApiError, Invalid, NetworkError, NotFound } from '../../../src/core/ports/errors';
import { failureOf, json, testClient } from './fake-fetch';
import { ids, notification, userInfo } from './fixtures';

describe('errors at the HTTP boundary (accounts §8)', () => {
  it("uses the server's message and keeps its code and status", async () => {
    const { http } = testClient(() => json(409, { message: 'Notification already dismissed', code: 'conflict' }, { statusText: 'Conflict' }));
    const error = await failureOf(notificationsApi(http).dismiss(ids.notification));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Notification already dismissed', code: 'conflict', status: 409 });
  });

  it('falls back to the status text when the body carries no message', async () => {
    const { http } = testClient(() => new Response('<html>gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failureOf(userApi(http).getUser());
    expect(error).toMatchObject({ _tag: 'ApiError', message: 'Bad Gateway', status: 502 });
  });

  it('a 404 is NotFound with the server text', async () => {
    const { http } = testClient(() => json(404, { message: 'Notification not found', code: 'not_found' }));
    const error = await failureOf(notificationsApi(http).get(ids.notification));
    expect(error).toBeInstanceOf(NotFound);
    expect(error.message).toBe('Notification not found');
  });

  it("a 501 from an operation the server does not implement yet is an ApiError with code not_implemented", async () => {
    const { http } = testClient(() => json(501, { message: 'Not implemented yet: getUser', code: 'not_implemented' }));
    expect(await failureOf(userApi(http).getUser())).toMatchObject({ _tag: 'ApiError', status: 501, code: 'not_implemented' });
  });

  it("a fetch that rejects (server unreachable) is NetworkError 'Network Error'", async () => {
    const { http } = testClient(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(userApi(http).getUser());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('Network Error');
  });

  it('a 200 whose body does not match the schema is Invalid, naming the problem', async () => {
    const { http } = testClient(() => json(200, { ...userInfo, accounts: 'none' }));
    const error = await failureOf(userApi(http).getUser());
    expect(error).toBeInstanceOf(Invalid);
    expect(error.message).toMatch(/^Invalid response/);
    expect(error.message).toContain('accounts');
  });

  it('a 200 whose body is not JSON is Invalid, not a network error', async () => {
    const { http } = testClient(() => new Response('not json', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await failureOf(userApi(http).getUser())).toBeInstanceOf(Invalid);
  });

  it('a valid body reaches the port decoded (ids branded, unknown fields dropped)', async () => {
    const { http } = testClient(() => json(200, [{ ...notification, extra: 'ignored' }]));
    const list = await Effect.runPromise(notificationsApi(http).list({ from: '2025-04-01T00:00:00.000Z', to: '2025-05-01T00:00:00.000Z' }));
    expect(list).toEqual([notification]);
  });
});

describe('system.ping (accounts §7/§8)', () => {
  it('HEAD /ping answering 200 succeeds', async () => {
    const { http, requests } = testClient(() => new Response(null, { status: 200 }));
    await Effect.runPromise(systemApi(http).ping());
    expect(requests[0]).toMatchObject({ method: 'HEAD' });
    expect(requests[0]?.url.pathname).toBe('/api/ping');
  });

  it.each([204, 301, 404, 500, 503])("answering %i is NetworkError 'Network Error'", async (status) => {
    const { http } = testClient(() => new Response(null, { status }));
    const error = await failureOf(systemApi(http).ping());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('Network Error');
  });

  it("no answer at all is NetworkError 'Network Error'", async () => {
    const { http } = testClient(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(systemApi(http).ping())).toMatchObject({ _tag: 'NetworkError', message: 'Network Error' });
  });
});
