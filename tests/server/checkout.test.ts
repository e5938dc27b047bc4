/**
 * Checkout (issue 8): POST subscriptions/new takes the first charge with the request's Idempotency-Key and
 * only then writes the order, the subscription and its first visits. A double submit charges once and answers
 * the same order; a declined card answers the decline in plain words and leaves nothing behind; a card that
 * needs authentication answers what the browser must confirm, and the same request again completes it.
 */
import { count, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { addresses, appointments, ledgerEntries, orders, subscriptions } from '../../server/db/schema';
import { DEMO_ADDRESSES, DEMO_BOOKINGS, demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const tokens: Record<string, string> = {};
const customer = DEMO_BOOKINGS.customer;
const newcustomer = demoId('account:newcustomer');
const austin = DEMO_ADDRESSES[1].id;
const springfield = DEMO_ADDRESSES[0].id;
const mowing = demoId('service:mowing');

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['customer', 'newcustomer', 'super', 'vendor']) tokens[who] = await login(server.app, `${who}@tendwell.test`);
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: { ...(token ? bearer(token) : {}), ...headers } });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};

/** 9:00 AM on 2026-06-10 in Austin (Central time): 14:00 UTC. The test clock starts 2026-06-01 12:00 UTC. */
const START = '2026-06-10T14:00:00.000Z';

const order = (overrides: object = {}) => ({
  service_id: mowing,
  plan_id: 'mowing-medium-biweek',
  frequency: 'biweek',
  home_size: 'medium',
  address_id: austin,
  start_time: START,
  ...overrides,
});

const subscribe = (token: string, key: string, overrides: object = {}) =>
  call('POST', '/subscriptions/new', token, order(overrides), { 'idempotency-key': key });

/** What checkout may leave behind, counted. */
const counts = async () => {
  const [o] = await server.db.select({ n: count() }).from(orders);
  const [s] = await server.db.select({ n: count() }).from(subscriptions);
  const [a] = await server.db.select({ n: count() }).from(appointments);
  const [l] = await server.db.select({ n: count() }).from(ledgerEntries);
  return { orders: o!.n, subscriptions: s!.n, appointments: a!.n, ledger: l!.n };
};

const saveCard = async (token: string, accountId: string, stripe_src: string) => {
  const res = await call('POST', `/customer/${accountId}/billing/update`, token, { stripe_src, customer_id: accountId, make_default: true });
  expect(res.status).toBe(200);
  return res.body.items.find((c: Json) => c.is_default).stripe_src_id as string;
};

/** A fresh address of a customer (each checkout needs one no subscription serves). */
const newAddress = async (accountId: string, postalCode = '78704', state = 'TX', city = 'Austin') => {
  const id = newId();
  await server.db.insert(addresses).values({ id, accountId, streetNumber: '1', street: 'Test Lane', city, state, postalCode, homeSize: 'medium', createdAt: server.clock.now() });
  return id;
};

