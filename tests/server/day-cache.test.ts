/**
 * The day views remembered (docs/performance.md, "The day view remembered"): GET appointments/today and GET
 * sort/appointments answer from a remembered answer while the change feed is live, and forget it on every change of
 * what they read (migration 0023_day-changes), whoever wrote it. Every check still runs on every request, and a
 * remembered answer is only ever the answer of the same view, caller scope, vendor and day.
 *
 * Writes "from another server process" come from a second connection pool when the tests run on PostgreSQL
 * (DATABASE_URL), as in session-check.test.ts; PGlite has one connection.
 */
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { createRemembered } from '../../server/db/remembered';
import { appointments, serviceAreaZipCodes, services, users, vendorTodayNotes } from '../../server/db/schema';
import { DEMO_ADDRESSES, DEMO_BOOKINGS, demoAppointmentRecord, demoId } from '../../server/db/seed';
import { bearer, eventually, login, otherWriter, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const LOGINS = ['super', 'customer', 'vendor', 'vendor2', 'organization'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;
const VENDOR2 = demoId('account:vendor2');

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) => {
  const res: LightMyRequestResponse = await server.app.inject({ method, url: `/api${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const dayOf = async (token: string, date: string, vendor?: string) => {
  const res = await call('GET', `/appointments/today?date=${date}${vendor ? `&vendor_id=${vendor}` : ''}`, token);
  expect(res.status).toBe(200);
  return res.body;
};
const idsOf = (body: Json) => (body.items as Json[]).map((a) => a._id as string);
const visitIn = (body: Json, id: string) => (body.items as Json[]).find((a) => a._id === id);

/** A visit (vendor@'s, of organization@, customer@'s subscription, Springfield IL) at an exact instant. */
const visitAt = async (iso: string, fields: Partial<typeof appointments.$inferInsert> = {}) => {
  const id = newId();
  await server.db.insert(appointments).values(demoAppointmentRecord({ id, status: 'active', startTime: new Date(iso), createdAt: server.clock.now(), ...fields }));
  return id;
};

// The test clock is Monday 2026-06-01 12:00Z; Springfield IL (ZIP 62701) is UTC-5 in June.
describe('a remembered day answer changes with every change made through the API', () => {
  it('a completion: the day and the organization\'s day answer the visit complete at once', async () => {
    const id = await visitAt(new Date(server.clock.now().getTime() + 3_600_000).toISOString());
    expect(visitIn(await dayOf(tokens.vendor, '2026-06-01'), id)).toMatchObject({ status: 'active' });
    expect(visitIn(await dayOf(tokens.vendor, '2026-06-01'), id)).toMatchObject({ status: 'active' });
    const sorted = async () => (await call('GET', '/sort/appointments?date=2026-06-01', tokens.organization)).body;
    expect(visitIn(await sorted(), id)).toMatchObject({ status: 'active' });
    expect(visitIn(await sorted(), id)).toMatchObject({ status: 'active' });
    expect((await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id, note: 'Done.' })).status).toBe(200);
    expect(visitIn(await dayOf(tokens.vendor, '2026-06-01'), id)).toMatchObject({ status: 'complete', note: 'Done.' });
    expect(visitIn(await sorted(), id)).toMatchObject({ status: 'complete', note: 'Done.' });
  });

  it('a reschedule: the visit leaves the first day and appears on the second', async () => {
    const id = await visitAt('2026-06-12T15:00:00.000Z');
    expect(idsOf(await dayOf(tokens.vendor, '2026-06-12'))).toContain(id);
    expect(idsOf(await dayOf(tokens.vendor, '2026-06-16'))).not.toContain(id);
    const moved = await call('PUT', `/appointments/update/${id}`, tokens.customer, { start_time: '2026-06-16T15:00:00.000Z' });
    expect(moved.status).toBe(200);
    expect(idsOf(await dayOf(tokens.vendor, '2026-06-12'))).not.toContain(id);
    expect(visitIn(await dayOf(tokens.vendor, '2026-06-16'), id)).toMatchObject({ start_time: '2026-06-16T15:00:00.000Z' });
  });

  it('a booking: the booked visit is on the vendor\'s day right after the 201', async () => {
    const before = await dayOf(tokens.vendor, '2026-06-17');
    expect(await dayOf(tokens.vendor, '2026-06-17')).toEqual(before);
    const [service] = await server.db.select({ id: services.id }).from(services).where(eq(services.name, 'Lawn mowing'));
    const booked = await call('POST', '/appointments', tokens.customer, {
      service_id: service!.id,
      plan_id: 'mowing-small-week',
      address_id: DEMO_ADDRESSES.find((a) => a.account === 'customer')!.id,
      start_time: '2026-06-17T19:00:00.000Z',
      vendor_id: DEMO_BOOKINGS.vendor,
    });
    expect(booked.status).toBe(201);
    expect(idsOf(await dayOf(tokens.vendor, '2026-06-17'))).toEqual([...idsOf(before), booked.body._id]);
  });

  it("a note of the day: the vendor's saved note and its done mark are answered at once", async () => {
    await visitAt('2026-06-19T15:00:00.000Z');
    expect((await dayOf(tokens.vendor, '2026-06-19')).note).toBeNull();
    expect((await dayOf(tokens.vendor, '2026-06-19')).note).toBeNull();
    expect((await call('POST', '/appointments/today', tokens.vendor, { date: '2026-06-19', note: 'Bring the edger.', status: 'open' })).status).toBe(200);
    expect((await dayOf(tokens.vendor, '2026-06-19')).note).toEqual({ note: 'Bring the edger.', status: 'open', date: '2026-06-19' });
    expect((await call('POST', '/appointments/today', tokens.vendor, { date: '2026-06-19', note: 'Bring the edger.', status: 'done' })).status).toBe(200);
    expect((await dayOf(tokens.vendor, '2026-06-19')).note).toMatchObject({ status: 'done' });
    // A day without visits reads its note on its own, remembered and forgotten the same way.
    expect((await dayOf(tokens.vendor, '2026-06-20')).note).toBeNull();
    expect((await call('POST', '/appointments/today', tokens.vendor, { date: '2026-06-20', note: 'Day off.', status: 'open' })).status).toBe(200);
    expect((await dayOf(tokens.vendor, '2026-06-20')).note).toMatchObject({ note: 'Day off.' });
  });
});

describe("a remembered today never outlives the day", () => {
  it("the organization's day without a date: the next day is answered once midnight passes in its zone, with no write between", async () => {
    // 2026-06-29 04:30Z is 23:30 on the 28th in Chicago (organization@'s zone); an hour later it is the 29th.
    const late = await visitAt('2026-06-28T15:00:00.000Z');
    const next = await visitAt('2026-06-29T15:00:00.000Z');
    const before = server.clock.now();
    server.clock.set(new Date('2026-06-29T04:30:00.000Z'));
    try {
      // A session signed in at that time (the earlier ones have expired by then).
      const organization = await login(server.app, 'organization@tendwell.test');
      const today = async () => (await call('GET', '/sort/appointments', organization)).body;
      for (let round = 0; round < 2; round++) {
        const day = await today();
        expect(day.date).toBe('2026-06-28');
        expect(idsOf(day)).toContain(late);
        expect(idsOf(day)).not.toContain(next);
      }
      server.clock.advance(3_600_000);
      const after = await today();
      expect(after.date).toBe('2026-06-29');
      expect(idsOf(after)).toContain(next);
      expect(idsOf(after)).not.toContain(late);
      // The same day asked by its date is its own answer, naming no zone.
      expect((await call('GET', '/sort/appointments?date=2026-06-29', organization)).body).not.toHaveProperty('time_zone');
    } finally {
      server.clock.set(before);
    }
  });
});

describe('a write by another server process', () => {
  it('is remembered past an unannounced change, and forgotten on every announced one: visits, people, zones, notes', async () => {
    const writer = await otherWriter(server);
    try {
      const id = await visitAt('2026-06-22T15:00:00.000Z');
      // The insert's own notification comes back after it (PostgreSQL): let it arrive before the day is remembered.
      await new Promise((r) => setTimeout(r, 500));
      expect(visitIn(await dayOf(tokens.vendor, '2026-06-22'), id)).toMatchObject({ note: null });
      // Without its trigger, a change of the visit reaches no server process: the remembered answer is answered.
      await writer.db.execute(sql`alter table appointments disable trigger appointments_day_changes`);
      try {
        await writer.db.update(appointments).set({ note: 'Unannounced' }).where(eq(appointments.id, id));
      } finally {
        await writer.db.execute(sql`alter table appointments enable trigger appointments_day_changes`);
      }
      expect(visitIn(await dayOf(tokens.vendor, '2026-06-22'), id)).toMatchObject({ note: null });
      // The next announced change is seen, and so is the earlier one (the day is read again).
      await writer.db.update(appointments).set({ duration: 60 }).where(eq(appointments.id, id));
      await eventually(async () => expect(visitIn(await dayOf(tokens.vendor, '2026-06-22'), id)).toMatchObject({ note: 'Unannounced', duration: 60 }));

      // The vendor's user (its name in vendor_data).
      await writer.db.update(users).set({ lastName: 'Renamed' }).where(eq(users.id, demoId('user:vendor')));
      await eventually(async () => expect(visitIn(await dayOf(tokens.vendor, '2026-06-22'), id)?.vendor_data).toMatchObject({ last_name: 'Renamed' }));
      await writer.db.update(users).set({ lastName: 'Vendor' }).where(eq(users.id, demoId('user:vendor')));

      // The ZIP code's zone (the visit's time_zone), in the vendor's day and the organization's.
      const sortedVisit = async () => visitIn((await call('GET', '/sort/appointments?date=2026-06-22', tokens.organization)).body, id);
      expect(await sortedVisit()).toMatchObject({ time_zone: 'America/Chicago' });
      await writer.db.update(serviceAreaZipCodes).set({ timeZone: 'America/Denver' }).where(eq(serviceAreaZipCodes.zipCode, '62701'));
      try {
        await eventually(async () => expect(visitIn(await dayOf(tokens.vendor, '2026-06-22'), id)).toMatchObject({ time_zone: 'America/Denver' }));
        await eventually(async () => expect(await sortedVisit()).toMatchObject({ time_zone: 'America/Denver' }));
      } finally {
        await writer.db.update(serviceAreaZipCodes).set({ timeZone: 'America/Chicago' }).where(eq(serviceAreaZipCodes.zipCode, '62701'));
      }

      // The day's note.
      await writer.db.insert(vendorTodayNotes).values({ vendorAccountId: DEMO_BOOKINGS.vendor, date: '2026-06-22', note: 'From elsewhere', done: false, updatedAt: server.clock.now() });
      await eventually(async () => expect((await dayOf(tokens.vendor, '2026-06-22')).note).toMatchObject({ note: 'From elsewhere' }));
    } finally {
      await writer.close();
    }
  });
});

describe('a remembered answer is only ever its own caller scope\'s', () => {
  it("a vendor never receives another vendor's day, and cannot name the other vendor", async () => {
    const mine = await visitAt('2026-06-23T15:00:00.000Z');
    const theirs = await visitAt('2026-06-23T16:00:00.000Z', { vendorAccountId: VENDOR2 });
    for (let round = 0; round < 2; round++) {
      expect(idsOf(await dayOf(tokens.vendor, '2026-06-23'))).toEqual(expect.arrayContaining([mine]));
      expect(idsOf(await dayOf(tokens.vendor, '2026-06-23'))).not.toContain(theirs);
      const other = await dayOf(tokens.vendor2, '2026-06-23');
      expect(idsOf(other)).toContain(theirs);
      expect(idsOf(other)).not.toContain(mine);
      expect((await call('GET', `/appointments/today?date=2026-06-23&vendor_id=${DEMO_BOOKINGS.vendor}`, tokens.vendor2)).status).toBe(403);
    }
  });

  it("an organization's and super's answers are their own, whichever is read first", async () => {
    for (const [date, first] of [
      ['2026-06-24', 'super'],
      ['2026-06-25', 'organization'],
    ] as const) {
      const ours = await visitAt(`${date}T15:00:00.000Z`);
      const nobodys = await visitAt(`${date}T16:00:00.000Z`, { organizationAccountId: null });
      const read = {
        super: async () => idsOf(await dayOf(tokens.super, date, DEMO_BOOKINGS.vendor)),
        organization: async () => idsOf(await dayOf(tokens.organization, date, DEMO_BOOKINGS.vendor)),
      };
      const order = first === 'super' ? (['super', 'organization'] as const) : (['organization', 'super'] as const);
      for (let round = 0; round < 2; round++) {
        for (const who of order) {
          const ids = await read[who]();
          expect(ids).toContain(ours);
          if (who === 'super') expect(ids).toContain(nobodys);
          else expect(ids).not.toContain(nobodys);
        }
      }
      // The vendor's own day holds both; the organization's day (sort/appointments) only its own.
      expect(idsOf(await dayOf(tokens.vendor, date))).toEqual(expect.arrayContaining([ours, nobodys]));
      for (let round = 0; round < 2; round++) {
        const organization = idsOf((await call('GET', `/sort/appointments?date=${date}`, tokens.organization)).body);
        expect(organization).toContain(ours);
        expect(organization).not.toContain(nobodys);
        expect(idsOf((await call('GET', `/sort/appointments?date=${date}`, tokens.super)).body)).toEqual(expect.arrayContaining([ours, nobodys]));
      }
    }
  });

  it('the checks still run on every request: a deactivated vendor is refused its remembered day', async () => {
    await dayOf(tokens.vendor2, '2026-06-26');
    await dayOf(tokens.vendor2, '2026-06-26');
    await server.db.update(users).set({ status: 'inactive' }).where(eq(users.id, demoId('user:vendor2')));
    try {
      expect((await call('GET', '/appointments/today?date=2026-06-26', tokens.vendor2)).status).toBe(401);
    } finally {
      await server.db.update(users).set({ status: 'active' }).where(eq(users.id, demoId('user:vendor2')));
    }
    expect((await call('GET', '/appointments/today?date=2026-06-26', tokens.customer)).status).toBe(403);
    expect((await call('GET', '/appointments/today?date=2026-13-26', tokens.vendor2)).status).toBe(400);
  });
});

describe('createRemembered (the machinery the session records and the day answers share)', () => {
  const counted = (known = () => true, size = 3, maxWeight = Infinity) => {
    let reads = 0;
    const cache = createRemembered<string>({ size, known, weigh: (v) => v.length, maxWeight });
    const read = (key: string, value = key) =>
      cache.read(key, async () => {
        reads++;
        return value;
      });
    return { cache, read, reads: () => reads };
  };

  it('remembers while known, and not at all while the feed is down', async () => {
    let live = true;
    const { read, reads, cache } = counted(() => live);
    await read('a');
    await read('a');
    expect(reads()).toBe(1);
    live = false;
    await read('a');
    await read('b');
    await read('b');
    expect(reads()).toBe(4);
    live = true;
    cache.forget();
    await read('b');
    await read('b');
    expect(reads()).toBe(5);
  });

  it('does not remember a reading that started before a forget', async () => {
    const cache = createRemembered<string>({ size: 10, known: () => true });
    let release = () => {};
    const slow = cache.read('k', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.forget();
    release();
    expect(await slow).toBe('old');
    expect(await cache.read('k', async () => 'new')).toBe('new');
  });

  it('keeps at most its size and its weight, the oldest going first; size 0 keeps nothing', async () => {
    const sized = counted(() => true, 2);
    for (const key of ['a', 'b', 'c']) await sized.read(key);
    expect(sized.cache.size).toBe(2);
    await sized.read('a');
    expect(sized.reads()).toBe(4);
    const weighed = counted(() => true, 10, 5);
    await weighed.read('x', 'xxx');
    await weighed.read('y', 'yyy');
    expect(weighed.cache.size).toBe(1);
    await weighed.read('z', 'z'.repeat(6));
    expect(weighed.cache.size).toBe(1);
    await weighed.read('z', 'z'.repeat(6));
    expect(weighed.reads()).toBe(4);
    const none = counted(() => true, 0);
    await none.read('a');
    await none.read('a');
    expect(none.reads()).toBe(2);
  });
});
