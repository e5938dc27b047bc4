import { describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { authApi } from '../../../src/adapters/http/auth';
import { ACCOUNT_REQUIRES_SMS_CONFIRMATION } from '../../../src/core/model/auth';
import { Invalid, NetworkError } from '../../../src/core/ports/errors';
import { failureOf, json, testClient } from './fake-fetch';
import { ACCOUNT_ID, account, ids, userInfo } from './fixtures';

const credentials = { username: 'casey@example.com', password: 'tendwell-demo' };

describe('auth.login outcomes (accounts §4)', () => {
  it('posts username, password and platform web, without needing a token', async () => {
    const { http, requests } = testClient(
      () => json(200, { message: 'Logged in', code: 'logged_in', loggedIn: true, resetPasswordOnLogin: false, token: 'jwt', role: 'customer', user: userInfo }),
      { token: () => undefined },
    );
    await Effect.runPromise(authApi(http).login(credentials));
    expect(requests[0]).toMatchObject({ method: 'POST', body: { ...credentials, platform: 'web' } });
    expect(requests[0]?.url.pathname).toBe('/api/auth/login');
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('logged in: loggedIn true with the token, the role and the user', async () => {
    const { http } = testClient(() =>
      json(200, { message: 'Logged in', code: 'logged_in', loggedIn: true, resetPasswordOnLogin: false, token: 'jwt', role: 'customer', user: userInfo }),
    );
    const result = await Effect.runPromise(authApi(http).login(credentials));
    expect(result).toMatchObject({ loggedIn: true, token: 'jwt', role: 'customer', code: 'logged_in' });
    expect(result.user?.accounts).toEqual([{ id: ACCOUNT_ID, type: 'customer' }]);
  });

  it('SMS confirmation needed: loggedIn false with code AccountRequiresSMSConfirmation', async () => {
    const { http } = testClient(() =>
      json(200, { message: 'Confirm your phone number', code: ACCOUNT_REQUIRES_SMS_CONFIRMATION, loggedIn: false, resetPasswordOnLogin: false }),
    );
    const result = await Effect.runPromise(authApi(http).login(credentials));
    expect(result).toEqual({ message: 'Confirm your phone number', code: ACCOUNT_REQUIRES_SMS_CONFIRMATION, loggedIn: false, resetPasswordOnLogin: false });
  });

  it('temporary password: resetPasswordOnLogin with the temporary reset token', async () => {
    const { http } = testClient(() =>
      json(200, { message: 'Set a new password', code: 'temporary_password', loggedIn: false, resetPasswordOnLogin: true, temporaryResetToken: 'tmp-token' }),
    );
    const result = await Effect.runPromise(authApi(http).login(credentials));
    expect(result).toMatchObject({ loggedIn: false, resetPasswordOnLogin: true, temporaryResetToken: 'tmp-token' });
    expect(result.token).toBeUndefined();
  });

  it('a refused login is a value: loggedIn false with the server message and code', async () => {
    const { http, unauthorized } = testClient(() => json(401, { message: 'Invalid username or password', code: 'invalid_credentials' }));
    const result = await Effect.runPromise(authApi(http).login(credentials));
    expect(result).toMatchObject({ loggedIn: false, message: 'Invalid username or password', code: 'invalid_credentials' });
    expect(unauthorized).toHaveLength(0);
  });

  it('a refusal without a body falls back to the status text', async () => {
    const { http } = testClient(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const result = await Effect.runPromise(authApi(http).login(credentials));
    expect(result).toMatchObject({ loggedIn: false, message: 'Service Unavailable' });
  });

  it('an unreachable server fails with NetworkError; a malformed success with Invalid', async () => {
    const down = testClient(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(authApi(down.http).login(credentials))).toBeInstanceOf(NetworkError);
    const odd = testClient(() => json(200, { loggedIn: 'yes' }));
    expect(await failureOf(authApi(odd.http).login(credentials))).toBeInstanceOf(Invalid);
  });

  it('social sign-in posts the provider credential with platform web and decodes the same outcomes', async () => {
    const { http, requests } = testClient(() => json(403, { message: 'Error logging in', code: 'social_account_not_found' }));
    const result = await Effect.runPromise(authApi(http).altLogin({ provider: 'google', credential: 'id-token' }));
    expect(requests[0]?.body).toEqual({ provider: 'google', credential: 'id-token', platform: 'web' });
    expect(result).toMatchObject({ loggedIn: false, message: 'Error logging in', code: 'social_account_not_found' });
  });
});

describe('auth: other calls', () => {
  it('check unwraps data (auth, role, accountId)', async () => {
    const { http } = testClient(() => json(200, { data: { auth: true, role: 'customer', accountId: ACCOUNT_ID } }));
    expect(await Effect.runPromise(authApi(http).check())).toEqual({ auth: true, role: 'customer', accountId: ACCOUNT_ID });
  });

  it('validate-token sends the token kind and the token in the body, as the contract says', async () => {
    const { http, requests } = testClient(() => json(200, { valid: true, tokenType: 'reset', expiresAt: '2025-05-01T10:00:00.000Z', email: 'a@b.co' }));
    const result = await Effect.runPromise(authApi(http).validateToken({ tokenType: 'reset', token: 'abc' }));
    expect(result.valid).toBe(true);
    expect(requests[0]?.body).toEqual({ tokenType: 'reset', token: 'abc' });
  });

  it('lost-password posts the username with platform web and returns the confirmation text', async () => {
    const { http, requests } = testClient(() => json(200, { message: 'Check your email for a link to reset your password' }));
    const result = await Effect.runPromise(authApi(http).lostPassword({ username: 'casey@example.com' }));
    expect(result.message).toBe('Check your email for a link to reset your password');
    expect(requests[0]?.body).toEqual({ username: 'casey@example.com', platform: 'web' });
  });

  it('change-account decodes the new token and account', async () => {
    const { http, requests } = testClient(() => json(200, { token: 'switched', account, role: 'customer' }));
    const result = await Effect.runPromise(authApi(http).changeAccount({ account_id: ids.account, account_type: 'customer' }));
    expect(result).toMatchObject({ token: 'switched', role: 'customer', account: { _id: ACCOUNT_ID } });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer stored-id-token');
  });

  it('logout posts with the bearer token and expects nothing back', async () => {
    const { http, requests } = testClient(() => json(200, { message: 'Logged out' }));
    await Effect.runPromise(authApi(http).logout());
    expect(requests[0]).toMatchObject({ method: 'POST' });
    expect(requests[0]?.url.pathname).toBe('/api/auth/logout');
  });
});