describe('a customer subscribes (medium biweekly mowing, the saved Visa 4242)', () => {
  let result: Json;

  it('answers 201 with the order, the active subscription and the visits of the next 8 weeks, and charges the card once', async () => {
    const before = await counts();
    const res = await subscribe(tokens.customer!, 'checkout-happy-1');
    expect(res.status).toBe(201);
    result = res.body;
    // 5200 per visit; Austin's tax is 8.25 %: 429 (half-up of 429.0), total 5629.
    expect(result.order).toMatchObject({ type: 'subscription', status: 'paid', customer_id: customer, plan_id: 'mowing-medium-biweek', subtotal: 5200, discount: 0, tax: 429, total: 5629 });
    expect(result.subscription).toMatchObject({ status: 'active', customer_id: customer, frequency: 'biweek', plan_id: 'mowing-medium-biweek', price: 5200, orderId: result.order._id });
    expect(result.subscription.address_data).toMatchObject({ _id: austin, postal_code: '78701' });
    const starts: string[] = result.appointments.map((a: Json) => a.start_time);
    expect(starts[0]).toBe(START);
    expect(Date.parse(starts.at(-1)!) - Date.parse(START)).toBeGreaterThanOrEqual(8 * 7 * 86_400_000);
    // Every visit at 9:00 AM in Austin, two weeks apart.
    for (const start of starts) expect(DateTime.fromISO(start).setZone('America/Chicago').toFormat('ccc HH:mm')).toBe('Wed 09:00');
    expect(result.appointments.every((a: Json) => a.status === 'pending' && a.subscription_id === result.subscription._id)).toBe(true);
    expect(result.order.appointment_ids).toEqual(result.appointments.map((a: Json) => a._id));
    const after = await counts();
    expect(after).toEqual({ orders: before.orders + 1, subscriptions: before.subscriptions + 1, appointments: before.appointments + starts.length, ledger: before.ledger + 1 });
    const [charge] = await server.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, 'checkout:checkout-happy-1'));
    expect(charge).toMatchObject({ kind: 'charge', amount: 5629, accountId: customer, cardLast4: '4242' });
  });

  it('the same request again (a double click, a retry) charges nothing more and answers the same order', async () => {
    const before = await counts();
    const again = await subscribe(tokens.customer!, 'checkout-happy-1');
    expect(again.status).toBe(201);
    expect(again.body.order._id).toBe(result.order._id);
    expect(again.body.subscription._id).toBe(result.subscription._id);
    expect(await counts()).toEqual(before);
  });

  it('the order success screen reads the order; another customer gets 404', async () => {
    const mine = await call('GET', `/services/order/${result.order._id}`, tokens.customer);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ _id: result.order._id, total: 5629, subscription_id: result.subscription._id });
    expect((await call('GET', `/services/order/${result.order._id}`, tokens.newcustomer)).status).toBe(404);
    expect((await call('GET', `/services/order/${result.order._id}`, tokens.vendor)).status).toBe(403);
    expect((await call('GET', `/services/order/${result.order._id}`, tokens.super)).status).toBe(200);
  });

  it("a second subscription on the same address gets the spec's refusal, and charges nothing", async () => {
    const before = await counts();
    const res = await subscribe(tokens.customer!, 'checkout-attached-1', { start_time: '2026-06-11T14:00:00.000Z' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Selected Address is already attached to a different subscription', code: 'address_attached' } });
    const seeded = await subscribe(tokens.customer!, 'checkout-attached-2', { address_id: springfield, home_size: 'small', plan_id: 'mowing-small-biweek' });
    expect(seeded.body.message).toBe('Selected Address is already attached to a different subscription');
    expect(await counts()).toEqual(before);
  });
});

