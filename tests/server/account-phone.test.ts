/**
 * A signed-in person adds or changes the phone from the profile: PUT /account/verify-phone texts a code to the
 * number (outbox), PUT /account/confirm-phone with that code makes it the user's confirmed number through the
 * phone confirmation chart — on the real server and database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as Json, headers: res.headers };
};
const as = async (email: string) => bearer(await login(server.app, email));
const send = (who: Record<string, string>, phone: string) => call('PUT', '/account/verify-phone', who, { phone });
const confirm = (who: Record<string, string>, phone: string, verification_code: string) =>
  call('PUT', '/account/confirm-phone', who, { phone, verification_code });
const me = async (who: Record<string, string>) => (await call('GET', '/user', who)).body;
const textedCode = async (to: string) => {
  const list = (await call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`, {})).body as unknown as { channel: string; code: string | null }[];
  const last = list[list.length - 1];
  expect(last?.channel, `a text message to ${to}`).toBe('sms');
  return last!.code!;
};
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
const auditRows = async (userId: string) =>
  (await server.db.select().from(auditLog).where(eq(auditLog.recordId, userId)).orderBy(auditLog.at))
    .filter((r) => r.chart === 'phoneConfirmation')
    .map((r) => `${r.recordType} ${r.chart} ${r.event} ${r.fromState}→${r.toState} ${r.role}`);

describe('a signed-in person confirms a phone with a texted code', () => {
  it('adds a first phone: code in the outbox, the number stays off the user until the code comes back, then confirmed', async () => {
    const vendor = await as('vendor@tendwell.test');
    expect(await me(vendor)).toMatchObject({ phone: null, phoneConfirmed: false });

    const sent = await send(vendor, '+15555550150');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toEqual(expect.any(String));
    const code = await textedCode('+15555550150');
    expect(code).toMatch(/^\d{4}$/);
    expect(await me(vendor)).toMatchObject({ phone: null, phoneConfirmed: false });

    const bad = await confirm(vendor, '+15555550150', wrong(code));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Code verification failed/);
    expect(await me(vendor)).toMatchObject({ phone: null });

    const ok = await confirm(vendor, '+15555550150', code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ phones: [expect.objectContaining({ number: '+15555550150', verified: true, phoneID: expect.any(String) })] });
    expect(await me(vendor)).toMatchObject({ phone: '+15555550150', phoneConfirmed: true });
    expect(await auditRows(demoId('user:vendor'))).toEqual(['user phoneConfirmation phone.change unconfirmed→confirmed vendor']);

    // The code is spent.
    expect((await confirm(vendor, '+15555550150', code)).status).toBe(400);
  });

  it('changes a confirmed phone only once the new number is confirmed', async () => {
    const customer = await as('customer@tendwell.test');
    expect(await me(customer)).toMatchObject({ phone: '+15555550101', phoneConfirmed: true });
    expect((await send(customer, '+15555550160')).status).toBe(200);
    const code = await textedCode('+15555550160');
    // Unconfirmed, the new number does not replace the confirmed one.
    expect(await me(customer)).toMatchObject({ phone: '+15555550101', phoneConfirmed: true });
    // The code belongs to the number it was texted to.
    expect((await confirm(customer, '+15555550161', code)).status).toBe(400);

    expect((await confirm(customer, '+15555550160', code)).status).toBe(200);
    expect(await me(customer)).toMatchObject({ phone: '+15555550160', phoneConfirmed: true });
    expect(await auditRows(demoId('user:customer'))).toEqual(['user phoneConfirmation phone.change confirmed→confirmed customer']);
  });

  it("refuses another user's number, an ill-formed number, and callers without a sign-in", async () => {
    const organization = await as('organization@tendwell.test');
    const taken = await send(organization, '+15555550100'); // the demo SMS user's number
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ message: 'This phone number is already in use.', code: 'phone_exists' });
    expect((await call('GET', `/dev/outbox?to=${encodeURIComponent('+15555550100')}`, {})).body).toHaveLength(0);

    const malformed = await send(organization, '555-555-0199');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Invalid phone number format');

    expect((await send({}, '+15555550199')).status).toBe(401);
    expect((await call('PUT', '/account/confirm-phone', {}, { phone: '+15555550199', verification_code: '1234' })).status).toBe(401);
  });

  it('limits resending (429 with Retry-After) and wrong codes', async () => {
    const affiliate = await as('affiliate@tendwell.test');
    for (let i = 0; i < 5; i++) expect((await send(affiliate, '+15555550170')).status).toBe(200);
    const limited = await send(affiliate, '+15555550170');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^Too many attempts/);

    const code = await textedCode('+15555550170');
    for (let i = 0; i < 5; i++) expect((await confirm(affiliate, '+15555550170', wrong(code))).status).toBe(400);
    const spent = await confirm(affiliate, '+15555550170', code);
    expect(spent.status).toBe(429);
    expect(await me(affiliate)).toMatchObject({ phone: null });
  });
});
