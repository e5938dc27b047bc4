/**
 * POST appointments (issue 9): a visit booked directly by the customer, the organization (with its own vendor)
 * or support, through the appointment chart (appointment.create) with an audit row, after the vendor's calendar.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, services } from '../../server/db/schema';
import { DEMO_ADDRESSES, DEMO_BOOKINGS, demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const LOGINS = ['super', 'customer', 'vendor', 'organization'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;
const ADDRESS = DEMO_ADDRESSES.find((a) => a.account === 'customer')!.id;
const VENDOR2 = demoId('account:vendor2');
let serviceId = '';

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
  serviceId = (await server.db.select({ id: services.id }).from(services).where(eq(services.name, 'Lawn mowing')))[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const book = async (token: string, fields: Json = {}) => {
  const res: LightMyRequestResponse = await server.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: bearer(token),
    payload: { service_id: serviceId, plan_id: 'mowing-small-week', address_id: ADDRESS, ...fields },
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
// The test clock is Monday 2026-06-01 12:00Z; Springfield IL is UTC-5 in June. vendor@ and vendor2@ work 8 AM–5 PM.
const at = (day: string, hourLocal: number, minute = 0) => `${day}T${String(hourLocal + 5).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

describe('POST appointments', () => {
  it('the customer books a one-time visit with a vendor: 201, pending, with an audit row of appointment.create', async () => {
    const res = await book(tokens.customer, { start_time: at('2026-06-10', 9), vendor_id: DEMO_BOOKINGS.vendor, note: 'Side gate' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      start_time: at('2026-06-10', 9),
      order_data: { type: 'onetime', plan_id: 'mowing-small-week' },
      customer_data: { _id: DEMO_BOOKINGS.customer },
      vendor_data: { _id: DEMO_BOOKINGS.vendor },
      organization_id: DEMO_BOOKINGS.organization,
      price: 3500,
      note: 'Side gate',
    });
    const audit = await server.db.select().from(auditLog).where(and(eq(auditLog.recordId, res.body._id), eq(auditLog.event, 'appointment.create')));
    expect(audit).toHaveLength(1);
  });

  it('409 when the named vendor is not free at that start (its other visit), and nothing is written', async () => {
    const first = await book(tokens.customer, { start_time: at('2026-06-11', 10), vendor_id: DEMO_BOOKINGS.vendor });
    expect(first.status).toBe(201);
    const again = await book(tokens.customer, { start_time: at('2026-06-11', 10), vendor_id: DEMO_BOOKINGS.vendor });
    expect(again).toEqual({ status: 409, body: { message: 'The vendor is not available at this time', code: 'vendor_unavailable' } });
    // Without a vendor, the first free one takes it (vendor2@ is free then).
    const free = await book(tokens.customer, { start_time: at('2026-06-11', 10) });
    expect(free.status).toBe(201);
    expect(free.body.vendor_data._id).toBe(VENDOR2);
  });

  it('400 for a plan the service does not have, a start off the 15-minute slots, a start in the past', async () => {
    expect((await book(tokens.customer, { start_time: at('2026-06-12', 9), plan_id: 'no-such-plan' })).body.code).toBe('no_price_for_home_size');
    expect((await book(tokens.customer, { start_time: at('2026-06-12', 9, 7) })).status).toBe(400);
    expect((await book(tokens.customer, { start_time: '2026-05-01T14:00:00.000Z' })).body.code).toBe('start_time_invalid');
    expect((await book(tokens.customer, { start_time: 'tomorrow' })).status).toBe(400);
  });

  it('403 for a vendor; 404 for an address that is not the customer’s', async () => {
    expect((await book(tokens.vendor, { start_time: at('2026-06-12', 9) })).status).toBe(403);
    expect((await book(tokens.customer, { start_time: at('2026-06-12', 9), address_id: demoId('address:nobody') })).status).toBe(404);
  });

  it('the organization books with one of its own vendors, for a customer it names; support too', async () => {
    expect((await book(tokens.organization, { start_time: at('2026-06-15', 11), vendor_id: VENDOR2 })).body.code).toBe('customer_required');
    expect((await book(tokens.organization, { start_time: at('2026-06-15', 11), customer_id: DEMO_BOOKINGS.customer })).body.code).toBe('vendor_required');
    const org = await book(tokens.organization, { start_time: at('2026-06-15', 11), customer_id: DEMO_BOOKINGS.customer, vendor_id: VENDOR2 });
    expect(org.status).toBe(201);
    expect(org.body).toMatchObject({ vendor_data: { _id: VENDOR2 }, organization_id: DEMO_BOOKINGS.organization });
    const support = await book(tokens.super, { start_time: at('2026-06-15', 13), customer_id: DEMO_BOOKINGS.customer });
    expect(support.status).toBe(201);
  });
});