describe('two submits at once with one key', () => {
  it('charge once and make one order', async () => {
    const address = await newAddress(customer);
    const before = await counts();
    const [a, b] = await Promise.all([
      subscribe(tokens.customer!, 'checkout-twin-1', { address_id: address }),
      subscribe(tokens.customer!, 'checkout-twin-1', { address_id: address }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.order._id).toBe(b.body.order._id);
    const after = await counts();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.subscriptions).toBe(before.subscriptions + 1);
    expect(after.ledger).toBe(before.ledger + 1);
  });
});

describe('refusals before any money moves', () => {
  it('a declined card: the decline in plain words, and no order, subscription, appointment or charge', async () => {
    const address = await newAddress(newcustomer, '80203', 'CO', 'Denver');
    await saveCard(tokens.newcustomer!, newcustomer, 'pm_card_chargeDeclined');
    const before = await counts();
    const res = await subscribe(tokens.newcustomer!, 'checkout-declined-1', { address_id: address, start_time: '2026-06-10T15:00:00.000Z' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' } });
    expect(await counts()).toEqual(before);
    // Insufficient funds says so.
    await saveCard(tokens.newcustomer!, newcustomer, 'pm_card_chargeDeclinedInsufficientFunds');
    const poor = await subscribe(tokens.newcustomer!, 'checkout-declined-2', { address_id: address, start_time: '2026-06-10T15:00:00.000Z' });
    expect(poor.body).toMatchObject({ message: 'Your card has insufficient funds.', code: 'card_declined' });
    expect(await counts()).toEqual(before);
  });

  it('a card that needs authentication: the client secret to confirm, then the same request completes (one charge)', async () => {
    const address = await newAddress(newcustomer, '80204', 'CO', 'Denver');
    await saveCard(tokens.newcustomer!, newcustomer, 'pm_card_authenticationRequired');
    const before = await counts();
    const first = await subscribe(tokens.newcustomer!, 'checkout-3ds-1', { address_id: address, start_time: '2026-06-10T15:00:00.000Z' });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 'payment_requires_action', payment_intent_id: expect.any(String), client_secret: expect.stringContaining('_secret_') });
    expect(await counts()).toEqual(before);
    // The browser confirms with the client secret (the sandbox needs no browser step), then sends the request again.
    const second = await subscribe(tokens.newcustomer!, 'checkout-3ds-1', { address_id: address, start_time: '2026-06-10T15:00:00.000Z' });
    expect(second.status).toBe(201);
    const after = await counts();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.ledger).toBe(before.ledger + 1);
    // Denver 80204: 8.81 % of 5200 = 458.12 → 458.
    expect(second.body.order).toMatchObject({ subtotal: 5200, tax: 458, total: 5658 });
  });

  it('no card: "Customer does not have a card attached"', async () => {
    const res = await subscribe(tokens.super!, 'checkout-nocard-1', { customer_id: demoId('account:multi-customer'), address_id: await newAddress(demoId('account:multi-customer')) });
    expect(res).toMatchObject({ status: 400, body: { message: 'Customer does not have a card attached', code: 'no_card_attached' } });
  });

  it('an address outside the service area: "Not in service area"', async () => {
    const address = await newAddress(customer, '10001', 'NY', 'New York');
    const res = await subscribe(tokens.customer!, 'checkout-area-1', { address_id: address });
    expect(res).toMatchObject({ status: 400, body: { message: 'Not in service area', code: 'not_in_service_area' } });
  });

  it('a plan that is not the price of the home size and frequency, a past start, a start off the slots, a bad coupon', async () => {
    const address = await newAddress(customer);
    const before = await counts();
    expect((await subscribe(tokens.customer!, 'checkout-bad-1', { address_id: address, plan_id: 'mowing-small-week' })).body.code).toBe('plan_mismatch');
    expect((await subscribe(tokens.customer!, 'checkout-bad-2', { address_id: address, start_time: '2026-05-30T14:00:00.000Z' })).body.code).toBe('start_time_invalid');
    expect((await subscribe(tokens.customer!, 'checkout-bad-3', { address_id: address, start_time: '2026-06-10T14:07:00.000Z' })).body.code).toBe('start_time_invalid');
    expect((await subscribe(tokens.customer!, 'checkout-bad-4', { address_id: address, start_time: '2026-06-11T02:00:00.000Z' })).body.code).toBe('start_time_invalid');
    expect((await subscribe(tokens.customer!, 'checkout-bad-5', { address_id: address, promo_code: 'OLD20' })).body.code).toBe('coupon_expired');
    expect((await subscribe(tokens.customer!, 'checkout-bad-6', { address_id: address, promo_code: 'NOPE' })).body.code).toBe('coupon_not_found');
    expect((await subscribe(tokens.customer!, 'checkout-bad-7', { address_id: newId() })).status).toBe(404);
    expect((await call('POST', '/subscriptions/new', tokens.customer, order({ address_id: address }))).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("a customer cannot subscribe another customer's address, nor name another customer", async () => {
    expect((await subscribe(tokens.newcustomer!, 'checkout-own-1', { address_id: austin })).status).toBe(404);
    expect((await subscribe(tokens.customer!, 'checkout-own-2', { customer_id: newcustomer })).status).toBe(404);
    expect((await subscribe(tokens.vendor!, 'checkout-own-3')).status).toBe(403);
  });
});

describe('coupon and staff', () => {
  it('WELCOME10 takes 10 % off the first charge, before tax', async () => {
    const address = await newAddress(customer, '78745');
    const res = await subscribe(tokens.customer!, 'checkout-coupon-1', { address_id: address, promo_code: 'welcome10' });
    expect(res.status).toBe(201);
    // 5200 − 520 = 4680; tax 8.25 % = 386.1 → 386; total 5066.
    expect(res.body.order).toMatchObject({ subtotal: 5200, discount: 520, tax: 386, total: 5066, promo_code: 'WELCOME10' });
  });

  it('super subscribes a customer by customer_id; the customer reads the order', async () => {
    const address = await newAddress(customer, '78746');
    const res = await subscribe(tokens.super!, 'checkout-staff-1', { customer_id: customer, address_id: address, frequency: 'month', plan_id: 'mowing-medium-month' });
    expect(res.status).toBe(201);
    expect(res.body.subscription.customer_id).toBe(customer);
    // Monthly: the 10th of June, July and August (the first visit at least 8 weeks ahead), 9:00 AM.
    expect(res.body.appointments.map((a: Json) => DateTime.fromISO(a.start_time).setZone('America/Chicago').toFormat('MM-dd HH:mm'))).toEqual(['06-10 09:00', '07-10 09:00', '08-10 09:00']);
    expect((await call('GET', `/services/order/${res.body.order._id}`, tokens.customer)).status).toBe(200);
  });

  it("a booking with a chosen vendor belongs to the vendor's organization too: the organization sees its visits waiting", async () => {
    const address = await newAddress(customer, '78702');
    const res = await subscribe(tokens.customer!, 'checkout-vendor-1', { address_id: address, vendor_id: DEMO_BOOKINGS.vendor });
    expect(res.status).toBe(201);
    const visits = await server.db.select().from(appointments).where(eq(appointments.subscriptionId, res.body.subscription._id));
    expect(visits.length).toBeGreaterThan(0);
    for (const visit of visits) {
      expect(visit.vendorAccountId).toBe(DEMO_BOOKINGS.vendor);
      expect(visit.organizationAccountId).toBe(DEMO_BOOKINGS.organization);
    }
    const organization = await login(server.app, 'organization@tendwell.test');
    const waiting = await call('GET', `/appointments?status=pending&subscription_id=${res.body.subscription._id}`, organization);
    expect(waiting.status).toBe(200);
    expect(waiting.body.total).toBe(visits.length);
  });
});

describe('the account after checkout', () => {
  it('a customer who booked is onboarded (meta.initialSetup), and GET customers/{id} lists its addresses', async () => {
    const res = await call('GET', `/customers/${newcustomer}`, tokens.newcustomer);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ initialSetup: true });
    expect(res.body.address.map((a: Json) => a._id)).toContain(DEMO_ADDRESSES[2].id);
    expect(res.body.payment_info).toMatchObject({ has_card: true });
    expect((await call('GET', `/customers/${customer}`, tokens.newcustomer)).status).toBe(404);
  });

  it('addresses: add one in the service area (the default when asked), refuse one outside it, keep one a subscription serves', async () => {
    const added = await call('PUT', `/account/update-address/${newcustomer}`, tokens.newcustomer, {
      account_type: 'customer',
      is_default: true,
      address: { street_number: '77', street: 'Larimer Street', city: 'Denver', state: 'CO', postal_code: '80205', address_meta: { home_size: 'small' } },
    });
    expect(added.status).toBe(200);
    const mine = added.body.address.find((a: Json) => a.street === 'Larimer Street');
    expect(mine).toMatchObject({ is_default: true, address_meta: { home_size: 'small' } });
    expect(added.body.address.filter((a: Json) => a.is_default)).toHaveLength(1);
    const outside = await call('PUT', `/account/update-address/${newcustomer}`, tokens.newcustomer, {
      account_type: 'customer',
      address: { street_number: '1', street: 'Broadway', city: 'New York', state: 'NY', postal_code: '10001' },
    });
    expect(outside).toMatchObject({ status: 400, body: { message: 'Your selected or default address is not in our service areas' } });
    const served = await call('PUT', `/account/delete-address/${customer}`, tokens.customer, { account_type: 'customer', address_id: austin });
    expect(served).toMatchObject({ status: 409, body: { message: 'Selected Address is already attached to a different subscription' } });
    const removed = await call('PUT', `/account/delete-address/${newcustomer}`, tokens.newcustomer, { account_type: 'customer', address_id: mine._id });
    expect(removed.status).toBe(200);
    expect(removed.body.address.some((a: Json) => a._id === mine._id)).toBe(false);
    expect((await call('PUT', `/account/delete-address/${customer}`, tokens.newcustomer, { account_type: 'customer', address_id: austin })).status).toBe(404);
  });
});
