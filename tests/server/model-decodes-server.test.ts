import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Schema from 'effect/Schema';
import { Appointment } from '../../src/core/model/appointment';
import { Subscription, SubscriptionList } from '../../src/core/model/subscription';
import { PageOf } from '../../src/core/model/common';
import { Coupon, Service, TaxRate, ZipCodeEntry } from '../../src/core/model/service';
import { BillingHistoryEntry, BillingSourceList } from '../../src/core/model/billing';
import { DEMO_BOOKINGS } from '../../server/db/seed';
import { type TestServer, bearer, login, startTestServer } from './harness';

/** The core's entity schemas decode what the reference server really sends (not only the contract's samples). */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app, 'customer@tendwell.test');
});
afterAll(() => server?.close());

const get = async (url: string): Promise<unknown> => {
  const res = await server.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('the model decodes the reference server', () => {
  it("a customer's appointments", async () => {
    const page = Schema.decodeUnknownSync(PageOf(Appointment))(await get('/appointments'));
    expect(page.items.length).toBeGreaterThan(0);
    const one = Schema.decodeUnknownSync(Appointment)(await get(`/appointments/${page.items[0]!._id}`));
    expect(one._id).toBe(page.items[0]!._id);
  });

  it("a customer's subscriptions", async () => {
    const list = Schema.decodeUnknownSync(SubscriptionList)(await get('/subscriptions'));
    expect(list.items.length).toBeGreaterThan(0);
    expect(Schema.decodeUnknownSync(Subscription)(await get(`/subscriptions/${list.items[0]!._id}`)).status).toBeDefined();
  });

  it('the catalogue: services, coupons, tax rates and ZIP codes', async () => {
    const services = Schema.decodeUnknownSync(Schema.Struct({ items: Schema.Array(Service) }))(await get('/services'));
    expect(services.items.find((s) => s.name === 'Lawn mowing')?.prices).toHaveLength(9);
    const mowing = services.items.find((s) => s.name === 'Lawn mowing')!;
    expect(Schema.decodeUnknownSync(Service)(await get(`/services/${mowing._id}`)).name).toBe('Lawn mowing');
    expect(Schema.decodeUnknownSync(Coupon)(await get(`/coupons/validate/LOYAL15/${mowing._id}`)).duration).toBe('forever');
    expect(Schema.decodeUnknownSync(TaxRate)(await get('/public/tax-rates?postalCode=80202')).rate_basis_points).toBe(881);
    const zips = Schema.decodeUnknownSync(Schema.Struct({ items: Schema.Array(ZipCodeEntry) }))(await get('/zip-codes'));
    expect(zips.items.some((z) => z.time_zone === 'America/Phoenix')).toBe(true);
  });

  it("a customer's cards and billing history", async () => {
    const cards = Schema.decodeUnknownSync(BillingSourceList)(await get(`/customer/${DEMO_BOOKINGS.customer}/billing/list`));
    expect(cards.items.map((c) => [c.brand, c.last4, c.is_default])).toEqual([['Visa', '4242', true]]);
    await server.services.charges.charge({ customerId: DEMO_BOOKINGS.customer, amountCents: 3500, description: 'Lawn mowing', idempotencyKey: 'model-decodes-1' });
    const history = Schema.decodeUnknownSync(Schema.Struct({ items: Schema.Array(BillingHistoryEntry) }))(
      await get(`/customer/${DEMO_BOOKINGS.customer}/billing/history`),
    );
    expect(history.items.map((e) => [e.status, e.amount, e.card?.brand])).toEqual([['succeeded', 3500, 'Visa']]);
  });
});
