/**
 * The Stripe provider through the official SDK with its HTTP layer stubbed (the real Stripe servers are
 * out of reach here): the requests it sends (paths, idempotency key, parameters) and how it maps Stripe's
 * answers and card errors into the port's results. Then the webhook on the real server: signatures
 * verified over the raw body, events handled once by id.
 */
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../../server/adapters/payments/stripe';
import { DEMO_BOOKINGS } from '../../server/db/seed';
import { ledgerEntries, paymentWebhookEvents } from '../../server/db/schema';
import { bearer, login, startTestServer, type TestServer } from './harness';

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly params: URLSearchParams;
  readonly headers: Headers;
}

/** A fake Stripe API: records each request and answers from `route`. */
const fakeStripe = (route: (sent: Sent) => { status?: number; body: object }) => {
  const sent: Sent[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = typeof init?.body === 'string' ? init.body : '';
    const request: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      params: new URLSearchParams(init?.method === 'GET' ? url.search : body),
      headers: new Headers(init?.headers as HeadersInit),
    };
    sent.push(request);
    const { status = 200, body: answer } = route(request);
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  };
  const provider = createStripeProvider({ secretKey: 'sk_test_fake', httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch) });
  return { provider, sent };
};

const card = (id: string, brand = 'visa', last4 = '4242') => ({ id, object: 'payment_method', type: 'card', card: { brand, last4, exp_month: 12, exp_year: 2030 } });
const intent = (fields: object) => ({ id: 'pi_123', object: 'payment_intent', amount: 3500, amount_received: 0, currency: 'usd', client_secret: 'pi_123_secret_abc', ...fields });

