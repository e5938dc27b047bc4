import { describe, expect, it } from 'vitest';
import { Effect, Fiber } from 'effect';
import { authApi } from '../../../src/adapters/http/auth';
import { notificationsApi } from '../../../src/adapters/http/notifications';
import { systemApi } from '../../../src/adapters/http/system';
import { userApi } from '../../../src/adapters/http/user';
import { Unauthorized } from '../../../src/core/ports/errors';
import { CLIENT_VERSION } from '../../../src/core/rules/constants';
import { TOKEN, failureOf, json, testClient } from './fake-fetch';
import { userInfo } from './fixtures';

const TOKEN_FAILED = { message: 'User token authentication failed', code: 'unauthorized' };

describe('the HTTP client: headers on every request (accounts §7)', () => {
  it('sends x-platform web, x-app-version and x-device-type browser, and the stored token as a bearer', async () => {
    const { http, requests } = testClient((req) => (req.method === 'HEAD' ? new Response(null, { status: 200 }) : json(200, [])));
    await Effect.runPromise(systemApi(http).ping());
    await Effect.runPromise(notificationsApi(http).alerts());
    await Effect.runPromise(Effect.exit(userApi(http).getUser()));
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.headers.get('x-platform')).toBe('web');
      expect(request.headers.get('x-app-version')).toBe(CLIENT_VERSION);
      expect(request.headers.get('x-device-type')).toBe('browser');
      expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    }
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['HEAD /api/ping', 'GET /api/notification-alerts', 'GET /api/user']);
  });

  it('reads the token on every request, so a new login takes effect at once; none stored means no Authorization', async () => {
    const stored: { token?: string } = {};
    const { http, requests } = testClient(() => json(200, []), { token: () => stored.token });
    await Effect.runPromise(notificationsApi(http).alerts());
    stored.token = 'fresh-token';
    await Effect.runPromise(notificationsApi(http).alerts());
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[1]?.headers.get('authorization')).toBe('Bearer fresh-token');
  });

  it('accepts an asynchronous token source and a configured app version', async () => {
    const { http, requests } = testClient(() => json(200, []), { token: async () => 'async-token', appVersion: '9.9.9' });
    await Effect.runPromise(notificationsApi(http).alerts());
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer async-token');
    expect(requests[0]?.headers.get('x-app-version')).toBe('9.9.9');
  });

  it('the password reset sends x-password-reset-token instead of the bearer token', async () => {
    const { http, requests } = testClient(() => json(200, { message: 'New password successfully set' }));
    const result = await Effect.runPromise(authApi(http).resetPasswordAction({ password: 'new-secret', resetToken: 'reset-123' }));
    expect(result).toEqual({ message: 'New password successfully set' });
    expect(requests[0]?.headers.get('x-password-reset-token')).toBe('reset-123');
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[0]?.headers.get('x-platform')).toBe('web');
    expect(requests[0]?.body).toEqual({ password: 'new-secret', platform: 'web' });
  });

  it('the temporary-password reset sends x-temporary-token instead of the bearer token', async () => {
    const { http, requests } = testClient(() => json(200, { token: 'session', role: 'customer', user: userInfo }));
    const result = await Effect.runPromise(authApi(http).resetNewPassword({ password: 'new-secret', oldPassword: 'temp', temporaryToken: 'tmp-1' }));
    expect(result.token).toBe('session');
    expect(requests[0]?.url.pathname).toBe('/api/auth/reset-new-password');
    expect(requests[0]?.headers.get('x-temporary-token')).toBe('tmp-1');
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[0]?.body).toEqual({ password: 'new-secret', oldPassword: 'temp', platform: 'web' });
  });
});

describe("the HTTP client: 401 'User token authentication failed' (accounts §8)", () => {
  it('is reported to onUnauthorized exactly once, and the call fails with Unauthorized', async () => {
    const { http, unauthorized } = testClient(() => json(401, TOKEN_FAILED, { statusText: 'Unauthorized' }));
    const error = await failureOf(userApi(http).getUser());
    expect(error).toBeInstanceOf(Unauthorized);
    expect(error).toMatchObject({ message: 'User token authentication failed', code: 'unauthorized' });
    expect(unauthorized).toHaveLength(1);
    expect(unauthorized[0]).toBeInstanceOf(Unauthorized);
  });

  it('every such response is reported once (two calls, two reports)', async () => {
    const { http, unauthorized } = testClient(() => json(401, TOKEN_FAILED));
    await Effect.runPromise(Effect.exit(userApi(http).getUser()));
    await Effect.runPromise(Effect.exit(notificationsApi(http).alerts()));
    expect(unauthorized).toHaveLength(2);
  });

  it('other 401s are not reported and pass on unchanged with the server message and code', async () => {
    const { http, unauthorized } = testClient(() => json(401, { message: 'The code is not valid', code: 'invalid_code' }));
    const error = await failureOf(authApi(http).confirmAccountCode({ verification_code: '1234', email: 'a@b.co' }));
    expect(error).toMatchObject({ _tag: 'ApiError', status: 401, message: 'The code is not valid', code: 'invalid_code' });
    expect(unauthorized).toHaveLength(0);
  });

  it('a 403 or a 200 never reports', async () => {
    const { http, unauthorized } = testClient((req) => (req.url.endsWith('/user') ? json(403, { message: 'Forbidden', code: 'forbidden' }) : json(200, [])));
    await Effect.runPromise(Effect.exit(userApi(http).getUser()));
    await Effect.runPromise(notificationsApi(http).alerts());
    expect(unauthorized).toHaveLength(0);
  });
});

describe('the HTTP client: API version (accounts §7)', () => {
  it('reads x-api-version from responses, offers it through a getter and reports changes', async () => {
    let version = '1.0.0';
    const { http, versions } = testClient(() => json(200, [], { headers: { 'x-api-version': version } }));
    expect(http.apiVersion()).toBeUndefined();
    await Effect.runPromise(notificationsApi(http).alerts());
    expect(http.apiVersion()).toBe('1.0.0');
    await Effect.runPromise(notificationsApi(http).alerts());
    version = '1.1.0';
    await Effect.runPromise(notificationsApi(http).alerts());
    expect(http.apiVersion()).toBe('1.1.0');
    expect(versions).toEqual(['1.0.0', '1.1.0']);
  });

  it('is read from error responses too', async () => {
    const { http } = testClient(() => json(500, { message: 'Internal error', code: 'internal' }, { headers: { 'x-api-version': '2.0.0' } }));
    await Effect.runPromise(Effect.exit(userApi(http).getUser()));
    expect(http.apiVersion()).toBe('2.0.0');
  });
});

describe('the HTTP client: interruption', () => {
  it('interrupting a call (a chart actor stopping) aborts its request', async () => {
    let seen: Request | undefined;
    const { http } = testClient(
      (request) =>
        new Promise<Response>((_, reject) => {
          seen = request;
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const fiber = Effect.runFork(userApi(http).getUser());
    await new Promise((r) => setTimeout(r, 10));
    expect(seen?.signal.aborted).toBe(false);
    await Effect.runPromise(Fiber.interrupt(fiber));
    expect(seen?.signal.aborted).toBe(true);
  });
});
