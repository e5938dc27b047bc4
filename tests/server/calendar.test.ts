/**
 * The vendor calendar on the server: weekly working hours (update-availability), time off (request, the
 * organization's queue, approve / reject / delete through the time-off chart, with audit rows; an approval flags
 * the visits it hits) and the free start times (availablity/check|day|range|next, public/availability/next).
 *
 * The test clock starts Monday 2026-06-01 12:00 UTC = 07:00 in Springfield, IL (America/Chicago, UTC-5 in June).
 * The seed gives vendor@ (of organization@) Monday–Friday 08:00–17:00 and one pending time-off request.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../server/db/ids';
import { accounts, appointments, auditLog, users, vendorTimeOff } from '../../server/db/schema';
import { demoAppointmentRecord, demoId } from '../../server/db/seed';
import { REASSIGN_NOTE } from '../../server/services/calendar';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Headers = Record<string, string>;

let server: TestServer;
let customer: Headers;
let otherCustomer: Headers;
let vendor: Headers;
let organization: Headers;
let otherOrganization: Headers;
let superUser: Headers;
let affiliate: Headers;

// vendor@'s own calendar: the questions about its visits and time off name it (vendor2@ of the same
// organization has the same hours, so a question about every vendor would find vendor2@ free).
const VENDOR = demoId('account:vendor');
const ORG = demoId('account:organization');
const OTHER_ORG = demoId('account:pending-organization');
/** A vendor of no organization (written by the test). */
const LONE_VENDOR = newId();

beforeAll(async () => {
  server = await startTestServer();
  // pending-organization@ is "another organization" here: approved, so its calls reach the ownership checks.
  await approvePendingOrganization(server.app);
  const sessions = await Promise.all(
    [
      'customer@tendwell.test',
      'newcustomer@tendwell.test',
      'vendor@tendwell.test',
      'organization@tendwell.test',
      'pending-organization@tendwell.test',
      'super@tendwell.test',
      'affiliate@tendwell.test',
    ].map(async (email) => bearer(await login(server.app, email))),
  );
  [customer, otherCustomer, vendor, organization, otherOrganization, superUser, affiliate] = sessions as unknown as [Headers, Headers, Headers, Headers, Headers, Headers, Headers];
  const now = server.clock.now();
  const userId = newId();
  await server.db.insert(users).values({ id: userId, email: 'lone-vendor@example.com', firstName: 'Lone', status: 'active', createdAt: now });
  await server.db.insert(accounts).values({
    id: LONE_VENDOR,
    userId,
    type: 'vendor',
    primaryEmail: 'lone-vendor@example.com',
    firstName: 'Lone',
    meta: { initialSetup: true, skipOnboarding: false, isApproved: true, last_active_account: LONE_VENDOR },
    settings: { language_preference: 'en', stripe_id: null },
    createdAt: now,
  });
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'PUT', url: string, headers: Headers = {}, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)])).toString();
const day = (headers: Headers, requested_day: string, extra: Record<string, string | number> = {}) =>
  call('GET', `/appointments/availablity/day?${qs({ requested_day, zip_code: '62701', duration: 60, ...extra })}`, headers);
const starts = (body: Json): string[] => (body.slots as Json[]).map((s) => String(s.start_time));
/** 'HH:MM' in Chicago (UTC-5 in June) of a UTC instant. */
const local = (iso: string) => new Date(Date.parse(iso) - 5 * 3_600_000).toISOString().slice(11, 16);
const auditOf = (recordId: string) => server.db.select().from(auditLog).where(eq(auditLog.recordId, recordId)).orderBy(auditLog.at);