describe('the Stripe provider (SDK with stubbed HTTP)', () => {
  it('charges with a PaymentIntent confirmed at once, sending the idempotency key as the Idempotency-Key header', async () => {
    const { provider, sent } = fakeStripe(() => ({ body: intent({ status: 'succeeded', amount_received: 3500 }) }));
    const result = await provider.charge({
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      amountCents: 3500,
      currency: 'usd',
      description: 'Lawn mowing',
      idempotencyKey: 'checkout-abc12345',
      metadata: { account_id: 'acc1' },
    });
    expect(result).toEqual({ outcome: 'succeeded', paymentIntentId: 'pi_123', amountCents: 3500 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.path).toBe('/v1/payment_intents');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('checkout-abc12345');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer sk_test_fake');
    expect(Object.fromEntries(sent[0]!.params)).toMatchObject({
      amount: '3500',
      currency: 'usd',
      customer: 'cus_1',
      payment_method: 'pm_1',
      confirm: 'true',
      'metadata[idempotency_key]': 'checkout-abc12345',
      'metadata[account_id]': 'acc1',
    });
  });

  it('maps requires_action to the client secret the browser confirms, and a later retrieve to success', async () => {
    let status = 'requires_action';
    const { provider, sent } = fakeStripe(() => ({ body: intent({ status, amount_received: status === 'succeeded' ? 3500 : 0 }) }));
    const charge = { customerId: 'cus_1', paymentMethodId: 'pm_1', amountCents: 3500, currency: 'usd' as const, description: 'x', idempotencyKey: 'k-12345678' };
    expect(await provider.charge(charge)).toEqual({ outcome: 'requires_action', paymentIntentId: 'pi_123', clientSecret: 'pi_123_secret_abc' });
    status = 'succeeded';
    expect(await provider.confirmAction('pi_123')).toEqual({ outcome: 'succeeded', paymentIntentId: 'pi_123', amountCents: 3500 });
    expect(sent[1]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_123' });
  });

  it('maps a StripeCardError (402) to a decline with its decline code and a plain message', async () => {
    const { provider } = fakeStripe(() => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: intent({ status: 'requires_payment_method' }),
        },
      },
    }));
    const result = await provider.charge({ customerId: 'cus_1', paymentMethodId: 'pm_1', amountCents: 3500, currency: 'usd', description: 'x', idempotencyKey: 'k-22345678' });
    expect(result).toEqual({ outcome: 'declined', paymentIntentId: 'pi_123', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('any other Stripe error is a refusal with Stripe\'s message, never a success', async () => {
    const { provider } = fakeStripe(() => ({ status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such PaymentMethod: 'pm_x'" } } }));
    await expect(provider.detachCard('pm_x')).rejects.toMatchObject({ name: 'PaymentProviderError', code: 'resource_missing', message: "No such PaymentMethod: 'pm_x'" });
  });

  it('saves a card with a SetupIntent (create, confirm with the payment method) and describes it', async () => {
    const { provider, sent } = fakeStripe((req) => {
      if (req.path === '/v1/setup_intents') return { body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret', status: 'requires_payment_method' } };
      if (req.path === '/v1/setup_intents/seti_1/confirm') return { body: { id: 'seti_1', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_9' } };
      if (req.path === '/v1/payment_methods/pm_9') return { body: card('pm_9', 'amex', '0005') };
      return { status: 404, body: { error: { type: 'invalid_request_error', message: `unexpected ${req.path}` } } };
    });
    const setup = await provider.createSetup('cus_1');
    expect(setup).toEqual({ id: 'seti_1', clientSecret: 'seti_1_secret' });
    expect(await provider.confirmSetup(setup.id, 'pm_card_amex')).toEqual({ id: 'pm_9', brand: 'AmericanExpress', last4: '0005', expMonth: 12, expYear: 2030 });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/setup_intents', 'POST /v1/setup_intents/seti_1/confirm', 'GET /v1/payment_methods/pm_9']);
    expect(sent[0]!.params.get('customer')).toBe('cus_1');
    expect(sent[0]!.params.get('usage')).toBe('off_session');
    expect(sent[1]!.params.get('payment_method')).toBe('pm_card_amex');
  });

  it('refunds with the idempotency key, and sets the default card on the customer', async () => {
    const { provider, sent } = fakeStripe((req) =>
      req.path === '/v1/refunds' ? { body: { id: 're_1', object: 'refund', amount: 1000 } } : { body: { id: 'cus_1', object: 'customer' } },
    );
    expect(await provider.refund({ paymentIntentId: 'pi_123', amountCents: 1000, idempotencyKey: 'refund-12345678' })).toEqual({ refundId: 're_1', amountCents: 1000 });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('refund-12345678');
    expect(sent[0]!.params.get('payment_intent')).toBe('pi_123');
    await provider.setDefaultCard('cus_1', 'pm_1');
    expect(sent[1]).toMatchObject({ method: 'POST', path: '/v1/customers/cus_1' });
    expect(sent[1]!.params.get('invoice_settings[default_payment_method]')).toBe('pm_1');
  });
});

describe('connected accounts through Stripe Connect (SDK with stubbed HTTP)', () => {
  it('creates an Express account once per account (idempotency key), then an account_onboarding link with our return and refresh addresses', async () => {
    const { provider, sent } = fakeStripe((r) =>
      r.path === '/v1/accounts'
        ? { body: { id: 'acct_123', object: 'account' } }
        : { body: { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_123/abc', expires_at: 1 } },
    );
    expect(await provider.createConnectedAccount({ accountId: 'org1', email: 'o@example.com', name: 'Maple Works', businessType: 'company' })).toEqual({ id: 'acct_123' });
    expect(sent[0]!.path).toBe('/v1/accounts');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('connected-account-org1');
    expect(Object.fromEntries(sent[0]!.params)).toMatchObject({
      type: 'express',
      country: 'US',
      email: 'o@example.com',
      business_type: 'company',
      'business_profile[name]': 'Maple Works',
      'capabilities[transfers][requested]': 'true',
      'metadata[account_id]': 'org1',
    });
    const link = await provider.onboardingLink({ connectedAccountId: 'acct_123', returnUrl: 'https://app.test/organization/onboarding?code=c&state_key=s', refreshUrl: 'https://app.test/organization/onboarding?onboarding=cancelled' });
    expect(link.url).toBe('https://connect.stripe.com/setup/e/acct_123/abc');
    expect(sent[1]!.path).toBe('/v1/account_links');
    expect(Object.fromEntries(sent[1]!.params)).toEqual({
      account: 'acct_123',
      type: 'account_onboarding',
      return_url: 'https://app.test/organization/onboarding?code=c&state_key=s',
      refresh_url: 'https://app.test/organization/onboarding?onboarding=cancelled',
    });
  });

  it('reads details_submitted and payouts_enabled, and adds the bank account as the external account', async () => {
    const { provider, sent } = fakeStripe((r) =>
      r.method === 'GET'
        ? { body: { id: 'acct_123', object: 'account', details_submitted: true, payouts_enabled: false } }
        : { body: { id: 'ba_1', object: 'bank_account', last4: '6789', bank_name: 'STRIPE TEST BANK', status: 'new' } },
    );
    expect(await provider.retrieveConnectedAccount('acct_123')).toEqual({ id: 'acct_123', detailsSubmitted: true, payoutsEnabled: false });
    expect(sent[0]!.path).toBe('/v1/accounts/acct_123');
    const bank = await provider.setPayoutBankAccount('acct_123', { accountHolderName: 'Maple Works', accountHolderType: 'company', routingNumber: '110000000', accountNumber: '000123456789' });
    expect(bank).toEqual({ last4: '6789', bankName: 'STRIPE TEST BANK', status: 'new' });
    expect(sent[1]!.path).toBe('/v1/accounts/acct_123/external_accounts');
    expect(Object.fromEntries(sent[1]!.params)).toMatchObject({
      'external_account[object]': 'bank_account',
      'external_account[routing_number]': '110000000',
      'external_account[account_number]': '000123456789',
      'external_account[account_holder_type]': 'company',
      default_for_currency: 'true',
    });
  });

  it("a refused account is the provider's refusal with Stripe's message", async () => {
    const { provider } = fakeStripe(() => ({ status: 400, body: { error: { type: 'invalid_request_error', message: 'Connect is not enabled', code: 'platform_api_key_expired' } } }));
    await expect(provider.createConnectedAccount({ accountId: 'x', email: 'x@example.com', name: 'X' })).rejects.toMatchObject({ name: 'PaymentProviderError', message: 'Connect is not enabled' });
  });
});

describe('the Stripe webhook (real server)', () => {
  const secret = 'whsec_test_secret';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: secret });
  });
  afterAll(() => server?.close());

  const event = (id: string, type: string, object: object) => JSON.stringify({ id, object: 'event', type, created: 1780000000, livemode: false, data: { object } });
  const deliver = (payload: string, signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })) =>
    server.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

  const succeeded = event('evt_1', 'payment_intent.succeeded', {
    id: 'pi_web_1',
    object: 'payment_intent',
    amount: 4200,
    amount_received: 4200,
    description: 'Aeration',
    payment_method: 'pm_1',
    metadata: { idempotency_key: 'checkout-webhook-1', account_id: DEMO_BOOKINGS.customer },
  });

  it('refuses a body whose signature does not match (400) and records nothing', async () => {
    const res = await deliver(succeeded, Stripe.webhooks.generateTestHeaderString({ payload: succeeded, secret: 'whsec_wrong' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid webhook signature', code: 'invalid_signature' });
    expect(await server.db.select().from(paymentWebhookEvents)).toHaveLength(0);
  });

  it('payment_intent.succeeded writes the charge to the ledger once, and a replay of the event is a duplicate', async () => {
    const first = await deliver(succeeded);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const replay = await deliver(succeeded);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const rows = await server.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, 'checkout-webhook-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'charge', amount: 4200, provider: 'stripe', providerPaymentIntentId: 'pi_web_1', accountId: DEMO_BOOKINGS.customer });
  });

  it('the sandbox card form is off under Stripe (404)', async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    const payload = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
    const res = await server.app.inject({ method: 'POST', url: '/api/payments/sandbox/payment-methods', headers: bearer(token), payload });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The sandbox is off: payments go through Stripe.', code: 'not_found' });
  });
});
