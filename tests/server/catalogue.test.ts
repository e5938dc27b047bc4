import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../server/db/schema';
import { DEMO_ADD_ONS, DEMO_BOOKINGS, DEMO_SERVICES, DEMO_ZIP_CODES, demoId, demoPlanId } from '../../server/db/seed';
import { Frequencies, HomeSizes } from '../../src/core/model/service';
import { NO_PRICE_FOR_FREQUENCY, NO_PRICE_FOR_HOME_SIZE, choosePlan, frequencyOptions, planSuggestions, quote } from '../../src/core/rules/pricing';
import { bearer, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
let customer: string;
let vendor: string;
let superToken: string;
beforeAll(async () => {
  server = await startTestServer();
  [customer, vendor, superToken] = await Promise.all([
    login(server.app, 'customer@tendwell.test'),
    login(server.app, 'vendor@tendwell.test'),
    login(server.app, 'super@tendwell.test'),
  ]);
});
afterAll(() => server?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const call = async (method: 'GET' | 'POST', url: string, token: string | null = customer, payload?: Json) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });
  return { status: res.statusCode, body: res.json() as Json };
};

const mowingId = demoId('service:mowing');
const aerationId = demoId('service:aeration');
const snowId = demoId('service:snow');
const DAY = 24 * 60 * 60 * 1000;