describe('PUT update-availability: weekly working hours, 15-minute slots inside 8AM–8PM', () => {
  it('the vendor replaces its own hours; the answer is sorted, in HHMM', async () => {
    const res = await call('PUT', '/update-availability', vendor, {
      availability: [
        { day_of_week: 'tuesday', start: '1300', end: '2000' },
        { day_of_week: 'monday', start: '0900', end: '1200' },
        { day_of_week: 'tuesday', start: '0800', end: '1145' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      vendor_id: VENDOR,
      availability: [
        { day_of_week: 'monday', start: '0900', end: '1200' },
        { day_of_week: 'tuesday', start: '0800', end: '1145' },
        { day_of_week: 'tuesday', start: '1300', end: '2000' },
      ],
    });
    // the slots follow: Monday 09:00 … 11:00 for an hour's visit
    const monday = await day(customer, '2026-06-08', { vendor_id: VENDOR });
    expect(starts(monday.body).map(local)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']);
  });

  it.each([
    [{ day_of_week: 'monday', start: '0700', end: '1000' }, 'Working hours are between 8AM and 8PM'],
    [{ day_of_week: 'monday', start: '1900', end: '2100' }, 'Working hours are between 8AM and 8PM'],
    [{ day_of_week: 'monday', start: '1200', end: '1000' }, 'Working hours must end after they start'],
    [{ day_of_week: 'monday', start: '1200', end: '1200' }, 'Working hours must end after they start'],
  ])('refuses %o with 400 %s, and keeps the hours it had', async (window, message) => {
    const res = await call('PUT', '/update-availability', vendor, { availability: [window] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`availability[0]: ${message}`);
    expect(starts((await day(customer, '2026-06-08', { vendor_id: VENDOR })).body)).toHaveLength(9);
  });

  it('refuses overlapping windows of one day, times off the 15-minute grid, HH:MM and unknown days (400)', async () => {
    const overlap = await call('PUT', '/update-availability', vendor, {
      availability: [
        { day_of_week: 'friday', start: '0800', end: '1200' },
        { day_of_week: 'friday', start: '1130', end: '1400' },
      ],
    });
    expect(overlap).toMatchObject({ status: 400, body: { message: 'availability[1]: Working hours of one day must not overlap' } });
    for (const window of [
      { day_of_week: 'monday', start: '0810', end: '1000' },
      { day_of_week: 'monday', start: '08:00', end: '10:00' },
      { day_of_week: 'funday', start: '0800', end: '1000' },
      { day_of_week: 'monday', start: '2400', end: '1000' },
    ]) {
      const res = await call('PUT', '/update-availability', vendor, { availability: [window] });
      expect(res.status, JSON.stringify(window)).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
    expect((await call('PUT', '/update-availability', vendor, {})).status).toBe(400);
  });

  it('role and ownership: customers and affiliates 403, no token 401; a vendor only for itself; an organization for its own vendors; super for any', async () => {
    const body = { availability: [{ day_of_week: 'monday', start: '0800', end: '1700' }] };
    expect((await call('PUT', '/update-availability', customer, body)).status).toBe(403);
    expect((await call('PUT', '/update-availability', affiliate, body)).status).toBe(403);
    expect((await call('PUT', '/update-availability', {}, body)).status).toBe(401);
    expect((await call('PUT', '/update-availability', vendor, { ...body, vendor_id: LONE_VENDOR })).status).toBe(403);
    expect(await call('PUT', '/update-availability', organization, body)).toMatchObject({ status: 400, body: { message: 'vendor_id is required' } });
    expect(await call('PUT', '/update-availability', organization, { ...body, vendor_id: LONE_VENDOR })).toMatchObject({
      status: 404,
      body: { message: 'Vendor not found or not part of this organization' },
    });
    expect((await call('PUT', '/update-availability', otherOrganization, { ...body, vendor_id: VENDOR })).status).toBe(404);
    expect((await call('PUT', '/update-availability', superUser, { ...body, vendor_id: LONE_VENDOR })).status).toBe(200);
    // back to the seeded Monday–Friday 08:00–17:00, set by the vendor's organization
    const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((d) => ({ day_of_week: d, start: '0800', end: '1700' }));
    expect((await call('PUT', '/update-availability', organization, { vendor_id: VENDOR, availability: weekdays })).status).toBe(200);
    expect((await call('PUT', '/update-availability', superUser, { vendor_id: LONE_VENDOR, availability: [] })).status).toBe(200);
  });
});

describe('GET vendor/{id}/init: the vendor with its hours and time off (what /vendor/availability loads)', () => {
  it('the vendor reads itself; its organization and super read it; anyone else gets 404 or 403', async () => {
    const own = await call('GET', `/vendor/${VENDOR}/init`, vendor);
    expect(own.status).toBe(200);
    expect(own.body.vendor).toMatchObject({ _id: VENDOR, is_part_of_org: true, organization_id: ORG, first_name: 'Vic' });
    expect(own.body.vendor.availability).toHaveLength(5);
    expect(own.body.vendor.availability[0]).toEqual({ day_of_week: 'monday', start: '0800', end: '1700' });
    expect(own.body.pending_time_off.map((t: Json) => t.schedule_id)).toEqual([demoId('time-off:vendor-pending')]);
    expect((await call('GET', `/vendor/${VENDOR}/init`, organization)).status).toBe(200);
    expect((await call('GET', `/vendor/${VENDOR}/init`, superUser)).status).toBe(200);
    expect((await call('GET', `/vendor/${LONE_VENDOR}/init`, vendor)).status).toBe(404);
    expect((await call('GET', `/vendor/${VENDOR}/init`, otherOrganization)).status).toBe(404);
    expect((await call('GET', `/vendor/${VENDOR}/init`, customer)).status).toBe(403);
    expect((await call('GET', `/vendor/${VENDOR}/init`)).status).toBe(401);
    expect((await call('GET', '/vendor/nope/init', vendor)).status).toBe(400);
    const lone = await call('GET', `/vendor/${LONE_VENDOR}/init`, superUser);
    expect(lone.body).toMatchObject({ vendor: { is_part_of_org: false, organization_id: null, availability: [] }, pending_time_off: [] });
  });
});

describe('free start times (seeded hours Monday–Friday 08:00–17:00, America/Chicago)', () => {
  it('a day: every 15 minutes from 08:00 until the visit ends by 17:00; none on Saturday', async () => {
    const tuesday = await day(customer, '2026-06-02');
    expect(tuesday.status).toBe(200);
    expect(tuesday.body.day).toBe('2026-06-02');
    expect(starts(tuesday.body)).toHaveLength(33);
    expect(local(starts(tuesday.body)[0]!)).toBe('08:00');
    expect(local(starts(tuesday.body).at(-1)!)).toBe('16:00');
    expect(tuesday.body.slots[0]).toMatchObject({ start_time: '2026-06-02T13:00:00.000Z', end_time: '2026-06-02T14:00:00.000Z', vendor_id: VENDOR });
    expect(starts((await day(customer, '2026-06-06')).body)).toEqual([]);
    // wall-clock 08:00 across daylight-saving changes: CST (UTC-6) in November, CDT (UTC-5) again after 14 March 2027
    expect((await day(customer, '2026-11-02')).body.slots[0].start_time).toBe('2026-11-02T14:00:00.000Z');
    expect((await day(customer, '2027-03-08')).body.slots[0].start_time).toBe('2027-03-08T14:00:00.000Z');
    expect((await day(customer, '2027-03-15')).body.slots[0].start_time).toBe('2027-03-15T13:00:00.000Z');
    // a four-hour visit: 08:00 … 13:00
    expect((await day(customer, '2026-06-02', { duration: 240 })).body.slots).toHaveLength(21);
  });

  it('an existing visit (with its duration) holds the time; exclude_id frees it for the one being moved', async () => {
    const id = newId();
    await server.db
      .insert(appointments)
      .values(demoAppointmentRecord({ id, status: 'active', startTime: new Date('2026-06-03T15:00:00Z'), duration: 45, createdAt: server.clock.now() }));
    const held = starts((await day(customer, '2026-06-03', { vendor_id: VENDOR })).body).map(local);
    expect(held).toHaveLength(33 - 6);
    for (const taken of ['09:15', '09:30', '09:45', '10:00', '10:15', '10:30']) expect(held).not.toContain(taken);
    expect(held).toContain('09:00');
    expect(held).toContain('10:45');
    expect(starts((await day(customer, '2026-06-03', { exclude_id: id, vendor_id: VENDOR })).body)).toHaveLength(33);
    // someone else's appointment cannot be named
    expect(await day(otherCustomer, '2026-06-03', { exclude_id: id })).toMatchObject({
      status: 400,
      body: { message: 'exclude_id: The received appointment reference is invalid or does not exist' },
    });
  });

  it('check: a free start is available; outside the hours, off the grid, or on a visit it is not, with the reason', async () => {
    const check = (start_time: string, extra: Record<string, string | number> = {}) =>
      call('GET', `/appointments/availablity/check?${qs({ start_time, zip_code: '62701', duration: 60, ...extra })}`, customer);
    expect((await check('2026-06-02T13:00:00Z')).body).toEqual({ available: true });
    expect((await check('2026-06-02T12:00:00Z')).body).toEqual({ available: false, reason: 'Working hours are between 8AM and 8PM' });
    expect((await check('2026-06-02T22:00:00Z')).body).toEqual({ available: false, reason: 'Not within the working hours' });
    expect((await check('2026-06-02T13:05:00Z')).body.available).toBe(false);
    expect((await check('2026-06-03T15:30:00Z', { vendor_id: VENDOR })).body).toEqual({ available: false, reason: 'The vendor is not available at this time' });
    expect((await check('2026-06-02T13:00:00Z', { zip_code: '99999' })).body).toEqual({ available: false, reason: 'Not in service area' });
  });

  it('range: the free slots per local day, inside the range; longer than 31 days or backwards is 400', async () => {
    const res = await call('GET', `/appointments/availablity/range?${qs({ start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-08T05:00:00Z', zip_code: '62701', vendor_id: VENDOR })}`, customer);
    expect(res.status).toBe(200);
    const days = res.body.days as Json[];
    expect(days.map((d) => d.day)).toEqual(['2026-05-31', '2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07', '2026-06-08']);
    // 06-01: vendor@'s visit today at 10:00 (server/db/seed-visits.ts) holds 6 starts, like the 06-03 visit and
    // customer@'s upcoming visit on 06-04 at 9:00 (seed.ts demoVisitStart).
    expect(days.map((d) => (d.slots as Json[]).length)).toEqual([0, 27, 33, 27, 27, 33, 0, 0, 0]);
    const long = await call('GET', `/appointments/availablity/range?${qs({ start_time: '2026-06-01T00:00:00Z', end_time: '2026-07-03T00:00:00Z' })}`, customer);
    expect(long).toMatchObject({ status: 400, body: { message: 'The date range is longer than 31 days' } });
    const backwards = await call('GET', `/appointments/availablity/range?${qs({ start_time: '2026-06-05T00:00:00Z', end_time: '2026-06-01T00:00:00Z' })}`, customer);
    expect(backwards).toMatchObject({ status: 400, body: { message: 'The date range must end after it starts' } });
  });

  it('next: the first free start from now (07:00 local now: 08:00 today), on a weekday when asked; in the ZIP\'s own zone', async () => {
    const next = await call('GET', `/appointments/availablity/next?${qs({ zip_code: '62701' })}`, customer);
    expect(next.body.next).toMatchObject({ start_time: '2026-06-01T13:00:00.000Z', end_time: '2026-06-01T14:00:00.000Z', vendor_id: VENDOR });
    const wednesday = await call('GET', `/appointments/availablity/next?${qs({ zip_code: '62701', day_of_week: 'wednesday' })}`, customer);
    expect(wednesday.body.next.start_time).toBe('2026-06-03T13:00:00.000Z');
    // Denver is UTC-6 in June: 08:00 there is 14:00 UTC
    const denver = await call('GET', `/public/availability/next?${qs({ zip_code: '80202' })}`);
    expect(denver.status).toBe(200);
    expect(denver.body.next.start_time).toBe('2026-06-01T14:00:00.000Z');
    // visitors: no token needed; outside the area is 400 with the spec's text
    expect((await call('GET', `/public/availability/next?${qs({ zip_code: '62701', day_of_week: 'friday' })}`)).body.next.start_time).toBe(
      '2026-06-05T13:00:00.000Z',
    );
    expect(await call('GET', `/public/availability/next?${qs({ zip_code: '99999' })}`)).toMatchObject({ status: 400, body: { message: 'Not in service area' } });
    expect((await call('GET', '/public/availability/next')).status).toBe(400);
  });

  it('role and ownership: a vendor asks about itself only, an organization about its vendors; affiliates 403, no token 401; bad input 400', async () => {
    expect((await day(vendor, '2026-06-02')).body.slots).toHaveLength(33);
    expect((await day(vendor, '2026-06-02', { vendor_id: LONE_VENDOR })).status).toBe(403);
    expect((await day(organization, '2026-06-02', { vendor_id: VENDOR })).body.slots).toHaveLength(33);
    expect(await day(otherOrganization, '2026-06-02', { vendor_id: VENDOR })).toMatchObject({
      status: 403,
      body: { message: 'Vendor not found or not part of this organization' },
    });
    expect((await day(customer, '2026-06-02', { vendor_id: demoId('account:customer') })).status).toBe(400);
    expect((await day(otherOrganization, '2026-06-02')).body.slots).toEqual([]);
    expect((await day(superUser, '2026-06-02', { vendor_id: VENDOR })).body.slots).toHaveLength(33);
    expect((await day(affiliate, '2026-06-02')).status).toBe(403);
    expect((await day({}, '2026-06-02')).status).toBe(401);
    expect((await day(customer, 'tomorrow')).status).toBe(400);
    expect((await day(customer, '2026-06-02', { duration: 5 })).status).toBe(400);
    expect((await day(customer, '2026-06-02', { zip_code: '1234' })).status).toBe(400);
    expect((await day(customer, '2026-06-02', { vendor_id: 'not-an-id' })).status).toBe(400);
  });
});

describe('time off: the vendor asks, the organization decides (the time-off chart), approved time off blocks the calendar', () => {
  const ask = (headers: Headers, body: object) => call('PUT', '/request-time-off', headers, body);
  const decide = (headers: Headers, org: string, id: string, body: object) => call('PUT', `/organization/${org}/schedule/${id}`, headers, body);

  it('the vendor asks: pending, with its organization; the audit row names the chart', async () => {
    const res = await ask(vendor, { start_time: '2026-06-10T17:00:00Z', end_time: '2026-06-11T17:00:00Z', note: 'Dentist, then a day off.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      vendor_id: VENDOR,
      organization_id: ORG,
      start_time: '2026-06-10T17:00:00.000Z',
      end_time: '2026-06-11T17:00:00.000Z',
      note: 'Dentist, then a day off.',
      approval: 'pending',
    });
    const audit = await auditOf(String(res.body.schedule_id));
    expect(audit.map((a) => [a.chart, a.event, a.fromState, a.toState, a.role])).toEqual([['timeOff', 'timeOff.request', 'new', 'pending', 'vendor']]);
    // pending time off does not block the calendar
    expect(starts((await day(customer, '2026-06-10')).body)).toHaveLength(33);
  });

  it('bad ranges are 400 with the spec\'s text; other roles 403; a vendor asks only for itself', async () => {
    expect(await ask(vendor, { start_time: '2026-05-30T17:00:00Z', end_time: '2026-06-02T17:00:00Z' })).toMatchObject({
      status: 400,
      body: { message: 'Start date must be in the future, between this year and next year.' },
    });
    expect(await ask(vendor, { start_time: '2026-06-12T17:00:00Z', end_time: '2026-06-12T16:00:00Z' })).toMatchObject({
      status: 400,
      body: { message: 'The date range must end after it starts' },
    });
    expect((await ask(vendor, { start_time: 'soon', end_time: '2026-06-12T16:00:00Z' })).status).toBe(400);
    expect((await ask(vendor, { start_time: '2026-06-12T17:00:00Z' })).status).toBe(400);
    expect((await ask(customer, { start_time: '2026-06-12T17:00:00Z', end_time: '2026-06-13T17:00:00Z' })).status).toBe(403);
    expect((await ask(organization, { start_time: '2026-06-12T17:00:00Z', end_time: '2026-06-13T17:00:00Z' })).status).toBe(403);
    expect((await ask({}, { start_time: '2026-06-12T17:00:00Z', end_time: '2026-06-13T17:00:00Z' })).status).toBe(401);
    expect((await ask(vendor, { vendor_id: LONE_VENDOR, start_time: '2026-06-12T17:00:00Z', end_time: '2026-06-13T17:00:00Z' })).status).toBe(403);
  });

  it("the organization's queue lists its vendors' requests (the seeded one too), filtered by approval; nobody else's", async () => {
    const list = await call('GET', `/organization/${ORG}/schedule`, organization);
    expect(list.status).toBe(200);
    expect((list.body as unknown as Json[]).map((r) => r.schedule_id)).toContain(demoId('time-off:vendor-pending'));
    expect((list.body as unknown as Json[]).every((r) => r.organization_id === ORG)).toBe(true);
    const approved = await call('GET', `/organization/${ORG}/schedule?approval=approved`, organization);
    expect(approved.body).toEqual([]);
    expect((await call('GET', `/organization/${ORG}/schedule`, otherOrganization)).status).toBe(404);
    expect((await call('GET', `/organization/${OTHER_ORG}/schedule`, otherOrganization)).body).toEqual([]);
    expect((await call('GET', `/organization/${ORG}/schedule`, vendor)).status).toBe(403);
    expect((await call('GET', `/organization/${ORG}/schedule`, superUser)).status).toBe(200);
    expect((await call('GET', `/organization/${ORG}/schedule?approval=maybe`, organization)).status).toBe(400);
  });

  it('approval removes the time from the calendar and flags the confirmed visits it hits for reassignment (appointment chart), in one audit trail', async () => {
    const hit = newId();
    const pending = newId();
    const outside = newId();
    const now = server.clock.now();
    await server.db.insert(appointments).values([
      demoAppointmentRecord({ id: hit, status: 'active', startTime: new Date('2026-06-17T15:00:00Z'), createdAt: now }),
      demoAppointmentRecord({ id: pending, status: 'pending', startTime: new Date('2026-06-17T19:00:00Z'), createdAt: now }),
      demoAppointmentRecord({ id: outside, status: 'active', startTime: new Date('2026-06-18T15:00:00Z'), createdAt: now }),
    ]);
    // Wednesday 2026-06-17 from noon (17:00 UTC) to Thursday 06:00 local
    const asked = await ask(vendor, { start_time: '2026-06-17T14:30:00Z', end_time: '2026-06-18T11:00:00Z' });
    const id = String(asked.body.schedule_id);
    expect((await decide(otherOrganization, OTHER_ORG, id, { approval: 'approved' })).status).toBe(404);
    expect((await decide(otherOrganization, ORG, id, { approval: 'approved' })).status).toBe(404);
    expect((await decide(vendor, ORG, id, { approval: 'approved' })).status).toBe(403);
    expect((await decide(organization, ORG, id, { approval: 'maybe' })).status).toBe(400);

    const toAccount = vi.spyOn(server.live, 'toAccount');
    const toSupers = vi.spyOn(server.live, 'toSupers');
    const approved = await decide(organization, ORG, id, { approval: 'approved', note: 'Enjoy.' });
    expect(approved.status).toBe(200);
    // the flagged visit is pushed to its customer, vendor and organization, and to super watchers
    const pushed = { reason: 'updated', resourceType: 'appointment', resourceId: hit };
    expect(toAccount.mock.calls.filter((c) => (c[2] as Json).resourceId === hit).map((c) => c[0]).sort()).toEqual(
      [demoId('account:customer'), VENDOR, ORG].sort(),
    );
    expect(toAccount).toHaveBeenCalledWith(VENDOR, 'resource:update', pushed);
    expect(toSupers).toHaveBeenCalledWith('resource:update', pushed);
    toAccount.mockRestore();
    toSupers.mockRestore();
    expect(approved.body).toMatchObject({ schedule_id: id, approval: 'approved', decision_note: 'Enjoy.' });
    // 09:30 local onwards is gone on Wednesday (the pending visit at 14:00 local held nothing more after)
    expect(starts((await day(customer, '2026-06-17', { vendor_id: VENDOR })).body).map(local)).toEqual(['08:00', '08:15', '08:30']);
    // Thursday keeps its day: only its two visits hold starts, this test's at 10:00 local and customer@'s seeded
    // pending visit at 9:00 (08:30 to 10:45 taken: 10 starts).
    expect(starts((await day(customer, '2026-06-18', { vendor_id: VENDOR })).body)).toHaveLength(33 - 10);

    const [flagged] = await server.db.select().from(appointments).where(eq(appointments.id, hit));
    expect(flagged).toMatchObject({ status: 'exception', note: REASSIGN_NOTE });
    const flagAudit = await auditOf(hit);
    expect(flagAudit.map((a) => [a.chart, a.event, a.fromState, a.toState, a.role])).toEqual([
      ['appointment', 'appointment.flagForReassignment', 'active', 'exception', 'organization'],
    ]);
    expect(flagAudit[0]!.requestId).toBe((await auditOf(id)).at(-1)!.requestId);
    // a pending visit is not confirmed: it stays pending; a visit outside the range is untouched
    expect((await server.db.select().from(appointments).where(eq(appointments.id, pending)))[0]!.status).toBe('pending');
    expect((await server.db.select().from(appointments).where(eq(appointments.id, outside)))[0]!.status).toBe('active');

    // decided once: a second decision is refused by the chart
    const again = await decide(organization, ORG, id, { approval: 'rejected' });
    expect(again).toMatchObject({ status: 409, body: { code: 'illegal_transition' } });
    expect((await auditOf(id)).map((a) => a.event)).toEqual(['timeOff.request', 'timeOff.approve']);
  });

  it('rejection keeps the calendar; delete removes a request from the queue; super decides for any organization', async () => {
    const rejected = await decide(organization, ORG, demoId('time-off:vendor-pending'), { approval: 'rejected', note: 'Busy season.' });
    expect(rejected.body).toMatchObject({ approval: 'rejected', decision_note: 'Busy season.' });
    const asked = await ask(vendor, { start_time: '2026-06-24T13:00:00Z', end_time: '2026-06-24T22:00:00Z' });
    const id = String(asked.body.schedule_id);
    expect((await decide(superUser, ORG, id, { approval: 'approved' })).body.approval).toBe('approved');
    expect(starts((await day(customer, '2026-06-24', { vendor_id: VENDOR })).body)).toEqual([]);

    expect((await call('PUT', `/organization/${ORG}/schedule/${id}/delete`, otherOrganization)).status).toBe(404);
    expect((await call('PUT', `/organization/${ORG}/schedule/${id}/delete`, customer)).status).toBe(403);
    expect(await call('PUT', `/organization/${ORG}/schedule/${id}/delete`, organization)).toMatchObject({ status: 200, body: { success: true } });
    expect(starts((await day(customer, '2026-06-24', { vendor_id: VENDOR })).body)).toHaveLength(33);
    const queue = (await call('GET', `/organization/${ORG}/schedule?pageSize=100`, organization)).body as unknown as Json[];
    expect(queue.map((r) => r.schedule_id)).not.toContain(id);
    expect((await server.db.select().from(vendorTimeOff).where(and(eq(vendorTimeOff.id, id))))[0]!.status).toBe('deleted');
    expect((await call('PUT', `/organization/${ORG}/schedule/${id}/delete`, organization)).status).toBe(409);
    expect((await call('PUT', `/organization/${ORG}/schedule/${newId()}/delete`, organization)).status).toBe(404);
  });
});
