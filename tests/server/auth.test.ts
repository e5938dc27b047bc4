import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { demoId } from '../../server/db/seed';
import { renderOutboxPage } from '../../server/operations/dev-page';
import { DEMO_PASSWORD, bearer, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const MINUTE = 60_000;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const call = async (method: 'GET' | 'POST' | 'PUT' | 'HEAD', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as Json, headers: res.headers };
};
const post = (url: string, payload?: object, headers?: Record<string, string>) => call('POST', url, payload, headers);
const put = (url: string, payload?: object, headers?: Record<string, string>) => call('PUT', url, payload, headers);
const get = (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers);

/** The messages sent to an address or number, newest last, read through the dev outbox call. */
const outboxTo = async (to: string) => {
  const res = await get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body as unknown as { channel: string; to: string; subject: string; body: string; code: string | null; link: string | null }[];
};
const lastTo = async (to: string) => {
  const list = await outboxTo(to);
  expect(list.length, `a message to ${to}`).toBeGreaterThan(0);
  return list[list.length - 1]!;
};
const tokenInLink = (link: string | null, param: string) => {
  expect(link).toBeTruthy();
  const value = new URL(link!).searchParams.get(param);
  expect(value, `${param} in ${link}`).toBeTruthy();
  return value!;
};
const signIn = (username: string, password = DEMO_PASSWORD) => post('/auth/login', { username, password, platform: 'web' });
const me = (token: string) => get('/user', bearer(token));

const UNAUTHORIZED = { message: 'User token authentication failed', code: 'unauthorized' };

