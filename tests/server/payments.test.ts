/**
 * The charge service through the sandbox provider, on the real database: a double submit with one
 * idempotency key charges once; a decline leaves nothing behind; an authentication-required card answers
 * requires_action and succeeds once confirmed; a customer without a card gets the spec's message.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOOKINGS, demoId } from '../../server/db/seed';
import { ledgerEntries, sandboxPaymentIntents } from '../../server/db/schema';
import { bearer, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
const customer = DEMO_BOOKINGS.customer;
const newcustomer = demoId('account:newcustomer');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const ledgerOf = (account: string) => server.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, account));
const intentsWithKey = (key: string) => server.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.idempotencyKey, key));

/** Saves a card for newcustomer@ through the billing call and makes it the default. */
const saveCard = async (stripe_src: string) => {
  const token = await login(server.app, 'newcustomer@tendwell.test');
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/customer/${newcustomer}/billing/update`,
    headers: bearer(token),
    payload: { stripe_src, customer_id: newcustomer },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { default_source_id: string }).default_source_id;
};

describe('charging', () => {
  it('a double submit with one idempotency key charges once and answers the first result', async () => {
    const input = { customerId: customer, amountCents: 3500, description: 'Lawn mowing, first visit', idempotencyKey: 'checkout-7f3a9c21' };
    const [a, b] = await Promise.all([server.services.charges.charge(input), server.services.charges.charge(input)]);
    const again = await server.services.charges.charge(input);
    expect(a.outcome).toBe('succeeded');
    if (a.outcome !== 'succeeded' || b.outcome !== 'succeeded' || again.outcome !== 'succeeded') throw new Error('expected three successes');
    expect(b.entry.id).toBe(a.entry.id);
    expect(again.entry.id).toBe(a.entry.id);
    expect(a.entry).toMatchObject({ kind: 'charge', amount: 3500, cardBrand: 'Visa', cardLast4: '4242', provider: 'sandbox' });
    expect(await ledgerOf(customer)).toHaveLength(1);
    expect(await intentsWithKey('checkout-7f3a9c21')).toHaveLength(1);
  });

  it('the same key for a different amount is refused (409) and charges nothing more', async () => {
    await expect(
      server.services.charges.charge({ customerId: customer, amountCents: 9999, description: 'x', idempotencyKey: 'checkout-7f3a9c21' }),
    ).rejects.toMatchObject({ status: 409, code: 'idempotency_key_in_use' });
    expect(await ledgerOf(customer)).toHaveLength(1);
  });

  it('a customer without a card gets "Customer does not have a card attached" and nothing is charged', async () => {
    await expect(
      server.services.charges.charge({ customerId: newcustomer, amountCents: 3500, description: 'Lawn mowing', idempotencyKey: 'nocard-1' }),
    ).rejects.toMatchObject({ status: 400, message: 'Customer does not have a card attached' });
    expect(await intentsWithKey('nocard-1')).toHaveLength(0);
  });

  it('a declined card answers the decline code in plain words and writes no ledger row', async () => {
    await saveCard('pm_card_chargeDeclined');
    const result = await server.services.charges.charge({ customerId: newcustomer, amountCents: 3500, description: 'Lawn mowing', idempotencyKey: 'decline-1' });
    expect(result).toEqual({ outcome: 'declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
    expect(await ledgerOf(newcustomer)).toHaveLength(0);
  });

  it('insufficient funds says so', async () => {
    await saveCard('pm_card_chargeDeclinedInsufficientFunds');
    const result = await server.services.charges.charge({ customerId: newcustomer, amountCents: 3500, description: 'Lawn mowing', idempotencyKey: 'decline-2' });
    expect(result).toEqual({ outcome: 'declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(await ledgerOf(newcustomer)).toHaveLength(0);
  });

  it('an authentication-required card answers requires_action with a client secret, and succeeds once confirmed (one ledger row)', async () => {
    const pm = await saveCard('pm_card_authenticationRequired');
    const input = { customerId: newcustomer, amountCents: 4000, description: 'Aeration', idempotencyKey: 'auth-1', paymentMethodId: pm };
    const first = await server.services.charges.charge(input);
    expect(first).toMatchObject({ outcome: 'requires_action', paymentIntentId: expect.stringMatching(/^pi_sandbox_/), clientSecret: expect.stringContaining('_secret_') });
    if (first.outcome !== 'requires_action') return;
    expect(await ledgerOf(newcustomer)).toHaveLength(0);
    // A retry before the customer authenticates is still waiting for them.
    expect((await server.services.charges.charge(input)).outcome).toBe('requires_action');
    const confirm = { customerId: newcustomer, paymentIntentId: first.paymentIntentId, idempotencyKey: 'auth-1', description: 'Aeration' };
    const confirmed = await server.services.charges.confirm(confirm);
    expect(confirmed).toMatchObject({ outcome: 'succeeded', entry: { amount: 4000, providerPaymentIntentId: first.paymentIntentId } });
    await server.services.charges.confirm(confirm);
    expect(await ledgerOf(newcustomer)).toHaveLength(1);
  });

  it('a card named by the caller must be one of the customer\'s own', async () => {
    await expect(
      server.services.charges.charge({ customerId: newcustomer, amountCents: 100, description: 'x', idempotencyKey: 'other-card', paymentMethodId: 'pm_sandbox_demo_customer_visa' }),
    ).rejects.toMatchObject({ status: 404, message: 'Card not found' });
  });

  it('a refund is written once per key and cannot exceed what was charged', async () => {
    const [charge] = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.accountId, customer), eq(ledgerEntries.kind, 'charge')));
    const refund = { chargeEntryId: charge!.id, amountCents: 1500, idempotencyKey: 'refund-1' };
    const a = await server.services.charges.refund(refund);
    const b = await server.services.charges.refund(refund);
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ kind: 'refund', amount: 1500, reference: charge!.id });
    await expect(server.services.charges.refund({ chargeEntryId: charge!.id, amountCents: 2500, idempotencyKey: 'refund-2' })).rejects.toMatchObject({ status: 400 });
    expect((await ledgerOf(customer)).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });
});
