/**
 * Paying an invoice with a card that asks for authentication (3-D Secure), through the invoice chart with its
 * real actors over fake ports: the browser confirms the client secret, then the same attempt (same key) pays;
 * a failed authentication ends the attempt, and the next pay is a new one.
 */
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AccountId, InvoiceId } from '../../src/core/model/ids';
import type { Invoice } from '../../src/core/model/invoice';
import type { InvoicePayOutcome } from '../../src/core/ports/api/invoices';
import { CardError, type PaymentsPort } from '../../src/core/ports/payments';
import { billingMachines, type BillingPorts } from '../../src/machines/features/billing-actors';
import { BILLING_CUSTOMER, visa } from './models/billing.fixtures';

const ID = 'd0000000000000000000000b' as InvoiceId;
const open = { _id: ID, status: 'open', total: 6495, amount_due: 6495 } as unknown as Invoice;
const paid = { ...open, status: 'paid', amount_due: 0 } as unknown as Invoice;
const secret = 'pi_sandbox_7_secret_8';

const fake = (answers: InvoicePayOutcome[], authentication: 'confirms' | 'fails') => {
  const keys: string[] = [];
  const confirmed: string[] = [];
  const api = {
    customers: { invoice: () => Effect.succeed(open), billingList: () => Effect.succeed([visa]) },
    invoices: {
      pay: (_id: InvoiceId, key: string) => {
        keys.push(key);
        return Effect.succeed(answers.shift()!);
      },
    },
  } as unknown as BillingPorts['api'];
  const payments = {
    provider: 'sandbox',
    confirmAction: (clientSecret: string) => {
      confirmed.push(clientSecret);
      return authentication === 'confirms' ? Effect.void : Effect.fail(new CardError({ message: 'We are unable to authenticate your payment method.', code: 'payment_intent_authentication_failure' }));
    },
  } as unknown as PaymentsPort;
  const machines = billingMachines({ api, payments, clock: { now: () => new Date('2026-11-25T12:00:00Z') } } as unknown as BillingPorts);
  const actor = createActor(machines.invoices, { input: { screen: { kind: 'view', id: ID, customerId: BILLING_CUSTOMER as AccountId } } }).start();
  return { actor, keys, confirmed };
};

const requiresAction: InvoicePayOutcome = { kind: 'requires_action', clientSecret: secret, message: 'Your bank asks you to confirm this payment.' };

describe('paying an invoice that asks for authentication', () => {
  it('confirms the client secret in the browser, then sends the same attempt again, and shows it paid', async () => {
    const { actor, keys, confirmed } = fake([requiresAction, { kind: 'paid', invoice: paid }], 'confirms');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'invoices.pay', cardId: visa.stripe_src_id });
    const done = await waitFor(actor, (s) => s.matches('ready') && s.context.notice !== null);
    expect(confirmed).toEqual([secret]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(done.context.notice).toBe('paid');
    expect(done.context.load?.invoice?.status).toBe('paid');
    expect(done.context.payKey).toBeNull();
  });

  it('a failed authentication says why, charges nothing more, and the next pay is a new attempt', async () => {
    const { actor, keys } = fake([requiresAction, requiresAction], 'fails');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'invoices.pay', cardId: visa.stripe_src_id });
    const refused = await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(refused.context.error?.message).toBe('We are unable to authenticate your payment method.');
    expect(refused.context.load?.invoice?.status).toBe('open');
    expect(keys).toHaveLength(1);
    actor.send({ type: 'invoices.pay', cardId: visa.stripe_src_id });
    await waitFor(actor, (s) => s.hasTag('authenticating') || s.matches('ready'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
