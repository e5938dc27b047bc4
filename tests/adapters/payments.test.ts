import { afterEach, describe, expect, it, vi } from 'vitest';
import { Effect } from 'effect';
import { createPayments } from '../../src/adapters/payments/choose';
import { createStripePayments } from '../../src/adapters/payments/stripe';
import { CardError } from '../../src/core/ports/payments';
import { failureOf, json, testClient } from './http/fake-fetch';

/**
 * The browser's payments adapters: the sandbox path sends the card form to the sandbox endpoint and never
 * imports Stripe.js; the Stripe path loads Stripe.js only when first used.
 */

const stripeJsImported = vi.hoisted(() => ({ count: 0 }));
vi.mock('@stripe/stripe-js', () => {
  stripeJsImported.count++;
  return { loadStripe: vi.fn(async () => null) };
});

// The count is never reset: a static import of @stripe/stripe-js anywhere on the sandbox path would already
// have counted when this file loaded, and the sandbox tests (which run first) would see it.
afterEach(() => vi.clearAllMocks());

const details = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

describe('the sandbox path (no publishable key)', () => {
  it('sends the typed card to POST /payments/sandbox/payment-methods and answers the payment method', async () => {
    const { http, requests } = testClient(() => json(201, { id: 'pm_sandbox_abc', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 }));
    const payments = createPayments({ http, publishableKey: undefined });
    expect(payments.provider).toBe('sandbox');
    const method = await Effect.runPromise(payments.createPaymentMethod({ kind: 'details', details }));
    expect(method).toEqual({ id: 'pm_sandbox_abc', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(requests.map((r) => [r.method, r.url.pathname, r.body])).toEqual([['POST', '/api/payments/sandbox/payment-methods', details]]);
    await Effect.runPromise(payments.confirmAction('pi_sandbox_1_secret_x'));
    expect(stripeJsImported.count).toBe(0);
  });

  it("a refused card is a CardError with the server's message", async () => {
    const { http } = testClient(() => json(400, { message: 'Your card number is invalid.', code: 'invalid_number' }));
    const failure = await failureOf(createPayments({ http }).createPaymentMethod({ kind: 'details', details: { ...details, number: '4242' } }));
    expect(failure).toEqual(new CardError({ message: 'Your card number is invalid.', code: 'invalid_number' }));
    expect(stripeJsImported.count).toBe(0);
  });
});

describe('the Stripe path (a publishable key)', () => {
  it('does not load Stripe.js when built, only on first use', async () => {
    const { http } = testClient(() => json(200, {}));
    const payments = createPayments({ http, publishableKey: 'pk_test_123' });
    expect(payments.provider).toBe('stripe');
    expect(stripeJsImported.count).toBe(0);
    // loadStripe answers null here (no browser): the adapter says the form could not load.
    const failure = await failureOf(payments.confirmAction('pi_1_secret_x'));
    expect(failure._tag).toBe('PaymentsUnavailable');
    expect(stripeJsImported.count).toBe(1);
  });

  it('confirms an action with Stripe.js confirmCardPayment and turns its error into a CardError', async () => {
    const confirmCardPayment = vi.fn(async () => ({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }));
    const payments = createStripePayments({ publishableKey: 'pk_test_123', load: async () => ({ confirmCardPayment }) as never });
    const failure = await failureOf(payments.confirmAction('pi_1_secret_x'));
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x');
    expect(failure).toEqual(new CardError({ message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' }));
  });
});