describe('login outcomes', () => {
  it('signs an onboarded customer in with a token GET /user accepts', async () => {
    const res = await signIn('customer@tendwell.test');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loggedIn: true, resetPasswordOnLogin: false, code: 'logged_in', role: 'customer' });
    expect(res.body.user).toMatchObject({ email: 'customer@tendwell.test', role: 'customer' });
    const user = await me(res.body.token);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email: 'customer@tendwell.test', role: 'customer', account: { type: 'customer', meta: { initialSetup: true } } });
  });

  it('treats the email case- and space-insensitively', async () => {
    expect((await signIn('  Customer@Tendwell.TEST ')).body.loggedIn).toBe(true);
  });

  it('answers an unknown user and a wrong password alike: 401 without a token', async () => {
    const unknown = await signIn('nobody@tendwell.test');
    const wrong = await signIn('vendor@tendwell.test', 'not-the-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid username or password', code: 'invalid_credentials' });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('sms@: not logged in, code AccountRequiresSMSConfirmation, and a fresh code is texted', async () => {
    const before = (await outboxTo('+15555550100')).length;
    const res = await signIn('sms@tendwell.test');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loggedIn: false, resetPasswordOnLogin: false, code: 'AccountRequiresSMSConfirmation' });
    expect(res.body.token).toBeUndefined();
    const messages = await outboxTo('+15555550100');
    expect(messages.length).toBe(before + 1);
    expect(messages.at(-1)!).toMatchObject({ channel: 'sms', code: expect.stringMatching(/^\d{4}$/) });
  });

  it('sms@: confirming the texted code signs in, and later logins go straight through', async () => {
    await signIn('sms@tendwell.test');
    const { code } = await lastTo('+15555550100');
    const confirmed = await put('/auth/confirm-account-code', { verification_code: code, phone: '+15555550100' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ role: 'customer', token: expect.any(String) });
    expect((await me(confirmed.body.token)).body.phoneConfirmed).toBe(true);
    expect((await signIn('sms@tendwell.test')).body).toMatchObject({ loggedIn: true });
  });

  it('temporary@: must replace the temporary password first, then signs in with the new one', async () => {
    const res = await signIn('temporary@tendwell.test');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loggedIn: false, resetPasswordOnLogin: true, code: 'temporary_password' });
    expect(res.body.token).toBeUndefined();
    const temporary = res.body.temporaryResetToken as string;
    expect(temporary).toEqual(expect.any(String));

    const noHeader = await post('/auth/reset-new-password', { password: 'brand-new-pass', oldPassword: DEMO_PASSWORD });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.message).toMatch(/x-temporary-token/);

    const header = { 'x-temporary-token': temporary };
    const wrongOld = await post('/auth/reset-new-password', { password: 'brand-new-pass', oldPassword: 'nope-nope' }, header);
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.code).toBe('invalid_old_password');
    const tooShort = await post('/auth/reset-new-password', { password: 'abc', oldPassword: DEMO_PASSWORD }, header);
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toMatch(/^Invalid Password/);

    const done = await post('/auth/reset-new-password', { password: 'brand-new-pass', oldPassword: DEMO_PASSWORD }, header);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'New password successfully set', token: expect.any(String), role: 'customer' });
    expect((await me(done.body.token)).status).toBe(200);

    const again = await post('/auth/reset-new-password', { password: 'another-pass', oldPassword: 'brand-new-pass' }, header);
    expect(again.status).toBe(401);
    expect((await signIn('temporary@tendwell.test', DEMO_PASSWORD)).status).toBe(401);
    expect((await signIn('temporary@tendwell.test', 'brand-new-pass')).body).toMatchObject({ loggedIn: true, resetPasswordOnLogin: false });
  });

  it('refuses a deactivated user with 403 and a user who has not claimed the account with 401', async () => {
    const inactive = await signIn('inactive@tendwell.test');
    expect(inactive.status).toBe(403);
    expect(inactive.body.code).toBe('account_inactive');
    expect((await signIn('claim@tendwell.test')).status).toBe(401);
  });

  it('locks an address after 5 failures for 15 minutes (429), even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('affiliate@tendwell.test', `wrong-${i}`)).status).toBe(401);
    const locked = await signIn('affiliate@tendwell.test');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: 'Too many attempts. Try again in 15 minutes.', code: 'too_many_requests' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    server.clock.advance(10 * MINUTE);
    expect((await signIn('affiliate@tendwell.test')).body.message).toBe('Too many attempts. Try again in 5 minutes.');
    server.clock.advance(5 * MINUTE);
    expect((await signIn('affiliate@tendwell.test')).body.loggedIn).toBe(true);
  });

  it('failures from other clients do not lock the account out: a client that has not failed signs in with the right password (issue 21)', async () => {
    const from = (remoteAddress: string, password: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username: 'multi@tendwell.test', password, platform: 'web' } });
    // Five wrong passwords from each of two other addresses.
    for (const attacker of ['203.0.113.21', '203.0.113.22']) for (let i = 0; i < 5; i++) expect((await from(attacker, `wrong-${i}`)).statusCode).toBe(401);
    expect((await from('203.0.113.21', DEMO_PASSWORD)).statusCode).toBe(429);
    const owner = await from('198.51.100.44', DEMO_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().loggedIn).toBe(true);
  });

  it('locks unknown addresses too, so a 429 tells nothing about who exists', async () => {
    for (let i = 0; i < 5; i++) await signIn('ghost@tendwell.test', 'x');
    expect((await signIn('ghost@tendwell.test', 'x')).status).toBe(429);
  });
});

