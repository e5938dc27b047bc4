/**
 * The Stripe provider's transfers and payouts (issue 11 "Money") through the official SDK with its HTTP layer
 * stubbed: a transfer to the connected account and a payout made ON the connected account (Stripe-Account header),
 * each with the job's idempotency key, and Stripe's refusals as the port's PaymentProviderError.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../server/adapters/payments/port';
import { createStripeProvider } from '../../server/adapters/payments/stripe';

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly params: URLSearchParams;
  readonly headers: Headers;
}

const fakeStripe = (route: (sent: Sent) => { status?: number; body: object }) => {
  const sent: Sent[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = typeof init?.body === 'string' ? init.body : '';
    const request: Sent = { method: init?.method ?? 'GET', path: url.pathname, params: new URLSearchParams(init?.method === 'GET' ? url.search : body), headers: new Headers(init?.headers as HeadersInit) };
    sent.push(request);
    const { status = 200, body: answer } = route(request);
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  };
  return { provider: createStripeProvider({ secretKey: 'sk_test_fake', httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch) }), sent };
};

describe('Stripe transfers and payouts (SDK with stubbed HTTP)', () => {
  it('a transfer goes to the connected account with the idempotency key and the period as its transfer group', async () => {
    const { provider, sent } = fakeStripe(() => ({ body: { id: 'tr_123', object: 'transfer', amount: 14000, currency: 'usd', destination: 'acct_org' } }));
    const result = await provider.transfer({ destination: 'acct_org', amountCents: 14000, currency: 'usd', description: 'Week of 2026-06-01', group: 'period:2026-06-01', idempotencyKey: 'transfer:org:2026-06-01' });
    expect(result).toEqual({ transferId: 'tr_123', amountCents: 14000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.path).toBe('/v1/transfers');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('transfer:org:2026-06-01');
    expect(sent[0]!.headers.get('stripe-account')).toBeNull();
    expect(Object.fromEntries(sent[0]!.params)).toMatchObject({ amount: '14000', currency: 'usd', destination: 'acct_org', transfer_group: 'period:2026-06-01' });
  });

  it('a payout is created on the connected account (Stripe-Account header) and read back with its arrival day and bank', async () => {
    const payout = { id: 'po_9', object: 'payout', amount: 14000, currency: 'usd', status: 'in_transit', arrival_date: Date.parse('2026-06-10T00:00:00Z') / 1000, destination: 'ba_1', failure_message: null };
    const { provider, sent } = fakeStripe((r) => ({ body: r.method === 'GET' ? { ...payout, status: 'paid', destination: { id: 'ba_1', object: 'bank_account', last4: '6789' } } : payout }));
    expect(await provider.payout({ source: 'acct_org', amountCents: 14000, currency: 'usd', description: 'Payout', idempotencyKey: 'payout:org:2026-06-01' })).toEqual({
      payoutId: 'po_9',
      status: 'in_transit',
      arrivalDate: '2026-06-10',
      bankLast4: null,
      failureMessage: null,
    });
    expect(sent[0]!.path).toBe('/v1/payouts');
    expect(sent[0]!.headers.get('stripe-account')).toBe('acct_org');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('payout:org:2026-06-01');
    expect(await provider.payoutStatus('acct_org', 'po_9')).toMatchObject({ status: 'paid', bankLast4: '6789' });
    expect(sent[1]!.method).toBe('GET');
    expect(sent[1]!.path).toBe('/v1/payouts/po_9');
    expect(sent[1]!.headers.get('stripe-account')).toBe('acct_org');
    expect(sent[1]!.params.get('expand[0]')).toBe('destination');
  });

  it("Stripe's refusal (e.g. insufficient platform balance) is the port's PaymentProviderError with Stripe's message and code", async () => {
    const { provider } = fakeStripe(() => ({ status: 400, body: { error: { type: 'invalid_request_error', code: 'balance_insufficient', message: 'You have insufficient funds in your Stripe account.' } } }));
    const error = await provider
      .transfer({ destination: 'acct_org', amountCents: 100, currency: 'usd', description: 'x', group: 'g', idempotencyKey: 'transfer:x:y' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ message: 'You have insufficient funds in your Stripe account.', code: 'balance_insufficient' });
  });
});
