/**
 * The customer billing calls on the real server and database (sandbox provider, the embedded default):
 * cards saved through a SetupIntent, listed, replaced, made default and removed; the sandbox card form;
 * ownership; the history of charges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId, DEMO_BOOKINGS } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const tokens: Record<string, string> = {};
const customer = DEMO_BOOKINGS.customer;
const newcustomer = demoId('account:newcustomer');

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['customer', 'newcustomer', 'super', 'vendor']) tokens[who] = await login(server.app, `${who}@tendwell.test`);
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const cards = (id: string, token: string) => call('GET', `/customer/${id}/billing/list`, token);
const save = (id: string, token: string, stripe_src: string, extra: object = {}) =>
  call('POST', `/customer/${id}/billing/update`, token, { stripe_src, customer_id: id, ...extra });
const typed = (number: string, extra: object = {}) =>
  call('POST', '/payments/sandbox/payment-methods', tokens.newcustomer, { number, exp_month: 12, exp_year: 2030, cvc: '123', ...extra });

describe('the demo customer', () => {
  it('has the sandbox Visa 4242 saved as its default card', async () => {
    const res = await cards(customer, tokens.customer!);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { stripe_src_id: 'pm_sandbox_demo_customer_visa', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number), is_default: true },
    ]);
    expect(res.body.default_source_id).toBe('pm_sandbox_demo_customer_visa');
  });
});

describe('the sandbox card form', () => {
  it('turns a typed test card into a pm_sandbox_ payment method with its brand, last four and expiry', async () => {
    const res = await typed('3782 822463 10005', { cvc: '1234', exp_month: 4, exp_year: 29 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^pm_sandbox_/), brand: 'AmericanExpress', last4: '0005', exp_month: 4, exp_year: 2029 });
  });

  it('refuses a number failing the Luhn check, an unknown number, a past expiry and a bad security code, with clear messages', async () => {
    expect(await typed('4242 4242 4242 4241')).toEqual({ status: 400, body: { message: 'Your card number is invalid.', code: 'invalid_number' } });
    expect((await typed('4111 1111 1111 1111')).body.message).toMatch(/sandbox test card numbers/);
    // The test clock is in 2026: January 2026 is past.
    expect(await typed('4242424242424242', { exp_month: 1, exp_year: 2026 })).toEqual({ status: 400, body: { message: 'Your card has expired.', code: 'invalid_expiry' } });
    expect(await typed('4242424242424242', { cvc: '12' })).toEqual({ status: 400, body: { message: "Your card's security code is invalid.", code: 'invalid_cvc' } });
    expect((await typed('4242424242424242', { exp_month: 13 })).status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await call('POST', '/payments/sandbox/payment-methods', undefined, { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' })).status).toBe(401);
  });
});

describe('saving, replacing, defaulting and removing cards', () => {
  it('a new customer saves a typed card; the first card is the default', async () => {
    expect((await cards(newcustomer, tokens.newcustomer!)).body).toEqual({ items: [], default_source_id: null });
    const pm = (await typed('5555 5555 5555 4444')).body.id as string;
    const res = await save(newcustomer, tokens.newcustomer!, pm);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([{ stripe_src_id: pm, brand: 'Mastercard', last4: '4444', exp_month: 12, exp_year: 2030, is_default: true }]);
  });

  it("Stripe's test ids are accepted too; make_default false keeps the default", async () => {
    const res = await save(newcustomer, tokens.newcustomer!, 'pm_card_visa', { make_default: false });
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: Json) => [c.brand, c.last4, c.is_default])).toEqual([
      ['Mastercard', '4444', true],
      ['Visa', '4242', false],
    ]);
  });

  it('set default moves the flag; existingStripeSrc replaces that card', async () => {
    const visa = (await cards(newcustomer, tokens.newcustomer!)).body.items[1].stripe_src_id as string;
    const defaulted = await call('PUT', `/customer/${newcustomer}/billing/default`, tokens.newcustomer, { stripe_src_id: visa });
    expect(defaulted.body.default_source_id).toBe(visa);
    const replaced = await save(newcustomer, tokens.newcustomer!, 'pm_card_amex', { existingStripeSrc: visa, make_default: false });
    expect(replaced.status).toBe(200);
    expect(replaced.body.items.map((c: Json) => [c.brand, c.is_default])).toEqual([
      ['AmericanExpress', true],
      ['Mastercard', false],
    ]);
  });

  it('remove forgets the card (the default passes to a remaining card); an unknown card is 404', async () => {
    const before = (await cards(newcustomer, tokens.newcustomer!)).body.items as Json[];
    const res = await call('PUT', `/customer/${newcustomer}/billing/remove`, tokens.newcustomer, { stripe_src_id: before[0]!.stripe_src_id });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([expect.objectContaining({ brand: 'Mastercard', is_default: true })]);
    // Detached at the provider: it cannot be saved again.
    expect((await save(newcustomer, tokens.newcustomer!, before[0]!.stripe_src_id as string)).body.message).toMatch(/No such PaymentMethod/);
    expect(await call('PUT', `/customer/${newcustomer}/billing/remove`, tokens.newcustomer, { stripe_src_id: 'pm_sandbox_nope' })).toEqual({
      status: 404,
      body: { message: 'Card not found', code: 'not_found' },
    });
  });

  it("the only card of a customer with an active subscription stays (409), and the list is unchanged", async () => {
    const res = await call('PUT', `/customer/${customer}/billing/remove`, tokens.customer, { stripe_src_id: 'pm_sandbox_demo_customer_visa' });
    expect(res).toEqual({ status: 409, body: { message: 'The only card of a customer with an active subscription cannot be removed', code: 'last_card' } });
    expect((await cards(customer, tokens.customer!)).body.items).toHaveLength(1);
  });

  it('an unknown payment method is refused with 400 and nothing is saved', async () => {
    const res = await save(customer, tokens.customer!, 'pm_sandbox_doesnotexist');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/No such PaymentMethod/);
    expect((await cards(customer, tokens.customer!)).body.items).toHaveLength(1);
  });

  it("another customer's saved card cannot be saved by someone else", async () => {
    const res = await save(newcustomer, tokens.newcustomer!, 'pm_sandbox_demo_customer_visa');
    expect(res.status).toBe(400);
    expect((await cards(newcustomer, tokens.newcustomer!)).body.items.map((c: Json) => c.stripe_src_id)).not.toContain('pm_sandbox_demo_customer_visa');
  });

  it('customer_id must be the customer of the path', async () => {
    const res = await call('POST', `/customer/${customer}/billing/update`, tokens.customer, { stripe_src: 'pm_card_visa', customer_id: newcustomer });
    expect(res.status).toBe(400);
  });
});

describe('ownership', () => {
  it("a customer neither reads nor changes another customer's cards", async () => {
    expect((await cards(customer, tokens.newcustomer!)).status).toBe(404);
    expect((await call('GET', `/customer/${customer}/billing/history`, tokens.newcustomer)).status).toBe(404);
    expect((await save(customer, tokens.newcustomer!, 'pm_card_visa')).status).toBe(404);
    expect((await call('PUT', `/customer/${customer}/billing/default`, tokens.newcustomer, { stripe_src_id: 'pm_sandbox_demo_customer_visa' })).status).toBe(404);
    expect((await cards(customer, tokens.customer!)).body.items).toHaveLength(1);
  });

  it('super reads any customer\'s cards but changes none; a vendor gets 403', async () => {
    expect((await cards(customer, tokens.super!)).body.items).toHaveLength(1);
    expect((await save(customer, tokens.super!, 'pm_card_visa')).status).toBe(403);
    expect((await cards(customer, tokens.vendor!)).status).toBe(403);
  });
});

describe('history', () => {
  it('lists the charges and refunds of the ledger, newest first, with the card', async () => {
    const charged = await server.services.charges.charge({ customerId: customer, amountCents: 4500, description: 'Lawn mowing', idempotencyKey: 'history-test-1' });
    expect(charged.outcome).toBe('succeeded');
    if (charged.outcome !== 'succeeded') return;
    server.clock.advance(60_000);
    await server.services.charges.refund({ chargeEntryId: charged.entry.id, amountCents: 1000, idempotencyKey: 'history-refund-1' });
    const res = await call('GET', `/customer/${customer}/billing/history`, tokens.customer);
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: Json) => [e.status, e.amount, e.card?.last4])).toEqual([
      ['refunded', 1000, '4242'],
      ['succeeded', 4500, '4242'],
    ]);
    expect(res.body.items[1]).toMatchObject({ description: 'Lawn mowing', currency: 'usd', paymentIntentId: expect.stringMatching(/^pi_sandbox_/) });
  });
});
