import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../../server/db/schema';
import { ATTEMPT_RETENTION_MS, CLIENT_LIMITS, PRUNE_EVERY_MS } from '../../server/services/rate-limit';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const STUFFER = '203.0.113.7';
const NEIGHBOUR = '198.51.100.20';

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
const signIn = (username: string, remoteAddress: string, password = 'not-the-password') =>
  post('/api/auth/login', { username, password, platform: 'web' }, remoteAddress);

describe('limits per client address', () => {
  it('slows twelve failed sign-ins for twelve different emails from one address, and no other address', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await signIn(`stuffed-${i}@example.com`, STUFFER));
    const statuses = answers.map((r) => r.statusCode);
    // Every email is new, so no per-email limit applies: only the address is counted.
    expect(statuses.slice(0, CLIENT_LIMITS.signIn.limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(CLIENT_LIMITS.signIn.limit)).toEqual([429, 429]);
    const slowed = answers[11]!;
    expect(slowed.json()).toEqual({ message: 'Too many attempts. Try again in 15 minutes.', code: 'too_many_requests' });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // Even the right password is refused from that address until the window ends…
    expect((await signIn('customer@tendwell.test', STUFFER, DEMO_PASSWORD)).statusCode).toBe(429);
    // …while another address signs in as usual.
    const neighbour = await signIn('customer@tendwell.test', NEIGHBOUR, DEMO_PASSWORD);
    expect(neighbour.statusCode).toBe(200);

    server.clock.advance(CLIENT_LIMITS.signIn.windowMs);
    expect((await signIn('customer@tendwell.test', STUFFER, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('does not let a client choose its address with X-Forwarded-For unless it is a trusted proxy', async () => {
    for (let i = 0; i < CLIENT_LIMITS.signIn.limit; i++) {
      await post('/api/auth/login', { username: `spoof-${i}@example.com`, password: 'x-x-x-x-x', platform: 'web' }, '192.0.2.50', { 'x-forwarded-for': `10.9.0.${i}` });
    }
    const next = await post('/api/auth/login', { username: 'spoof-last@example.com', password: 'x-x-x-x-x', platform: 'web' }, '192.0.2.50', { 'x-forwarded-for': '10.9.0.99' });
    expect(next.statusCode).toBe(429);
  });

  it('limits password-reset emails asked for from one address, whatever the email', async () => {
    const address = '203.0.113.80';
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_LIMITS.mail.limit; i++) {
      statuses.push((await post('/api/auth/lost-password', { username: `who-${i}@example.com` }, address)).statusCode);
    }
    expect(statuses.slice(0, CLIENT_LIMITS.mail.limit).every((s) => s === 200 || s === 204)).toBe(true);
    expect(statuses[CLIENT_LIMITS.mail.limit]).toBe(429);
    const last = await post('/api/auth/lost-password', { username: 'who-last@example.com' }, address);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json()).toMatchObject({ code: 'too_many_requests' });
    expect((await post('/api/auth/lost-password', { username: 'who-last@example.com' }, '203.0.113.81')).statusCode).not.toBe(429);
  });

  it('prunes the attempts table: rows whose window is long over are deleted by a later counted attempt', async () => {
    const old = new Date(server.clock.now().getTime() - ATTEMPT_RETENTION_MS - 1000);
    await server.db.insert(attempts).values({ key: 'client:signIn:198.51.100.99', windowStart: old, count: 3 });
    server.clock.advance(PRUNE_EVERY_MS);
    await signIn('prune-trigger@example.com', '198.51.100.100');
    const keys = (await server.db.select({ key: attempts.key }).from(attempts)).map((r) => r.key);
    expect(keys).not.toContain('client:signIn:198.51.100.99');
    expect(keys).toContain('client:signIn:198.51.100.100');
  });
});
