import { Effect, Exit } from 'effect';
import { describe, expect, it, vi } from 'vitest';
import { createLazyHttpApi } from '../../../src/adapters/http/lazy-api';
import { Unauthorized } from '../../../src/core/ports/errors';
import { API_HEADERS, PLATFORM } from '../../../src/core/rules/constants';
import { BASE_URL, TOKEN, fakeFetch, json } from './fake-fetch';

const TOKEN_FAILED = { message: 'User token authentication failed', code: 'unauthorized' };

describe('the lazily created HTTP API (src/main.tsx: the adapters load with the first call)', () => {
  it('answers each port call as the real adapter does: same request, headers, decoded result and typed failure', async () => {
    const fake = fakeFetch((req) =>
      req.method === 'HEAD' ? new Response(null, { status: 200 }) : new URL(req.url).pathname === '/api/user' ? json(401, TOKEN_FAILED) : json(200, []),
    );
    const unauthorized = vi.fn();
    const api = createLazyHttpApi({ baseUrl: BASE_URL, fetch: fake.fetch, token: () => TOKEN, onUnauthorized: unauthorized });
    await Effect.runPromise(api.system.ping());
    expect(await Effect.runPromise(api.notifications.alerts())).toEqual([]);
    const exit = await Effect.runPromise(Effect.exit(api.user.getUser()));
    expect(Exit.isFailure(exit) && exit.cause.toString()).toContain('User token authentication failed');
    expect(unauthorized).toHaveBeenCalledWith(expect.any(Unauthorized));
    expect(fake.requests.map((r) => `${r.method} ${r.url.pathname} ${r.headers.get('authorization')}`)).toEqual([
      `HEAD /api/ping Bearer ${TOKEN}`,
      `GET /api/notification-alerts Bearer ${TOKEN}`,
      `GET /api/user Bearer ${TOKEN}`,
    ]);
  });

  it('keeps one port object per tag and answers media.fileUrl without loading anything', () => {
    const fetch = vi.fn();
    const api = createLazyHttpApi({ baseUrl: BASE_URL, fetch, token: () => TOKEN });
    expect(api.auth).toBe(api.auth);
    expect(api.auth.login).toBe(api.auth.login);
    expect(api.media.fileUrl('tickets/a b.png')).toBe(`${BASE_URL}/media/file?key=tickets%2Fa%20b.png`);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('pings without loading the adapters: the same HEAD request, and anything but 200 is a Network Error', async () => {
    let status = 200;
    const fake = fakeFetch(() => new Response(null, { status }));
    const api = createLazyHttpApi({ baseUrl: BASE_URL, fetch: fake.fetch, token: () => TOKEN, appVersion: '9.9.9' });
    await Effect.runPromise(api.system.ping());
    const request = fake.requests[0];
    expect(`${request?.method} ${request?.url.pathname} ${request?.headers.get('authorization')}`).toBe(`HEAD /api/ping Bearer ${TOKEN}`);
    expect(request?.headers.get(API_HEADERS.appVersion)).toBe('9.9.9');
    expect(request?.headers.get(API_HEADERS.platform)).toBe(PLATFORM);
    status = 503;
    const failed = await Effect.runPromise(Effect.flip(api.system.ping()));
    expect(failed).toMatchObject({ _tag: 'NetworkError', message: 'Network Error' });
    const unreachable = createLazyHttpApi({ baseUrl: BASE_URL, fetch: () => Promise.reject(new TypeError('Failed to fetch')), token: () => undefined });
    expect(await Effect.runPromise(Effect.flip(unreachable.system.ping()))).toMatchObject({ _tag: 'NetworkError' });
  });

  it('builds nothing until the Effect runs: creating a call sends no request', async () => {
    const fake = fakeFetch(() => json(200, []));
    const api = createLazyHttpApi({ baseUrl: BASE_URL, fetch: fake.fetch, token: () => TOKEN });
    const call = api.notifications.alerts();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fake.requests).toHaveLength(0);
    await Effect.runPromise(call);
    expect(fake.requests).toHaveLength(1);
  });
});
