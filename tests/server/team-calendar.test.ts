/**
 * The organization's and super's calendar (issue 9): the day view's call (GET sort/appointments) scoped like
 * every appointment read, the vendor lists, reassigning a visit and moving a vendor's visits all or nothing.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { and, eq } from 'drizzle-orm';
import { appointments, auditLog, organizationServiceAreas, vendorTimeOff } from '../../server/db/schema';
import { DEMO_BOOKINGS, demoAppointmentRecord, demoId } from '../../server/db/seed';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const LOGINS = ['super', 'customer', 'vendor', 'vendor2', 'organization', 'pending-organization'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;
const VENDOR2 = demoId('account:vendor2');
const OTHER_ORGANIZATION = demoId('account:pending-organization');

beforeAll(async () => {
  server = await startTestServer();
  // pending-organization@ is "another organization" here: approved, so its calls reach the ownership checks.
  await approvePendingOrganization(server.app);
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

describe("GET sort/appointments without a date: the organization's today as the server counts it", () => {
  /**
   * Runs `check` with the clock at `iso` and sessions signed in then (the earlier ones have expired by then), then
   * puts the clock back (the tests below count from the seeded instant).
   */
  const at = async (iso: string, check: (now: Record<'super' | 'organization' | 'pending-organization', string>) => Promise<void>) => {
    const before = server.clock.now();
    server.clock.set(new Date(iso));
    try {
      const now = {
        super: await login(server.app, 'super@tendwell.test'),
        organization: await login(server.app, 'organization@tendwell.test'),
        'pending-organization': await login(server.app, 'pending-organization@tendwell.test'),
      };
      await check(now);
    } finally {
      server.clock.set(before);
    }
  };

  it("answers the day of the organization's zone (not the UTC day), names it and its zone; with a date, that day", async () => {
    // 2027-07-14 03:00Z is 22:00 on the 13th in Chicago (UTC-5), organization@'s zone (its first area circle: Austin).
    const evening = await visitAt('2027-07-13T15:00:00.000Z');
    const nextDay = await visitAt('2027-07-14T15:00:00.000Z', { vendorAccountId: VENDOR2 });
    await at('2027-07-14T03:00:00.000Z', async (tokens) => {
      const today = await call('GET', '/sort/appointments', tokens.organization);
      expect(today.status).toBe(200);
      expect(today.body).toMatchObject({ date: '2027-07-13', time_zone: 'America/Chicago', total: 1 });
      expect(ids(today.body)).toEqual([evening]);
      const asked = await call('GET', '/sort/appointments?date=2027-07-14', tokens.organization);
      expect(asked.status).toBe(200);
      expect(asked.body.date).toBe('2027-07-14');
      expect(asked.body).not.toHaveProperty('time_zone');
      expect(ids(asked.body)).toEqual([nextDay]);
      // The filters apply to today as to any day.
      expect(ids((await call('GET', `/sort/appointments?vendor_id=${VENDOR2}`, tokens.organization)).body)).toEqual([]);
      expect((await call('GET', '/sort/appointments?date=2027-07-32', tokens.organization)).status).toBe(400);
    });
  });

  it("counts each organization's today in its own service area's zone; another organization's vendor or organization stays out of sight", async () => {
    // pending-organization's area: a circle around Denver (UTC-6 in July). 2027-07-21 05:30Z is 00:30 on the 21st in
    // Chicago and 23:30 on the 20th in Denver.
    await server.db.insert(organizationServiceAreas).values({ id: newId(), organizationAccountId: OTHER_ORGANIZATION, label: 'Denver', postalCode: '80202', radiusMiles: 10, position: 0 });
    try {
      const ours = await visitAt('2027-07-21T15:00:00.000Z');
      const theirs = await visitAt('2027-07-20T20:00:00.000Z', { organizationAccountId: OTHER_ORGANIZATION, vendorAccountId: null });
      await visitAt('2027-07-20T21:00:00.000Z'); // organization@'s, on the 20th
      await at('2027-07-21T05:30:00.000Z', async (tokens) => {
        const mine = await call('GET', '/sort/appointments', tokens.organization);
        expect(mine.body).toMatchObject({ date: '2027-07-21', time_zone: 'America/Chicago' });
        expect(ids(mine.body)).toEqual([ours]);
        const other = await call('GET', '/sort/appointments', tokens['pending-organization']);
        expect(other.status).toBe(200);
        expect(other.body).toMatchObject({ date: '2027-07-20', time_zone: 'America/Denver' });
        expect(ids(other.body)).toEqual([theirs]);
        // Naming organization@'s vendor or organization@ itself: its own today, and none of organization@'s visits.
        const named = await call('GET', `/sort/appointments?vendor_id=${DEMO_BOOKINGS.vendor}`, tokens['pending-organization']);
        expect(named.status).toBe(200);
        expect(named.body).toMatchObject({ date: '2027-07-20', time_zone: 'America/Denver', items: [] });
        const widened = await call('GET', `/sort/appointments?organization_id=${DEMO_BOOKINGS.organization}`, tokens['pending-organization']);
        expect(widened.body).toMatchObject({ date: '2027-07-20', items: [] });
        // Super names the organization whose today it wants (its zone), or gets the default zone's.
        const superNamed = await call('GET', `/sort/appointments?organization_id=${OTHER_ORGANIZATION}`, tokens.super);
        expect(superNamed.body).toMatchObject({ date: '2027-07-20', time_zone: 'America/Denver' });
        expect(ids(superNamed.body)).toEqual([theirs]);
        expect((await call('GET', '/sort/appointments', tokens.super)).body).toMatchObject({ date: '2027-07-21', time_zone: 'America/Chicago' });
      });
    } finally {
      await server.db.delete(organizationServiceAreas).where(eq(organizationServiceAreas.organizationAccountId, OTHER_ORGANIZATION));
    }
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

const auditOf = (recordId: string) => server.db.select().from(auditLog).where(and(eq(auditLog.recordId, recordId), eq(auditLog.event, 'appointment.reassign')));
const vendorOf = async (id: string) => (await server.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.vendorAccountId;

// The clock stands at 2026-06-01 07:00 in Chicago (a Monday); both vendors work Monday–Friday 08:00–17:00.
describe('reassigning a visit: PUT appointments/update/{id} with vendor_id alone (appointment.reassign)', () => {
  it("the organization gives a visit within the 7-day window to its other vendor; the status stays and an audit row names the event", async () => {
    const id = await visitAt('2026-06-03T20:00:00.000Z'); // Wednesday 15:00 local
    const res = await call('PUT', `/appointments/update/${id}`, tokens.organization, { vendor_id: VENDOR2 });
    expect(res.status).toBe(200);
    expect(res.body.vendor_data._id).toBe(VENDOR2);
    expect(res.body.status).toBe('active');
    expect((await auditOf(id)).map((a) => [a.role, a.fromState, a.toState])).toEqual([['organization', 'active', 'active']]);
    expect(ids((await call('GET', '/sort/appointments?date=2026-06-03', tokens.vendor2)).body)).toContain(id);
    expect(ids((await call('GET', '/sort/appointments?date=2026-06-03', tokens.vendor)).body)).not.toContain(id);
    // A new start in the same week is still refused (appointment.update keeps its 7-day window).
    expect((await call('PUT', `/appointments/update/${id}`, tokens.organization, { start_time: '2026-06-03T21:00:00.000Z' })).status).toBe(409);
  });

  it('vendor_id with other fields is 400; a vendor not of the organization is 404; a vendor or a customer may not reassign', async () => {
    const id = await visitAt('2026-06-04T20:00:00.000Z');
    const mixed = await call('PUT', `/appointments/update/${id}`, tokens.organization, { vendor_id: VENDOR2, note: 'x' });
    expect(mixed).toEqual({ status: 400, body: { message: 'vendor_id is changed alone: send no other field with it', code: 'vendor_id_alone' } });
    const stranger = await call('PUT', `/appointments/update/${id}`, tokens.organization, { vendor_id: newId() });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Vendor not found or not part of this organization');
    expect((await call('PUT', `/appointments/update/${id}`, tokens.vendor, { vendor_id: VENDOR2 })).status).toBe(403);
    expect((await call('PUT', `/appointments/update/${id}`, tokens.customer, { vendor_id: VENDOR2 })).status).toBe(403);
    // Another organization does not see the visit at all.
    expect((await call('PUT', `/appointments/update/${id}`, tokens['pending-organization'], { vendor_id: VENDOR2 })).status).toBe(404);
    expect(await vendorOf(id)).toBe(DEMO_BOOKINGS.vendor);
    expect(await auditOf(id)).toEqual([]);
  });

  it("the new vendor's calendar decides: its other visit, outside its hours, or its approved time off is 409 with the reason, and nothing changes", async () => {
    const id = await visitAt('2026-06-05T20:00:00.000Z'); // Friday 15:00 local
    const blocker = await visitAt('2026-06-05T20:15:00.000Z', { vendorAccountId: VENDOR2 });
    const busy = await call('PUT', `/appointments/update/${id}`, tokens.organization, { vendor_id: VENDOR2 });
    expect(busy).toEqual({ status: 409, body: { message: 'The vendor is not available at this time', code: 'vendor_unavailable' } });
    expect(await vendorOf(id)).toBe(DEMO_BOOKINGS.vendor);
    expect(await auditOf(id)).toEqual([]);
    expect(blocker).toBeTruthy();

    const late = await visitAt('2026-06-05T22:30:00.000Z'); // 17:30 local: after vendor2's hours
    expect((await call('PUT', `/appointments/update/${late}`, tokens.organization, { vendor_id: VENDOR2 })).body.message).toBe('Not within the working hours');

    const away = await visitAt('2026-06-04T15:00:00.000Z'); // Thursday 10:00 local
    await server.db.insert(vendorTimeOff).values({
      id: newId(),
      vendorAccountId: VENDOR2,
      organizationAccountId: DEMO_BOOKINGS.organization,
      status: 'approved',
      startTime: new Date('2026-06-04T05:00:00.000Z'),
      endTime: new Date('2026-06-05T05:00:00.000Z'),
      note: null,
      createdAt: server.clock.now(),
      updatedAt: server.clock.now(),
    });
    const off = await call('PUT', `/appointments/update/${away}`, tokens.super, { vendor_id: VENDOR2 });
    expect(off).toEqual({ status: 409, body: { message: 'The vendor has approved time off at this time', code: 'vendor_time_off' } });
    expect(await vendorOf(away)).toBe(DEMO_BOOKINGS.vendor);
  });
});

describe('POST admin/move-vendor-appointments (super, all or nothing)', () => {
  const move = (token: string, body: object) => call('POST', '/admin/move-vendor-appointments', token, body);

  it("moves every open visit of the range that has not started, with one audit row each; canceled and other days' visits stay", async () => {
    const a = await visitAt('2026-06-08T14:00:00.000Z'); // Monday 09:00 local
    const b = await visitAt('2026-06-09T16:00:00.000Z', { status: 'exception' }); // Tuesday 11:00 local
    const canceled = await visitAt('2026-06-09T18:00:00.000Z', { status: 'canceled' });
    const later = await visitAt('2026-06-10T14:00:00.000Z');
    const res = await move(tokens.super, { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: VENDOR2, start_date: '2026-06-08', end_date: '2026-06-09' });
    expect(res.status).toBe(200);
    expect(res.body.items.map((v: Json) => v._id)).toEqual(expect.arrayContaining([a, b]));
    expect(res.body.items.every((v: Json) => v.vendor_data._id === VENDOR2)).toBe(true);
    expect(await vendorOf(a)).toBe(VENDOR2);
    expect(await vendorOf(b)).toBe(VENDOR2);
    expect(await vendorOf(canceled)).toBe(DEMO_BOOKINGS.vendor);
    expect(await vendorOf(later)).toBe(DEMO_BOOKINGS.vendor);
    expect((await auditOf(a)).map((r) => r.role)).toEqual(['super']);
    expect((await auditOf(b)).map((r) => [r.fromState, r.toState])).toEqual([['exception', 'exception']]);
  });

  it('one visit the new vendor cannot take moves nothing: 409 move_refused names it', async () => {
    const free = await visitAt('2026-06-15T14:00:00.000Z'); // Monday 09:00 local
    const clash = await visitAt('2026-06-16T14:00:00.000Z'); // Tuesday 09:00 local
    await visitAt('2026-06-16T14:30:00.000Z', { vendorAccountId: VENDOR2 });
    const res = await move(tokens.super, { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: VENDOR2, start_date: '2026-06-15', end_date: '2026-06-16' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('move_refused');
    expect(res.body.message).toBe('Nothing was moved: one visit cannot go to the new vendor. 2026-06-16T14:00:00.000Z: The vendor is not available at this time');
    expect(await vendorOf(free)).toBe(DEMO_BOOKINGS.vendor);
    expect(await vendorOf(clash)).toBe(DEMO_BOOKINGS.vendor);
    expect(await auditOf(free)).toEqual([]);
  });

  it('two visits moved together are checked against each other on the new vendor', async () => {
    // vendor@ has two visits at the same hour (a double booking): vendor2 can take one of them, not both.
    const one = await visitAt('2026-06-22T14:00:00.000Z');
    const two = await visitAt('2026-06-22T14:00:00.000Z', { customerAccountId: demoId('account:newcustomer') });
    const res = await move(tokens.super, { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: VENDOR2, start_date: '2026-06-22', end_date: '2026-06-22' });
    expect(res.status).toBe(409);
    expect(await vendorOf(one)).toBe(DEMO_BOOKINGS.vendor);
    expect(await vendorOf(two)).toBe(DEMO_BOOKINGS.vendor);
  });

  it('super only; bad ranges and the same vendor are 400; an unknown vendor is 404', async () => {
    const body = { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: VENDOR2, start_date: '2026-07-01', end_date: '2026-07-02' };
    expect((await move(tokens.organization, body)).status).toBe(403);
    expect((await move(tokens.vendor, body)).status).toBe(403);
    expect((await move(tokens.super, { ...body, end_date: '2026-06-30' })).status).toBe(400);
    expect((await move(tokens.super, { ...body, to_vendor_id: DEMO_BOOKINGS.vendor })).status).toBe(400);
    expect((await move(tokens.super, { ...body, start_date: 'soon' })).status).toBe(400);
    expect((await move(tokens.super, { ...body, to_vendor_id: newId() })).status).toBe(404);
    expect(await move(tokens.super, body)).toEqual({ status: 200, body: { moved: 0, items: [] } });
  });
});
