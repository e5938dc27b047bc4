/**
 * The organization's and super's calendar (issue 9): the day view's call (GET sort/appointments) scoped like
 * every appointment read, the vendor lists, reassigning a visit and moving a vendor's visits all or nothing.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { appointments } from '../../server/db/schema';
import { DEMO_BOOKINGS, demoAppointmentRecord, demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const LOGINS = ['super', 'customer', 'vendor', 'vendor2', 'organization', 'pending-organization'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;
const VENDOR2 = demoId('account:vendor2');
const OTHER_ORGANIZATION = demoId('account:pending-organization');

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(async () => {
  await server?.close();
});

const call = async (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) => {
  const res: LightMyRequestResponse = await server.app.inject({ method, url: `/api${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};

/** A visit (customer@'s home, Springfield IL: America/Chicago), vendor@ of organization@ unless told. */
const visitAt = async (iso: string, fields: Partial<typeof appointments.$inferInsert> = {}) => {
  const id = newId();
  await server.db.insert(appointments).values(demoAppointmentRecord({ id, status: 'active', startTime: new Date(iso), createdAt: server.clock.now(), ...fields }));
  return id;
};
const ids = (body: Json): string[] => body.items.map((a: Json) => a._id);

describe('GET sort/appointments', () => {
  it("an organization sees its own vendors' visits of the day and never another organization's", async () => {
    // 2027-06-08 in Chicago (UTC-5): 09:00 local is 14:00Z.
    const mine = await visitAt('2027-06-08T14:00:00.000Z');
    const mine2 = await visitAt('2027-06-08T15:00:00.000Z', { vendorAccountId: VENDOR2 });
    const theirs = await visitAt('2027-06-08T16:00:00.000Z', { organizationAccountId: OTHER_ORGANIZATION, vendorAccountId: null });
    await visitAt('2027-06-08T17:00:00.000Z', { status: 'deleted' });
    await visitAt('2027-06-09T14:00:00.000Z');

    const own = await call('GET', '/sort/appointments?date=2027-06-08', tokens.organization);
    expect(own.status).toBe(200);
    expect(ids(own.body)).toEqual([mine, mine2]);
    expect(own.body.total).toBe(2);

    const other = await call('GET', '/sort/appointments?date=2027-06-08', tokens['pending-organization']);
    expect(ids(other.body)).toEqual([theirs]);
    // Naming the other organization does not widen what the caller sees.
    const named = await call('GET', `/sort/appointments?date=2027-06-08&organization_id=${OTHER_ORGANIZATION}`, tokens.organization);
    expect(ids(named.body)).toEqual([]);

    expect(ids((await call('GET', '/sort/appointments?date=2027-06-08', tokens.super)).body)).toEqual([mine, mine2, theirs]);
    expect(ids((await call('GET', '/sort/appointments?date=2027-06-08', tokens.vendor)).body)).toEqual([mine]);
    expect(ids((await call('GET', '/sort/appointments?date=2027-06-08', tokens.vendor2)).body)).toEqual([mine2]);
    // The customer is the same person in both organizations: it sees its own visits whoever serves them.
    expect(ids((await call('GET', '/sort/appointments?date=2027-06-08', tokens.customer)).body)).toEqual([mine, mine2, theirs]);
  });

  it('filters by vendor and customer and sorts by vendor', async () => {
    const early2 = await visitAt('2027-06-15T13:00:00.000Z', { vendorAccountId: VENDOR2 });
    const late1 = await visitAt('2027-06-15T18:00:00.000Z');
    const mid1 = await visitAt('2027-06-15T15:00:00.000Z');
    const q = '/sort/appointments?date=2027-06-15';
    expect(ids((await call('GET', q, tokens.organization)).body)).toEqual([early2, mid1, late1]);
    expect(ids((await call('GET', `${q}&vendor_id=${VENDOR2}`, tokens.organization)).body)).toEqual([early2]);
    expect(ids((await call('GET', `${q}&customer_id=${newId()}`, tokens.organization)).body)).toEqual([]);
    expect(ids((await call('GET', `${q}&customer_id=${DEMO_BOOKINGS.customer}`, tokens.organization)).body)).toHaveLength(3);
    // Rita Rivera before Vic Vendor; each vendor's visits in start order.
    expect(ids((await call('GET', `${q}&sort=vendor`, tokens.organization)).body)).toEqual([early2, mid1, late1]);
    expect(ids((await call('GET', `${q}&sort=route`, tokens.organization)).body)).toEqual([early2, mid1, late1]);
  });

  it('answers 400 for a day that is not a day, and 401 without a token', async () => {
    expect((await call('GET', '/sort/appointments?date=2027-02-30', tokens.organization)).status).toBe(400);
    expect((await call('GET', '/sort/appointments?date=tomorrow', tokens.organization)).status).toBe(400);
    const res = await server.app.inject({ method: 'GET', url: '/api/sort/appointments?date=2027-06-08' });
    expect(res.statusCode).toBe(401);
  });
});

describe('vendor lists', () => {
  it("an organization lists its own vendors with their hours; another organization's list is 404", async () => {
    const res = await call('GET', `/organization/${DEMO_BOOKINGS.organization}/vendors`, tokens.organization);
    expect(res.status).toBe(200);
    expect(res.body.items.map((v: Json) => v.primary_email)).toEqual(['vendor2@tendwell.test', 'vendor@tendwell.test']);
    expect(res.body.items[0].availability).toHaveLength(5);
    expect(res.body.total).toBe(2);
    expect((await call('GET', `/organization/${DEMO_BOOKINGS.organization}/vendors`, tokens['pending-organization'])).status).toBe(404);
    expect((await call('GET', `/organization/${DEMO_BOOKINGS.organization}/vendors`, tokens.vendor)).status).toBe(403);
  });

  it('super lists every vendor and searches them', async () => {
    const all = await call('GET', '/admin/vendors?pageSize=100', tokens.super);
    expect(all.status).toBe(200);
    expect(all.body.items.map((v: Json) => v.primary_email)).toEqual(expect.arrayContaining(['vendor@tendwell.test', 'vendor2@tendwell.test']));
    const found = await call('GET', '/admin/vendors?search=rivera', tokens.super);
    expect(found.body.items.map((v: Json) => v.primary_email)).toEqual(['vendor2@tendwell.test']);
    expect((await call('GET', '/admin/vendors', tokens.organization)).status).toBe(403);
  });
});
