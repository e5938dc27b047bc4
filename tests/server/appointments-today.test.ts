/**
 * The vendor's day (GET/POST appointments/today) and the live 'updated' event of an appointment change: role
 * and ownership, each visit on the day of its own time zone, one note per vendor and day, and every party of
 * the appointment hears the change.
 */
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvents } from '../../src/core/model/live-events';
import { newId } from '../../server/db/ids';
import { appointments } from '../../server/db/schema';
import { DEMO_BOOKINGS, demoAppointmentRecord } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let url: string;
const sockets: Socket[] = [];
const LOGINS = ['super', 'customer', 'vendor', 'organization', 'affiliate'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  await server.live.attach(server.app.server, { verifySession: (token) => server.services.tokens.verifySession(token) });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const call = async (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) => {
  const res: LightMyRequestResponse = await server.app.inject({ method, url: `/api${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};

/** A visit of vendor@ (customer@'s subscription, Springfield IL: America/Chicago) at an exact instant. */
const visitAt = async (iso: string, fields: Partial<typeof appointments.$inferInsert> = {}) => {
  const id = newId();
  await server.db.insert(appointments).values(demoAppointmentRecord({ id, status: 'active', startTime: new Date(iso), createdAt: server.clock.now(), ...fields }));
  return id;
};

describe('GET appointments/today', () => {
  it("answers the vendor's visits of the day in the visit's time zone, in route order, with no deleted visit", async () => {
    // 2027-03-10 in Chicago (UTC-6): 08:30 local is 14:30Z; 23:30 local is 05:30Z the next UTC day.
    const morning = await visitAt('2027-03-10T14:30:00.000Z');
    const late = await visitAt('2027-03-11T05:30:00.000Z');
    const early = await visitAt('2027-03-10T13:00:00.000Z');
    await visitAt('2027-03-10T16:00:00.000Z', { status: 'deleted' });
    const dayBefore = await visitAt('2027-03-10T05:00:00.000Z'); // 23:00 local on the 9th
    const res = await call('GET', '/appointments/today?date=2027-03-10', tokens.vendor);
    expect(res.status).toBe(200);
    expect(res.body.date).toBe('2027-03-10');
    expect(res.body.items.map((a: Json) => a._id)).toEqual([early, morning, late]);
    expect(res.body.items.map((a: Json) => a._id)).not.toContain(dayBefore);
    expect(res.body.note).toBeNull();
  });

  it('an organization reads a vendor of its own by naming it; without vendor_id it is 400', async () => {
    const id = await visitAt('2027-04-02T15:00:00.000Z');
    const own = await call('GET', `/appointments/today?date=2027-04-02&vendor_id=${DEMO_BOOKINGS.vendor}`, tokens.organization);
    expect(own.status).toBe(200);
    expect(own.body.items.map((a: Json) => a._id)).toEqual([id]);
    const missing = await call('GET', '/appointments/today?date=2027-04-02', tokens.organization);
    expect(missing).toEqual({ status: 400, body: { message: 'vendor_id is required', code: 'invalid_request' } });
  });

  it("refuses customers and affiliates (403) and a vendor naming another vendor (403); another organization's vendor day is empty", async () => {
    expect((await call('GET', '/appointments/today', tokens.customer)).status).toBe(403);
    expect((await call('GET', '/appointments/today', tokens.affiliate)).status).toBe(403);
    expect((await call('GET', `/appointments/today?vendor_id=${newId()}`, tokens.vendor)).status).toBe(403);
    await visitAt('2027-05-05T15:00:00.000Z', { organizationAccountId: null });
    const other = await call('GET', `/appointments/today?date=2027-05-05&vendor_id=${DEMO_BOOKINGS.vendor}`, tokens.organization);
    expect(other.body.items).toEqual([]);
  });

  it('refuses a malformed date with 400, never 500', async () => {
    const res = await call('GET', '/appointments/today?date=2027-13-45', tokens.vendor);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
  });
});

describe("every appointment answer names its address's time zone (time_zone)", () => {
  const denver = { ...demoAppointmentRecord({ id: 'x', status: 'active', startTime: new Date(0), createdAt: new Date(0) }).addressData, address_formatted: '1 Main St, Denver, CO 80202', city: 'Denver', state: 'CO', postal_code: '80202' };
  const nowhere = { ...denver, address_formatted: '1 Main St, Nowhere, AK 99999', city: 'Nowhere', state: 'AK', postal_code: '99999' };

  it('one appointment, the list, the day and the sorted day answer the zone of the ZIP code; outside the service area none', async () => {
    const chicago = await visitAt('2027-04-14T14:00:00.000Z');
    const mountain = await visitAt('2027-04-14T15:00:00.000Z', { addressData: denver });
    const unknown = await visitAt('2027-04-14T16:00:00.000Z', { addressData: nowhere });
    const zoneOf = (items: Json[], id: string) => items.find((a) => a._id === id)?.time_zone;

    expect((await call('GET', `/appointments/${chicago}`, tokens.vendor)).body.time_zone).toBe('America/Chicago');
    expect((await call('GET', `/appointments/${mountain}`, tokens.customer)).body.time_zone).toBe('America/Denver');
    const one = await call('GET', `/appointments/${unknown}`, tokens.super);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('time_zone');

    const list = await call('GET', '/appointments?from=2027-04-14T00:00:00.000Z&to=2027-04-15T00:00:00.000Z&pageSize=50', tokens.vendor);
    expect([zoneOf(list.body.items, chicago), zoneOf(list.body.items, mountain), zoneOf(list.body.items, unknown)]).toEqual(['America/Chicago', 'America/Denver', undefined]);
    const today = await call('GET', '/appointments/today?date=2027-04-14', tokens.vendor);
    expect([zoneOf(today.body.items, chicago), zoneOf(today.body.items, mountain)]).toEqual(['America/Chicago', 'America/Denver']);
    const sorted = await call('GET', `/sort/appointments?date=2027-04-14&vendor_id=${DEMO_BOOKINGS.vendor}`, tokens.super);
    expect(sorted.status).toBe(200);
    expect([zoneOf(sorted.body.items, chicago), zoneOf(sorted.body.items, mountain)]).toEqual(['America/Chicago', 'America/Denver']);
  });
});

describe('the day views write each visit as its own answer does', () => {
  // The day views' visits are written as JSON by PostgreSQL (appointmentWireSql), every other answer by
  // appointmentWire: the same visit must read the same in both, whatever its optional fields hold.
  /** GET appointments/{id} without what only the one visit's page carries (photos, add-ons, approvals). */
  const ownAnswer = ({ images: _i, appointmentAddOnData: _a, subscriptionAddOnData: _s, approval_data: _p, ...own }: Json) => own;
  it('every visit of every seeded day, and visits with every optional field set or missing, read as GET appointments/{id}', async () => {
    const [template] = await server.db.select({ address: appointments.addressData }).from(appointments).limit(1);
    const variants = [
      await visitAt('2027-04-06T15:00:00.000Z', { price: null, planId: null, custom: { description: 'Trim the "big" hedge — ñ', value: 1250 }, note: 'Dog in yard "Rex"' }),
      await visitAt('2027-04-06T16:00:00.000Z', { price: 0, planId: '', vendorAccountId: null, completedAt: new Date('2027-04-06T17:00:00.123Z'), status: 'complete' }),
      await visitAt('2027-04-06T17:00:00.000Z', { addressData: { ...template!.address, postal_code: '99999' } }),
    ];
    const days = await server.db.selectDistinct({ day: sql<string>`to_char(${appointments.startTime} at time zone 'America/Chicago', 'YYYY-MM-DD')` }).from(appointments);
    expect(days.length).toBeGreaterThan(3);
    let compared = 0;
    for (const { day } of days) {
      const sorted = await call('GET', `/sort/appointments?date=${day}`, tokens.super);
      expect(sorted.status).toBe(200);
      expect(sorted.body.total).toBe(sorted.body.items.length);
      for (const item of sorted.body.items as Json[]) {
        expect(item).toEqual(ownAnswer((await call('GET', `/appointments/${item._id}`, tokens.super)).body));
        compared++;
      }
      const vendorDay = await call('GET', `/appointments/today?date=${day}`, tokens.vendor);
      for (const item of vendorDay.body.items as Json[]) {
        expect(item).toEqual(ownAnswer((await call('GET', `/appointments/${item._id}`, tokens.vendor)).body));
      }
    }
    const seen = (await call('GET', '/sort/appointments?date=2027-04-06', tokens.super)).body.items.map((a: Json) => a._id);
    expect(seen).toEqual(expect.arrayContaining(variants));
    expect(compared).toBeGreaterThan(variants.length);
  });
});

describe('POST appointments/today (the today note)', () => {
  it("answers the note beside the visits of a day that has some, and the vendor's done mark", async () => {
    const id = await visitAt('2027-06-09T15:00:00.000Z'); // 10:00 in Chicago
    await call('POST', '/appointments/today', tokens.vendor, { note: 'Gate code 4411.', status: 'open', date: '2027-06-09' });
    const open = await call('GET', '/appointments/today?date=2027-06-09', tokens.vendor);
    expect(open.body.items.map((a: Json) => a._id)).toEqual([id]);
    expect(open.body.note).toEqual({ note: 'Gate code 4411.', status: 'open', date: '2027-06-09' });
    await call('POST', '/appointments/today', tokens.vendor, { note: 'Gate code 4411.', status: 'done', date: '2027-06-09' });
    const done = await call('GET', `/appointments/today?date=2027-06-09&vendor_id=${DEMO_BOOKINGS.vendor}`, tokens.organization);
    expect(done.body.items.map((a: Json) => a._id)).toEqual([id]);
    expect(done.body.note).toEqual({ note: 'Gate code 4411.', status: 'done', date: '2027-06-09' });
  });

  it('keeps one note per vendor and day: a second save replaces it, and the day answers it', async () => {
    const first = await call('POST', '/appointments/today', tokens.vendor, { note: 'Load the edger.', status: 'open', date: '2027-06-01' });
    expect(first).toEqual({ status: 200, body: { note: 'Load the edger.', status: 'open', date: '2027-06-01' } });
    await call('POST', '/appointments/today', tokens.vendor, { note: 'Edger loaded; gas bought.', status: 'done', date: '2027-06-01' });
    const day = await call('GET', '/appointments/today?date=2027-06-01', tokens.vendor);
    expect(day.body.note).toEqual({ note: 'Edger loaded; gas bought.', status: 'done', date: '2027-06-01' });
    const otherDay = await call('GET', '/appointments/today?date=2027-06-02', tokens.vendor);
    expect(otherDay.body.note).toBeNull();
  });

  it('is the vendor\'s own: customer, organization and super are refused (403); bad input is 400', async () => {
    for (const who of ['customer', 'organization', 'super'] as const) {
      expect((await call('POST', '/appointments/today', tokens[who], { note: 'x', status: 'open', date: '2027-06-01' })).status).toBe(403);
    }
    expect((await call('POST', '/appointments/today', tokens.vendor, { note: 'x', status: 'maybe', date: '2027-06-01' })).status).toBe(400);
    expect((await call('POST', '/appointments/today', tokens.vendor, { note: 'x', status: 'open' })).status).toBe(400);
    expect((await call('POST', '/appointments/today', tokens.vendor, { note: 'x', status: 'open', date: '2027-02-30' })).status).toBe(400);
  });
});

describe("an appointment's change is pushed live with reason 'updated'", () => {
  const connect = (token: string) => {
    const socket = io(url, { path: '/socket', reconnection: false, transports: ['websocket'], auth: { token } });
    sockets.push(socket);
    return new Promise<Socket>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no ready within 5 s')), 5000);
      socket.once(LiveEvents.ready, () => {
        clearTimeout(timer);
        resolve(socket);
      });
    });
  };
  const nextUpdate = (socket: Socket) =>
    new Promise<Json>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no update within 5 s')), 5000);
      socket.once(LiveEvents.resourceUpdated, (payload: Json) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  it('the customer and the organization hear the vendor complete a visit', async () => {
    const id = await visitAt(new Date(server.clock.now().getTime() + 3_600_000).toISOString());
    const [customer, organization] = await Promise.all([connect(tokens.customer), connect(tokens.organization)]);
    const heard = Promise.all([nextUpdate(customer), nextUpdate(organization)]);
    const done = await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id, note: 'Done.' });
    expect(done.status).toBe(200);
    const expected = { reason: 'updated', resourceType: 'appointment', resourceId: id };
    expect(await heard).toEqual([expected, expected]);
  });
});