describe('session tokens', () => {
  it('an expired token is 401 with the spec text', async () => {
    const token = await login(server.app, 'vendor@tendwell.test');
    expect((await me(token)).status).toBe(200);
    server.clock.advance(7 * 24 * 60 * MINUTE + 1000);
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('a forged token (other secret, no signature, tampered claims) is 401', async () => {
    const token = await login(server.app, 'vendor@tendwell.test');
    const [header, payload] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-our-secret-not-our-secret-!!'));
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const superClaims = Buffer.from(JSON.stringify({ ...claims, sub: demoId('user:super') })).toString('base64url');
    const tampered = `${header}.${superClaims}.${token.split('.')[2]}`;
    for (const bad of [forged, none, tampered, 'not-a-jwt']) {
      const res = await me(bad);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    }
  });

  it('a reset token is not a session token', async () => {
    const reset = await server.services.tokens.issue('reset', demoId('user:customer'));
    expect((await me(reset.token)).status).toBe(401);
  });

  it('logout revokes the token it was called with, and only that one', async () => {
    const first = await login(server.app, 'customer@tendwell.test');
    const second = await login(server.app, 'customer@tendwell.test');
    const out = await post('/auth/logout', undefined, bearer(first));
    expect(out.status).toBe(200);
    expect((await me(first)).body).toEqual(UNAUTHORIZED);
    expect((await post('/auth/logout', undefined, bearer(first))).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });

  it('refresh-token gives a new token for the same account', async () => {
    const token = await login(server.app, 'organization@tendwell.test');
    const res = await get('/auth/refresh-token', bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.token).not.toBe(token);
    expect((await me(res.body.token)).body).toMatchObject({ role: 'organization' });
  });

  it('check answers data.auth for a valid token and 401 otherwise', async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    const res = await get('/auth/check', bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { auth: true, role: 'customer', accountId: demoId('account:customer') } });
    expect((await get('/auth/check')).status).toBe(401);
    expect((await get('/auth/check', bearer('garbage'))).body).toEqual(UNAUTHORIZED);
  });
});

describe('registration', () => {
  const base = { first_name: 'Robin', last_name: 'Reg', platform: 'web' } as const;

  it('registers a customer by email: signed in at once, confirmed later by the emailed link', async () => {
    const res = await post('/auth/register', { ...base, email: 'Robin@Example.com', password: 'robin-pass', type: 'customer', account_confirmation_method: 'email' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ confirmation: 'email', token: expect.any(String) });
    expect(res.body.userData).toMatchObject({
      email: 'robin@example.com',
      role: 'customer',
      status: 'pending_email',
      account: { type: 'customer', meta: { initialSetup: false, isApproved: true } },
    });
    expect((await me(res.body.token)).status).toBe(200);

    const mail = await lastTo('robin@example.com');
    expect(mail.code).toMatch(/^\d{4}$/);
    const confirm = tokenInLink(mail.link, 'confirm_account');
    const confirmed = await post('/auth/confirm-account', { token: confirm });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ role: 'customer', token: expect.any(String) });
    expect((await me(confirmed.body.token)).body.status).toBe('active');
    const reused = await post('/auth/confirm-account', { token: confirm });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ message: 'Token not valid', code: 'login_token_invalid' });
    expect((await signIn('robin@example.com', 'robin-pass')).body.loggedIn).toBe(true);
  });

  it('registers an organization (awaiting approval) and an affiliate', async () => {
    const org = await post('/auth/register', { ...base, email: 'org@example.com', password: 'org-pass-1', type: 'organization' });
    expect(org.status).toBe(200);
    expect(org.body.userData).toMatchObject({ role: 'organization', account: { type: 'organization', meta: { isApproved: false, initialSetup: false } } });
    const aff = await post('/auth/register', { ...base, email: 'aff@example.com', password: 'aff-pass-1', type: 'affiliate', referred_by: 'green-team' });
    expect(aff.status).toBe(200);
    expect(aff.body.userData).toMatchObject({ role: 'affiliate', account: { type: 'affiliate', referred_by: 'green-team' } });
  });

  it("refuses a taken address with 409 'Email already exists'", async () => {
    const res = await post('/auth/register', { ...base, email: 'CUSTOMER@tendwell.test', password: 'whatever-1' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Email already exists', code: 'email_exists' });
    expect((await post('/auth/register-quick', { ...base, email: 'customer@tendwell.test' })).status).toBe(409);
  });

  it('refuses a password outside 6–128 characters', async () => {
    for (const password of ['12345', 'x'.repeat(129)]) {
      const res = await post('/auth/register', { ...base, email: 'short@example.com', password });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_password', message: expect.stringMatching(/^Invalid Password/) });
    }
  });

  it('registers with SMS confirmation: no token until the texted code is confirmed', async () => {
    const res = await post('/auth/register', {
      ...base,
      email: 'texter@example.com',
      password: 'texter-pass',
      phone_number: '+15555550177',
      account_confirmation_method: 'sms',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ confirmation: 'sms' });
    expect(res.body.token).toBeUndefined();
    expect((await signIn('texter@example.com', 'texter-pass')).body.code).toBe('AccountRequiresSMSConfirmation');

    const { code } = await lastTo('+15555550177');
    const wrongCode = code === '0000' ? '1111' : '0000';
    const wrong = await put('/auth/confirm-account-code', { verification_code: wrongCode, email: 'texter@example.com' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^Code verification failed/);
    const ok = await put('/auth/confirm-account-code', { verification_code: code, email: 'texter@example.com' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ role: 'customer', token: expect.any(String) });
    expect((await signIn('texter@example.com', 'texter-pass')).body.loggedIn).toBe(true);
  });

  it('SMS confirmation needs a 12-character phone that nobody else uses', async () => {
    const missing = await post('/auth/register', { ...base, email: 'nophone@example.com', account_confirmation_method: 'sms' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('invalid_phone');
    const short = await post('/auth/register', { ...base, email: 'nophone@example.com', phone_number: '555-0100', account_confirmation_method: 'sms' });
    expect(short.body).toEqual({ message: 'Invalid phone number format', code: 'invalid_phone' });
    const taken = await post('/auth/register', { ...base, email: 'nophone@example.com', phone_number: '+15555550100', account_confirmation_method: 'sms' });
    expect(taken.status).toBe(409);
  });

  it('quick registration answers a session and a reset token that sets the first password', async () => {
    const res = await post('/auth/register-quick', { ...base, email: 'quick@example.com', version: 'homeSize' });
    expect(res.status).toBe(200);
    expect((await me(res.body.id_token)).body).toMatchObject({ email: 'quick@example.com', registerVersion: 'homeSize' });
    const set = await post('/auth/reset-password-action', { password: 'quick-pass', platform: 'web' }, { 'x-password-reset-token': res.body.reset_token });
    expect(set.body).toEqual({ message: 'New password successfully set' });
    expect((await signIn('quick@example.com', 'quick-pass')).body.loggedIn).toBe(true);
  });

  it('check-username says whether an address is free', async () => {
    expect((await post('/auth/check-username', { email: 'Vendor@tendwell.test' })).body).toEqual({ available: false, message: 'Email already exists' });
    expect((await post('/auth/check-username', { email: 'free@example.com' })).body).toMatchObject({ available: true });
  });

  it('a registration refused by the code-sending limit (429) creates nobody', async () => {
    const email = 'limited-signup@example.test';
    for (let i = 0; i < 5; i++) expect((await put('/auth/resend-confirm-account-code', { email })).status).toBe(200);
    const refused = await post('/auth/register', { email, first_name: 'Lim', password: 'a-good-password', type: 'customer' });
    expect(refused.status).toBe(429);
    expect((await post('/auth/check-username', { email })).body.available).toBe(true);
    expect((await post('/auth/login', { username: email, password: 'a-good-password', platform: 'web' })).status).toBe(401);
  });
});

describe('confirmation codes', () => {
  it('5 wrong codes spend the code: the 6th try is 429 even when right', async () => {
    await post('/auth/register', { first_name: 'Five', email: 'five@example.com', password: 'five-pass', phone_number: '+15555550155', account_confirmation_method: 'sms' });
    const { code } = await lastTo('+15555550155');
    const wrongCode = code === '9999' ? '8888' : '9999';
    for (let i = 0; i < 5; i++) {
      const res = await put('/auth/confirm-account-code', { verification_code: wrongCode, phone: '+15555550155' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('code_verification_failed');
    }
    const spent = await put('/auth/confirm-account-code', { verification_code: code, phone: '+15555550155' });
    expect(spent.status).toBe(429);
    expect(spent.body.message).toMatch(/^Too many attempts/);

    const resent = await put('/auth/resend-phone-confirm-account-code', { phone: '+15555550155' });
    expect(resent.status).toBe(200);
    const fresh = await lastTo('+15555550155');
    expect((await put('/auth/confirm-account-code', { verification_code: fresh.code, phone: '+15555550155' })).status).toBe(200);
  });

  it('10 wrong codes in a day lock code checks for the user, even with fresh codes', async () => {
    const phone = '+15555550157';
    await post('/auth/register', { first_name: 'Guess', email: 'guess@example.com', password: 'guess-pass', phone_number: phone, account_confirmation_method: 'sms' });
    for (let round = 0; round < 2; round++) {
      if (round) await put('/auth/resend-phone-confirm-account-code', { phone });
      const { code } = await lastTo(phone);
      const wrongCode = code === '4321' ? '1234' : '4321';
      for (let i = 0; i < 5; i++) expect((await put('/auth/confirm-account-code', { verification_code: wrongCode, phone })).status).toBe(400);
    }
    await put('/auth/resend-phone-confirm-account-code', { phone });
    const { code } = await lastTo(phone);
    const locked = await put('/auth/confirm-account-code', { verification_code: code, phone });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many attempts. Try again in 24 hours.');
    server.clock.advance(24 * 60 * MINUTE);
    await put('/auth/resend-phone-confirm-account-code', { phone });
    const fresh = await lastTo(phone);
    expect((await put('/auth/confirm-account-code', { verification_code: fresh.code, phone })).status).toBe(200);
  });

  it('an expired code fails like a wrong one', async () => {
    await post('/auth/register', { first_name: 'Late', email: 'late@example.com', password: 'late-pass', phone_number: '+15555550156', account_confirmation_method: 'sms' });
    const { code } = await lastTo('+15555550156');
    server.clock.advance(31 * MINUTE);
    const res = await put('/auth/confirm-account-code', { verification_code: code, phone: '+15555550156' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Code verification failed/);
  });

  it('resending by phone needs exactly 12 characters and says the same for unknown numbers', async () => {
    for (const phone of ['5555550100', '+1555555010', '+155555501000', '']) {
      const res = await put('/auth/resend-phone-confirm-account-code', { phone });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid phone number format', code: 'invalid_phone' });
    }
    const unknown = await put('/auth/resend-phone-confirm-account-code', { phone: '+15555559999' });
    const known = await put('/auth/resend-phone-confirm-account-code', { phone: '+15555550100' });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await outboxTo('+15555559999')).toEqual([]);
  });

  it('resending by email mails a pending user a new link and code; sending is limited to 5 per hour', async () => {
    await post('/auth/register-quick', { first_name: 'Mail', email: 'mail@example.com' });
    const before = (await outboxTo('mail@example.com')).length;
    const res = await put('/auth/resend-confirm-account-code', { email: 'mail@example.com' });
    expect(res.status).toBe(200);
    expect((await outboxTo('mail@example.com')).length).toBe(before + 1);
    for (let i = 0; i < 3; i++) await put('/auth/resend-confirm-account-code', { email: 'mail@example.com' });
    expect((await put('/auth/resend-confirm-account-code', { email: 'mail@example.com' })).status).toBe(429);
  });

  it('confirm-account-code needs the email or phone the code went to', async () => {
    const res = await put('/auth/confirm-account-code', { verification_code: '1234' });
    expect(res.status).toBe(400);
  });
});

describe('lost password', () => {
  it('emails a reset link; the reset token sets the password once and signs out older sessions', async () => {
    const oldSession = await login(server.app, 'newcustomer@tendwell.test');
    const res = await post('/auth/lost-password', { username: 'newcustomer@tendwell.test' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Check your email for a link to reset your password' });
    const mail = await lastTo('newcustomer@tendwell.test');
    const reset = tokenInLink(mail.link, 'password_reset');

    const valid = await post('/auth/validate-token', { tokenType: 'reset', token: reset });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ valid: true, tokenType: 'reset', email: 'newcustomer@tendwell.test' });

    const header = { 'x-password-reset-token': reset };
    const tooShort = await post('/auth/reset-password-action', { password: 'abc' }, header);
    expect(tooShort.status).toBe(400);
    const done = await post('/auth/reset-password-action', { password: 'fresh-password', platform: 'web' }, header);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'New password successfully set' });
    expect((await post('/auth/reset-password-action', { password: 'again-password' }, header)).status).toBe(401);

    expect((await me(oldSession)).status).toBe(401);
    expect((await signIn('newcustomer@tendwell.test')).status).toBe(401);
    expect((await signIn('newcustomer@tendwell.test', 'fresh-password')).body.loggedIn).toBe(true);
  });

  it('the emailed code exchanges for a reset token (confirm-password-code)', async () => {
    await post('/auth/lost-password', { username: 'vendor@tendwell.test' });
    const { code } = await lastTo('vendor@tendwell.test');
    const wrongCode = code === '0001' ? '0002' : '0001';
    const wrong = await post('/auth/confirm-password-code', { verification_code: wrongCode, email: 'vendor@tendwell.test' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^Code verification failed/);
    const ok = await post('/auth/confirm-password-code', { verification_code: code, email: 'vendor@tendwell.test' });
    expect(ok.status).toBe(200);
    const set = await post('/auth/reset-password-action', { password: 'vendor-new-pass' }, { 'x-password-reset-token': ok.body.reset_token });
    expect(set.body.message).toBe('New password successfully set');
    expect((await signIn('vendor@tendwell.test', 'vendor-new-pass')).body.loggedIn).toBe(true);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await post('/auth/lost-password', { username: 'nobody-here@example.com' });
    expect(res.body).toEqual({ message: 'Check your email for a link to reset your password' });
    expect(await outboxTo('nobody-here@example.com')).toEqual([]);
  });

  it("an expired reset token: 'Your token has expired'; validate-token says login_token_expired", async () => {
    await post('/auth/lost-password', { username: 'organization@tendwell.test' });
    const reset = tokenInLink((await lastTo('organization@tendwell.test')).link, 'password_reset');
    server.clock.advance(61 * MINUTE);
    const res = await post('/auth/reset-password-action', { password: 'too-late-now' }, { 'x-password-reset-token': reset });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Your token has expired', code: 'token_expired' });
    const validated = await post('/auth/validate-token', { tokenType: 'reset', token: reset });
    expect(validated.status).toBe(401);
    expect(validated.body).toEqual({ message: 'Token expired. Please try again.', code: 'login_token_expired' });
  });

  it("validate-token: garbage and tokens of another kind are 'Token not valid'", async () => {
    const garbage = await post('/auth/validate-token', { tokenType: 'confirm', token: 'garbage' });
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ message: 'Token not valid', code: 'login_token_invalid' });
    const reset = await server.services.tokens.issue('reset', demoId('user:customer'));
    expect((await post('/auth/validate-token', { tokenType: 'confirm', token: reset.token })).body.code).toBe('login_token_invalid');
  });
});

describe('claiming an account', () => {
  it('the emailed claim link gives a reset token; setting the password activates the user', async () => {
    await server.services.auth.inviteToClaim(demoId('user:claim'));
    const claim = tokenInLink((await lastTo('claim@tendwell.test')).link, 'claim_account');
    const res = await post('/auth/claim-account', { token: claim });
    expect(res.status).toBe(200);
    expect(res.body.reset_token).toEqual(expect.any(String));
    expect((await post('/auth/claim-account', { token: claim })).status).toBe(401);
    const set = await post('/auth/reset-password-action', { password: 'claimed-pass' }, { 'x-password-reset-token': res.body.reset_token });
    expect(set.body.message).toBe('New password successfully set');
    const signedIn = await signIn('claim@tendwell.test', 'claimed-pass');
    expect(signedIn.body.loggedIn).toBe(true);
    expect((await me(signedIn.body.token)).body.status).toBe('active');
  });

  it('an account that is already claimed is 409', async () => {
    const claim = await server.services.tokens.issue('claim', demoId('user:customer'));
    const res = await post('/auth/claim-account', { token: claim.token });
    expect(res.status).toBe(409);
  });
});

describe('switching accounts', () => {
  it('multi@ switches between its customer and affiliate accounts; the last one sticks', async () => {
    const first = await signIn('multi@tendwell.test');
    expect(first.body.role).toBe('customer');
    const toAffiliate = await post('/auth/change-account', { account_id: demoId('account:multi-affiliate'), account_type: 'affiliate' }, bearer(first.body.token));
    expect(toAffiliate.status).toBe(200);
    expect(toAffiliate.body).toMatchObject({ role: 'affiliate', account: { _id: demoId('account:multi-affiliate'), type: 'affiliate' } });
    expect((await me(toAffiliate.body.token)).body).toMatchObject({ role: 'affiliate', account: { type: 'affiliate' } });
    expect((await me(first.body.token)).status).toBe(401);

    const again = await signIn('multi@tendwell.test');
    expect(again.body.role).toBe('affiliate');
    const back = await post('/auth/change-account', { account_id: demoId('account:multi-customer'), account_type: 'customer' }, bearer(again.body.token));
    expect(back.body).toMatchObject({ role: 'customer', account: { meta: { last_active_account: demoId('account:multi-customer') } } });
  });

  it("another user's account, or a wrong type, is 403 'Unable to switch account'", async () => {
    const token = await login(server.app, 'multi@tendwell.test');
    const foreign = await post('/auth/change-account', { account_id: demoId('account:customer'), account_type: 'customer' }, bearer(token));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'Unable to switch account', code: 'account_switch_forbidden' });
    const wrongType = await post('/auth/change-account', { account_id: demoId('account:multi-affiliate'), account_type: 'vendor' }, bearer(token));
    expect(wrongType.status).toBe(403);
    expect((await me(token)).status).toBe(200);
  });
});

