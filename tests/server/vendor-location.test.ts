/**
 * POST location/ping (issue 9): the vendor shares its position while it works; the last one replaces the one
 * before, with the server's time; its organization and staff read it on the appointment, the customer never.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../server/db/ids';
import { appointments, vendorLocations } from '../../server/db/schema';
import { demoAppointmentRecord, demoId } from '../../server/db/seed';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const LOGINS = ['super', 'customer', 'vendor', 'vendor2', 'organization', 'pending-organization'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;
const VENDOR = demoId('account:vendor');

beforeAll(async () => {
  server = await startTestServer();
  // pending-organization@ is "another organization" here: approved, so its calls reach the ownership checks.
  await approvePendingOrganization(server.app);
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(async () => {
  await server?.close();
});

const call = async (method: 'GET' | 'POST', path: string, token: string, payload?: object) => {
  const res: LightMyRequestResponse = await server.app.inject({ method, url: `/api${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const visit = async (fields: Partial<typeof appointments.$inferInsert> = {}) => {
  const id = newId();
  const start = new Date(server.clock.now().getTime() + 3_600_000);
  await server.db.insert(appointments).values(demoAppointmentRecord({ id, status: 'active', startTime: start, createdAt: server.clock.now(), ...fields }));
  return id;
};
const stored = async () => (await server.db.select().from(vendorLocations).where(eq(vendorLocations.vendorAccountId, VENDOR)))[0];

describe('POST location/ping', () => {
  it('stores the vendor’s last position with the server’s time, replacing the one before', async () => {
    const id = await visit();
    const first = await call('POST', '/location/ping', tokens.vendor, { lat: 39.7817, lng: -89.6501, accuracy: 12, appointment_id: id });
    expect(first).toEqual({ status: 200, body: { success: true } });
    const second = await call('POST', '/location/ping', tokens.vendor, { lat: 39.79, lng: -89.64, at: '2020-01-01T00:00:00.000Z' });
    expect(second.status).toBe(200);
    const row = await stored();
    expect({ lat: row?.lat, lng: row?.lng, accuracy: row?.accuracy, appointmentId: row?.appointmentId }).toEqual({ lat: 39.79, lng: -89.64, accuracy: null, appointmentId: null });
    // The browser's own time is not trusted: the server's clock stamps it.
    expect(row?.at.toISOString()).toBe(server.clock.now().toISOString());
  });

  it('answers 400 for coordinates out of range or missing, and stores nothing new', async () => {
    await call('POST', '/location/ping', tokens.vendor, { lat: 10, lng: 10 });
    for (const body of [{ lat: 91, lng: 0 }, { lat: 0, lng: -180.5 }, { lat: '39.7', lng: 0 }, { lng: 0 }, { lat: 0, lng: 0, accuracy: -1 }]) {
      const res = await call('POST', '/location/ping', tokens.vendor, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await stored())?.lat).toBe(10);
  });

  it('answers 403 to every role but the vendor', async () => {
    for (const who of ['customer', 'organization', 'super'] as const) {
      expect((await call('POST', '/location/ping', tokens[who], { lat: 1, lng: 1 })).status, who).toBe(403);
    }
  });

  it('answers 404 for another vendor’s visit and 409 for a visit that is not open', async () => {
    const others = await visit({ vendorAccountId: demoId('account:vendor2') });
    expect((await call('POST', '/location/ping', tokens.vendor, { lat: 1, lng: 1, appointment_id: others })).status).toBe(404);
    const done = await visit({ status: 'complete' });
    const refused = await call('POST', '/location/ping', tokens.vendor, { lat: 1, lng: 1, appointment_id: done });
    expect(refused).toEqual({ status: 409, body: { message: expect.stringContaining('The visit is not open'), code: 'visit_not_open' } });
  });

  it('the organization and super see the last position on the appointment; the customer and another organization do not', async () => {
    const id = await visit();
    await call('POST', '/location/ping', tokens.vendor, { lat: 39.8, lng: -89.6, accuracy: 5, appointment_id: id });
    const own = await call('GET', `/appointments/${id}`, tokens.organization);
    expect(own.body.vendor_location).toEqual({ lat: 39.8, lng: -89.6, accuracy: 5, appointment_id: id, at: server.clock.now().toISOString() });
    expect((await call('GET', `/appointments/${id}`, tokens.super)).body.vendor_location).toMatchObject({ lat: 39.8, lng: -89.6 });
    const customer = await call('GET', `/appointments/${id}`, tokens.customer);
    expect(customer.status).toBe(200);
    expect(customer.body.vendor_location).toBeUndefined();
    expect((await call('GET', `/appointments/${id}`, tokens['pending-organization'])).status).toBe(404);
  });
});