describe('services', () => {
  it('visitors and signed-in people see the same active services with their price plans', async () => {
    const anonymous = await call('GET', '/public/services', null);
    const signedIn = await call('GET', '/services');
    expect(anonymous.status).toBe(200);
    expect(signedIn.body).toEqual(anonymous.body);
    const names = (anonymous.body.items as Json[]).map((s) => s.name);
    expect(names).toEqual([...DEMO_SERVICES.filter((s) => s.active !== false).map((s) => s.name), ...DEMO_ADD_ONS.map((a) => a[1]).sort()]);
    expect(names).not.toContain('Snow removal');
    const categories = new Set((anonymous.body.items as Json[]).filter((s) => !s.is_addon).map((s) => s.category.name));
    expect(categories).toEqual(new Set(['Lawn care', 'Trees, hedges and beds']));
  });

  it('filters add-ons and categories', async () => {
    const addOns = await call('GET', '/services?addons=true');
    expect((addOns.body.items as Json[]).map((s) => [s.name, s.is_addon, s.prices[0].value])).toEqual(
      DEMO_ADD_ONS.map(([, name, , price]) => [name, true, price]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const garden = await call('GET', `/services?category=${demoId('category:garden')}`);
    expect((garden.body.items as Json[]).map((s) => s.name)).toEqual(['Hedge trimming']);
    const main = await call('GET', '/services?addons=false');
    expect((main.body.items as Json[]).every((s) => s.is_addon === false)).toBe(true);
  });

  it('prices every home size × frequency of Lawn mowing, each cell its own plan', async () => {
    const res = await call('GET', `/services/${mowingId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Lawn mowing', order_types: ['subscription'], duration: 45, category: { name: 'Lawn care' } });
    const plans = res.body.prices;
    expect(plans).toHaveLength(9);
    const seeded = DEMO_SERVICES.find((s) => s.key === 'mowing')!.prices;
    const values = new Set<number>();
    for (const size of HomeSizes) {
      const perVisit = seeded[size] as Record<string, number>;
      for (const frequency of Frequencies) {
        const choice = choosePlan(plans, size, frequency);
        expect(choice, `${size} ${frequency}`).toEqual({ ok: true, plan: expect.objectContaining({ plan_id: demoPlanId('mowing', size, frequency), value: perVisit[frequency] }) });
        values.add(perVisit[frequency]!);
      }
      // Weekly is the cheapest visit, monthly the dearest.
      expect(perVisit.week! < perVisit.biweek! && perVisit.biweek! < perVisit.month!).toBe(true);
    }
    expect(values.size).toBe(9);
    // Larger homes cost more at every frequency.
    for (const f of Frequencies) expect((seeded.small as Record<string, number>)[f]! < (seeded.medium as Record<string, number>)[f]!).toBe(true);
    // The frequency item and the suggestions read the served plans.
    expect(frequencyOptions(plans, 'small', 'month').find((r) => r.lowest)?.frequency).toBe('week');
    expect(planSuggestions(plans, 'small', 'week')[0]?.message).toBe('Switch to monthly and save $106.67');
  });

  it('prices one-time services by home size only', async () => {
    const res = await call('GET', `/services/${aerationId}`);
    expect(res.body.order_types).toEqual(['onetime']);
    for (const size of HomeSizes) expect(choosePlan(res.body.prices, size)).toMatchObject({ ok: true, plan: { frequency: null } });
    expect(choosePlan(res.body.prices, 'small', 'week')).toEqual({ ok: false, code: 'no_price_for_frequency', message: NO_PRICE_FOR_FREQUENCY });
    expect(choosePlan([], 'small', 'week')).toEqual({ ok: false, code: 'no_price_for_home_size', message: NO_PRICE_FOR_HOME_SIZE });
  });

  it('an inactive service is 404 except for super; an unknown id is 404; a malformed id is 400', async () => {
    expect(await call('GET', `/services/${snowId}`)).toMatchObject({ status: 404, body: { message: 'Service not found' } });
    expect((await call('GET', `/services/${snowId}`, superToken)).body).toMatchObject({ name: 'Snow removal', active: false });
    expect((await call('GET', `/services/${demoId('service:nope')}`)).status).toBe(404);
    expect((await call('GET', '/services/not-an-id')).status).toBe(400);
    expect((await call('GET', `/services/${demoId('addon:gutters')}`, vendor)).body).toMatchObject({ name: 'Gutter clean-out', is_addon: true });
  });

  it("answers 'Not in service area' to a visitor and 'Your selected or default address…' to a signed-in person", async () => {
    expect((await call('GET', '/public/services?zip_code=78701', null)).status).toBe(200);
    expect(await call('GET', '/public/services?zip_code=10001', null)).toMatchObject({ status: 400, body: { message: 'Not in service area', code: 'not_in_service_area' } });
    expect(await call('GET', '/services?zip_code=10001')).toMatchObject({
      status: 400,
      body: { message: 'Your selected or default address is not in our service areas', code: 'address_not_in_service_area' },
    });
    expect((await call('GET', '/public/services?zip_code=abc', null)).status).toBe(400);
  });
});

describe('access', () => {
  it('the signed-in calls refuse visitors; the public ones do not need a token', async () => {
    for (const url of ['/services', `/services/${mowingId}`, '/zip-codes', `/coupons/validate/WELCOME10/${mowingId}`]) {
      expect(await call('GET', url, null), url).toMatchObject({ status: 401, body: { message: 'User token authentication failed' } });
      expect((await call('GET', url, vendor)).status, url).toBe(200);
    }
    expect((await call('GET', '/public/tax-rates?postalCode=78701', null)).status).toBe(200);
    expect((await call('POST', '/public/validate/address', null, { address: { street_number: '1', street: 'Main St', city: 'Austin', state: 'TX', postal_code: '78701' } })).status).toBe(200);
  });
});

describe('ZIP codes and taxes', () => {
  it('lists the service area with time zones in at least two zones', async () => {
    const res = await call('GET', '/zip-codes');
    expect(res.body.items).toHaveLength(DEMO_ZIP_CODES.length);
    expect(res.body.items).toContainEqual({ zip_code: '62701', city: 'Springfield', state: 'IL', serviced: true, time_zone: 'America/Chicago' });
    expect(new Set((res.body.items as Json[]).map((z) => z.time_zone)).size).toBeGreaterThanOrEqual(2);
    const colorado = await call('GET', '/zip-codes?state=CO');
    expect((colorado.body.items as Json[]).every((z) => z.time_zone === 'America/Denver')).toBe(true);
    expect((await call('GET', '/zip-codes?serviced=false')).body.items).toEqual([]);
  });

  it('every service-area ZIP code has a tax rate; rounding is half-up to the cent', async () => {
    for (const [zip, , state, , bps] of DEMO_ZIP_CODES) {
      const res = await call('GET', `/public/tax-rates?postalCode=${zip}`, null);
      expect(res.body).toEqual({ postalCode: zip, state, rate: bps / 100, rate_basis_points: bps });
    }
    const austin = await call('GET', '/public/tax-rates?postalCode=78701-1234', null);
    expect(austin.body.rate).toBe(8.25);
    // $10.00 at 8.25 % is 82.5 cents of tax: the customer pays 83.
    expect(quote(1000, 0, austin.body.rate_basis_points).tax).toBe(83);
    expect(await call('GET', '/public/tax-rates?postalCode=10001', null)).toMatchObject({ status: 404, body: { message: 'Not in service area' } });
    expect((await call('GET', '/public/tax-rates', null)).status).toBe(400);
  });
});

describe('coupons', () => {
  it('answers the terms of a code that applies, whatever its case', async () => {
    expect((await call('GET', `/coupons/validate/welcome10/${mowingId}`)).body).toMatchObject({ code: 'WELCOME10', valid: true, percent_off: 10, duration: 'once' });
    expect((await call('GET', `/coupons/validate/SPRING5/${mowingId}`)).body).toMatchObject({ amount_off: 500, duration: 'repeating', duration_in_months: 3 });
    expect((await call('GET', `/coupons/validate/LOYAL15/${mowingId}`)).body).toMatchObject({ percent_off: 15, duration: 'forever' });
    expect((await call('GET', `/coupons/validate/AERATE20/${aerationId}`)).body).toMatchObject({ valid: true, percent_off: 20 });
  });

  it('refuses unknown, expired, used-up and other-service codes with a clear message', async () => {
    expect(await call('GET', `/coupons/validate/NOPE/${mowingId}`)).toMatchObject({ status: 404, body: { message: 'Invalid coupon code', code: 'coupon_not_found' } });
    expect(await call('GET', `/coupons/validate/OLD20/${mowingId}`)).toMatchObject({ status: 400, body: { message: 'This coupon has expired', code: 'coupon_expired' } });
    expect(await call('GET', `/coupons/validate/FIRST50/${mowingId}`)).toMatchObject({
      status: 400,
      body: { message: 'This coupon has reached its redemption limit', code: 'coupon_used_up' },
    });
    expect(await call('GET', `/coupons/validate/AERATE20/${mowingId}`)).toMatchObject({
      status: 400,
      body: { message: 'This coupon does not apply to this service', code: 'coupon_not_for_service' },
    });
    expect(await call('GET', `/coupons/validate/WELCOME10/${snowId}`)).toMatchObject({ status: 404, body: { message: 'Service not found' } });
  });

  it('ten unknown codes in an hour stop coupon checks for that account until the hour is over', async () => {
    const start = server.clock.now();
    try {
      const guesser = await login(server.app, 'affiliate@tendwell.test');
      for (let i = 0; i < 10; i++) expect((await call('GET', `/coupons/validate/GUESS${i}/${mowingId}`, guesser)).status).toBe(404);
      expect(await call('GET', `/coupons/validate/WELCOME10/${mowingId}`, guesser)).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
      // Another account is not affected.
      expect((await call('GET', `/coupons/validate/WELCOME10/${mowingId}`, vendor)).status).toBe(200);
      server.clock.advance(61 * 60_000);
      expect((await call('GET', `/coupons/validate/WELCOME10/${mowingId}`, guesser)).status).toBe(200);
    } finally {
      server.clock.set(start);
    }
  });

  it('a code expires when the clock passes its date', async () => {
    const start = server.clock.now();
    try {
      server.clock.advance(119 * DAY);
      expect((await call('GET', `/coupons/validate/SPRING5/${mowingId}`, await login(server.app, 'customer@tendwell.test'))).status).toBe(200);
      server.clock.advance(2 * DAY);
      expect(await call('GET', `/coupons/validate/SPRING5/${mowingId}`, await login(server.app, 'customer@tendwell.test'))).toMatchObject({ status: 400, body: { code: 'coupon_expired' } });
    } finally {
      server.clock.set(start);
    }
  });
});

describe('address validation', () => {
  const address = (fields: Json = {}) => ({ address: { street_number: '12', street: 'Elm Street', city: 'springfield', state: 'IL', postal_code: '62701', ...fields } });

  it('normalises an address in the service area and gives its time zone', async () => {
    const res = await call('POST', '/public/validate/address', null, address({ address_meta: { home_size: 'small' } }));
    expect(res.body).toEqual({
      valid: true,
      inServiceArea: true,
      time_zone: 'America/Chicago',
      address: {
        address_formatted: '12 Elm Street, Springfield, IL 62701',
        street_number: '12',
        street: 'Elm Street',
        unit: null,
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        address_meta: { home_size: 'small' },
      },
    });
    const denver = await call('POST', '/public/validate/address', null, address({ city: 'Denver', state: 'CO', postal_code: '80202' }));
    expect(denver.body.time_zone).toBe('America/Denver');
  });

  it("says 'Not in service area' outside it, and refuses a state that does not match the ZIP code", async () => {
    expect((await call('POST', '/public/validate/address', null, address({ city: 'New York', state: 'NY', postal_code: '10001' }))).body).toEqual({
      valid: true,
      inServiceArea: false,
      address: null,
      time_zone: null,
      message: 'Not in service area',
    });
    expect((await call('POST', '/public/validate/address', null, address({ state: 'TX' }))).body).toMatchObject({ valid: false, inServiceArea: false });
  });

  it('refuses malformed input with 400', async () => {
    expect((await call('POST', '/public/validate/address', null, address({ postal_code: '6270' }))).status).toBe(400);
    expect((await call('POST', '/public/validate/address', null, { address: { street: 'x' } })).status).toBe(400);
    expect((await call('POST', '/public/validate/address', null, { ...address(), extra: 1 })).status).toBe(400);
  });
});

describe('the booking window', () => {
  it("runs from tomorrow to the end of the month after next in the ZIP code's own time zone", async () => {
    const start = server.clock.now();
    try {
      // 06:30 UTC on 1 December: already December in Austin (00:30 CST), still 30 November in Denver (23:30 MST).
      server.clock.set(new Date('2026-12-01T06:30:00.000Z'));
      expect(await server.services.catalogue.bookingWindow('78701')).toEqual({ first: '2026-12-02', last: '2027-02-28', timeZone: 'America/Chicago' });
      expect(await server.services.catalogue.bookingWindow('80202')).toEqual({ first: '2026-12-01', last: '2027-01-31', timeZone: 'America/Denver' });
      // Phoenix keeps standard time all year: in July it is UTC-7 while Denver is UTC-6.
      server.clock.set(new Date('2026-07-31T06:30:00.000Z'));
      expect((await server.services.catalogue.bookingWindow('80202'))?.first).toBe('2026-08-01');
      expect((await server.services.catalogue.bookingWindow('85004'))?.first).toBe('2026-07-31');
      expect(await server.services.catalogue.bookingWindow('10001')).toBeUndefined();
    } finally {
      server.clock.set(start);
    }
  });
});

describe('the demo customer', () => {
  it('has a default address in the service area, with a home size that prices a plan', async () => {
    const [sub] = await server.db.select().from(subscriptions).where(eq(subscriptions.id, DEMO_BOOKINGS.subscription));
    const addressData = sub?.addressData;
    expect(addressData?.postal_code).toBe('62701');
    expect(DEMO_ZIP_CODES.map((z) => z[0])).toContain(addressData?.postal_code);
    const mowing = await call('GET', `/services/${mowingId}`);
    expect(choosePlan(mowing.body.prices, addressData!.address_meta!.home_size!, 'week')).toMatchObject({ ok: true, plan: { plan_id: sub!.planId, value: sub!.price } });
  });
});