describe('app passwords', () => {
  it('a generated app password signs in like the password', async () => {
    const token = await login(server.app, 'pending-organization@tendwell.test');
    const res = await post('/auth/generate-app-password', { password: 'app-generated-secret-123', current_password: 'tendwell-demo' }, bearer(token));
    expect(res.status).toBe(200);
    expect(res.body._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await signIn('pending-organization@tendwell.test', 'app-generated-secret-123')).body.loggedIn).toBe(true);
    expect((await post('/auth/generate-app-password', { password: 'short', current_password: 'tendwell-demo' }, bearer(token))).status).toBe(400);
    expect((await post('/auth/generate-app-password', { password: 'app-generated-secret-123', current_password: 'tendwell-demo' })).status).toBe(401);
  });
});

describe('social sign-in (development provider)', () => {
  it('alt-login with a sandbox identity never finds an existing user by e-mail (tests/server/fail-closed.test.ts)', async () => {
    const res = await post('/auth/alt-login', { provider: 'google', credential: 'dev:customer@tendwell.test:Casey Customer' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('social_account_not_found');
  });

  it("a credential that does not verify is 401 'Error logging in'; an unknown person is 404", async () => {
    const bad = await post('/auth/alt-login', { provider: 'google', credential: 'eyJhbGciOi.not.real' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: 'Error logging in', code: 'login_error' });
    const unknown = await post('/auth/alt-login', { provider: 'apple', credential: 'dev:stranger@example.com:Stranger' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('social_account_not_found');
  });

  it('alt-register creates a confirmed user; registering the same identity again is 409', async () => {
    const res = await post('/auth/alt-register', { provider: 'google', credential: 'dev:social@example.com:Sol Social', type: 'customer' });
    expect(res.status).toBe(200);
    expect((await me(res.body.id_token)).body).toMatchObject({ email: 'social@example.com', first_name: 'Sol', status: 'active' });
    expect((await post('/auth/alt-register', { provider: 'google', credential: 'dev:social@example.com:Sol Social' })).status).toBe(409);
    expect((await post('/auth/alt-login', { provider: 'google', credential: 'dev:social@example.com:Sol' })).body.loggedIn).toBe(true);

    const quick = await post('/auth/alt-register-quick', { provider: 'facebook', credential: 'dev:quicksocial@example.com:Q' });
    expect(quick.status).toBe(200);
    expect((await me(quick.body.token)).status).toBe(200);
  });

  it('connect and disconnect identities; one identity belongs to one user; the last way in stays', async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    const connected = await put('/auth/connect-social', { provider: 'apple', credential: 'dev:casey.apple@example.com:Casey' }, bearer(token));
    expect(connected.status).toBe(200);
    expect(connected.body.connections).toContainEqual(expect.objectContaining({ provider: 'apple', email: 'casey.apple@example.com' }));

    const other = await login(server.app, 'affiliate@tendwell.test');
    expect((await put('/auth/connect-social', { provider: 'apple', credential: 'dev:casey.apple@example.com:Casey' }, bearer(other))).status).toBe(409);

    const removed = await put('/auth/disconnect-social', { provider: 'apple' }, bearer(token));
    expect(removed.status).toBe(200);
    expect(removed.body.connections.some((c: Json) => c.provider === 'apple')).toBe(false);
    expect((await put('/auth/disconnect-social', { provider: 'apple' }, bearer(token))).status).toBe(404);

    const social = await post('/auth/alt-register', { provider: 'facebook', credential: 'dev:onlysocial@example.com:Only' });
    const last = await put('/auth/disconnect-social', { provider: 'facebook' }, bearer(social.body.id_token));
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('last_sign_in_method');
  });

  it('in production the development provider is off', async () => {
    const production = await startTestServer({ production: true });
    try {
      const res = await production.app.inject({
        method: 'POST',
        url: '/api/auth/alt-login',
        payload: { provider: 'google', credential: 'dev:customer@tendwell.test:Casey' },
      });
      expect(res.statusCode).toBe(401);
      const outbox = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(outbox.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the dev outbox', () => {
  it('lists messages newest last, filtered by recipient', async () => {
    await post('/auth/lost-password', { username: 'super@tendwell.test' });
    await post('/auth/lost-password', { username: 'super@tendwell.test' });
    const list = await outboxTo('SUPER@tendwell.test');
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((m) => m.to === 'super@tendwell.test')).toBe(true);
    const all = (await get('/dev/outbox')).body as unknown as { createdAt: string }[];
    expect(all.length).toBeGreaterThan(list.length);
    const times = all.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('the page escapes everything and shows each code and link', () => {
    const html = renderOutboxPage(
      [
        {
          _id: '0'.repeat(24),
          channel: 'email',
          to: 'x@example.com',
          subject: '<script>alert(1)</script>',
          body: 'Hi "there" & <b>you</b>',
          code: '1234',
          link: 'http://localhost:8080/login?password_reset=a.b.c',
          createdAt: '2026-06-01T12:00:00.000Z',
        },
        { _id: '1'.repeat(24), channel: 'sms', to: '+15555550100', subject: '', body: 'code', code: '9876', link: 'javascript:alert(1)', createdAt: '2026-06-01T12:01:00.000Z' },
      ],
      '<x>',
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Hi &quot;there&quot; &amp; &lt;b&gt;you&lt;/b&gt;');
    expect(html).toContain('1234');
    expect(html).toContain('href="http://localhost:8080/login?password_reset=a.b.c"');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;x&gt;');
    expect(html.indexOf('1234')).toBeLessThan(html.indexOf('9876'));
  });

  it('is served as a page at /dev/outbox', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/dev/outbox?to=super%40tendwell.test' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('super@tendwell.test');
  });
});

describe('password hashing', () => {
  it('salts every hash, verifies only the right password and never matches a malformed hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('same-password', a)).toBe(true);
    expect(await verifyPassword('same-password ', a)).toBe(false);
    for (const broken of ['', 'plain-text', 'scrypt$1$1$1$$', a.slice(0, -4)]) expect(await verifyPassword('same-password', broken)).toBe(false);
  });
});
