import { Effect } from 'effect';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BillingSource } from '../../src/core/model/billing';
import type { AccountId } from '../../src/core/model/ids';
import type { Subscription } from '../../src/core/model/subscription';
import { ApiError } from '../../src/core/ports/errors';
import type { PaymentsPort } from '../../src/core/ports/payments';
import { billingMachines, type BillingPorts } from '../../src/machines/features/billing-actors';
import { billingMachine, selectCards, selectDefaultable, selectRemovable, type BillingLoad, type CardChange } from '../../src/machines/features/billing.machine';
import { selectReadMode, selectReadResult } from '../../src/machines/features/billing-read.machine';
import { selectDetailCan, subscriptionDetailMachine, type DetailCommand, type DetailLoad } from '../../src/machines/features/subscription-detail.machine';
import { activeSubscription, BILLING_CUSTOMER, canceledSubscription, mastercard, mowingPlans, pausedSubscription, suspendedSubscription, visa } from './models/billing.fixtures';

const now = () => '2026-11-23T12:00:00.000Z';

const detailFor = (subscription: Subscription, role: 'customer' | 'vendor' = 'customer', runCommand = vi.fn(async (_input: { readonly subscription: Subscription; readonly command: DetailCommand }): Promise<Subscription> => subscription)) => {
  const machine = subscriptionDetailMachine.provide({
    actors: {
      loadSubscription: fromPromise<DetailLoad, { readonly subscriptionId: string }>(async () => ({ subscription, plans: mowingPlans })),
      runCommand: fromPromise<Subscription, { readonly subscription: Subscription; readonly command: DetailCommand }>(({ input }) => runCommand(input)),
    },
  });
  return { actor: createActor(machine, { input: { subscriptionId: subscription._id, role, now } }).start(), runCommand };
};

describe('subscription screen chart: the buttons are the subscription chart\'s `can`', () => {
  it.each([
    ['active', activeSubscription, { change: true, cancel: true, pause: true, unpause: false }],
    ['paused', pausedSubscription, { change: true, cancel: true, pause: false, unpause: true }],
    ['suspended', suspendedSubscription, { change: true, cancel: true, pause: false, unpause: false }],
    ['canceled', canceledSubscription, { change: false, cancel: false, pause: false, unpause: false }],
  ] as const)('a customer looking at a %s subscription', async (_, subscription, expected) => {
    const { actor } = detailFor(subscription);
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(selectDetailCan(actor.getSnapshot())).toEqual(expected);
  });

  it('a vendor is offered none of the customer\'s actions (bookings §6: customer or super)', async () => {
    const { actor } = detailFor(activeSubscription, 'vendor');
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(selectDetailCan(actor.getSnapshot())).toEqual({ change: false, cancel: false, pause: false, unpause: false });
  });

  it('a change names the new plan; the current plan is not a change; the answer replaces the subscription', async () => {
    const changed = { ...activeSubscription, plan_id: 'mowing-small-biweek', frequency: 'biweek' as const, price: 4000 };
    const runCommand = vi.fn(async (_input: { readonly subscription: Subscription; readonly command: DetailCommand }): Promise<Subscription> => changed);
    const { actor } = detailFor(activeSubscription, 'customer', runCommand);
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().can({ type: 'detail.change', frequency: 'week', planId: 'mowing-small-week' })).toBe(false);
    const notices: string[] = [];
    actor.on('notify', (e) => notices.push(e.code));
    actor.send({ type: 'detail.change', frequency: 'biweek', planId: 'mowing-small-biweek' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.subscription?.frequency === 'biweek');
    expect(runCommand).toHaveBeenCalledWith({ subscription: activeSubscription, command: { kind: 'change', frequency: 'biweek', planId: 'mowing-small-biweek' } });
    expect(notices).toEqual(['subscription_change']);
  });

  it('unpause carries the before-schedule choice; a refusal is told and the subscription read again', async () => {
    const runCommand = vi.fn(async (_input: { readonly subscription: Subscription; readonly command: DetailCommand }): Promise<Subscription> => {
      throw new ApiError({ status: 409, message: 'Subscription is not paused', code: 'illegal_transition' });
    });
    const { actor } = detailFor(pausedSubscription, 'customer', runCommand);
    await waitFor(actor, (s) => s.hasTag('ready'));
    const notices: string[] = [];
    actor.on('notify', (e) => notices.push(e.message));
    actor.send({ type: 'detail.unpause', beforeSchedule: true });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(runCommand).toHaveBeenCalledWith({ subscription: pausedSubscription, command: { kind: 'unpause', beforeSchedule: true } });
    expect(notices).toEqual(['Subscription is not paused']);
  });
});

describe('billing chart', () => {
  const cardsChart = (cards: readonly BillingSource[], change: (c: CardChange) => Promise<readonly BillingSource[]>) =>
    createActor(
      billingMachine.provide({
        actors: {
          loadBilling: fromPromise<BillingLoad, { readonly customerId: AccountId }>(async () => ({ cards, history: [] })),
          addCard: fromPromise(async () => cards),
          changeCard: fromPromise<readonly BillingSource[], { readonly customerId: AccountId; readonly change: CardChange }>(({ input }) => change(input.change)),
        },
      }),
      { input: { customerId: BILLING_CUSTOMER } },
    ).start();

  it('offers make-default only for a card that is not the default, and remove for every listed card; the default is listed first', async () => {
    const actor = cardsChart([mastercard, visa], async () => [visa]);
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(selectCards(actor.getSnapshot()).map((c) => c.last4)).toEqual(['4242', '4444']);
    expect(selectDefaultable(actor.getSnapshot())).toEqual([mastercard.stripe_src_id]);
    expect(selectRemovable(actor.getSnapshot())).toEqual([visa.stripe_src_id, mastercard.stripe_src_id]);
  });

  it('a refused removal (the last card of a live subscription) is told with the server\'s message and the cards are read again', async () => {
    const actor = cardsChart([visa], async () => {
      throw new ApiError({ status: 409, message: 'The only card of a customer with an active subscription cannot be removed', code: 'conflict' });
    });
    await waitFor(actor, (s) => s.hasTag('ready'));
    const notices: string[] = [];
    actor.on('notify', (e) => notices.push(e.message));
    actor.send({ type: 'billing.remove', id: visa.stripe_src_id });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && notices.length > 0);
    expect(notices).toEqual(['The only card of a customer with an active subscription cannot be removed']);
    expect(selectCards(actor.getSnapshot())).toEqual([visa]);
  });
});

describe('the billing actors over ports', () => {
  const notImplemented = (id: string) => Effect.fail(new ApiError({ status: 501, message: `Not implemented yet: ${id}`, code: 'not_implemented' }));
  const payments: PaymentsPort = {
    provider: 'sandbox',
    mountCardField: () => Effect.die('no field'),
    createPaymentMethod: () => Effect.succeed({ id: 'pm_sandbox_new', brand: 'Mastercard', last4: '4444', exp_month: 1, exp_year: 2031 }),
    confirmAction: () => Effect.void,
  };
  const ports = (overrides: Record<string, unknown> = {}): BillingPorts =>
    ({
      api: {
        customers: {
          invoiceList: () => notImplemented('listSubscriptionInvoices'),
          invoice: () => notImplemented('getInvoice'),
          billingHistory: () => Effect.succeed([]),
          updateBilling: vi.fn(() => Effect.succeed([visa, mastercard])),
          ...overrides,
        },
        subscriptions: { list: () => Effect.succeed([activeSubscription, canceledSubscription]) },
        services: {
          get: () => Effect.succeed({ _id: 'a0000000000000000000000a', name: 'Lawn mowing', prices: mowingPlans }),
          taxRates: () => Effect.succeed({ postalCode: '62701', rate: 9.75, rate_basis_points: 975 }),
          forOrder: () => notImplemented('getOrder'),
        },
      },
      payments,
      clock: { now: () => new Date(now()) },
    }) as unknown as BillingPorts;

  it('computes the next charge from the subscription when the server has no upcoming invoice: plan, approved add-ons, tax by postal code', async () => {
    const actor = createActor(billingMachines(ports()).read, { input: { request: { kind: 'upcoming', customerId: BILLING_CUSTOMER } } }).start();
    await waitFor(actor, (s) => !s.hasTag('loading'));
    const result = selectReadResult(actor.getSnapshot());
    expect(result?.kind).toBe('upcoming');
    if (result?.kind !== 'upcoming') return;
    // The canceled subscription is not billed.
    expect(result.items).toHaveLength(1);
    const charge = result.items[0]!.charge!;
    expect(charge.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Lawn mowing — Small lawn, weekly', 3500],
      ['Hedge trimming', 1500],
    ]);
    // 9.75 % of $50.00 is $4.875, rounded half-up to $4.88.
    expect(charge.quote).toEqual({ subtotal: 5000, discount: 0, tax: 488, total: 5488 });
  });

  it('lists each subscription\'s invoices, and says for each why they could not be read (the server answers 501 today)', async () => {
    const actor = createActor(billingMachines(ports()).read, { input: { request: { kind: 'invoices', customerId: BILLING_CUSTOMER } } }).start();
    await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(selectReadMode(actor.getSnapshot())).toBe('ready');
    const result = selectReadResult(actor.getSnapshot());
    if (result?.kind !== 'invoices') throw new Error('invoices expected');
    expect(result.items.map((r) => r.error?.code)).toEqual(['not_implemented', 'not_implemented']);
  });

  it('a receipt of a charge without an invoice is the charge of the history; an unknown id fails', async () => {
    const history = [{ _id: 'e0000000000000000000000a', amount: 3841, status: 'succeeded', created: '2026-11-20T15:00:00.000Z' }];
    const machines = billingMachines(ports({ billingHistory: () => Effect.succeed(history) }));
    const found = createActor(machines.read, { input: { request: { kind: 'receipt', id: 'e0000000000000000000000a', customerId: BILLING_CUSTOMER } } }).start();
    await waitFor(found, (s) => !s.hasTag('loading'));
    expect(selectReadResult(found.getSnapshot())).toEqual({ kind: 'receipt', receipt: { kind: 'charge', charge: history[0] } });
    const missing = createActor(machines.read, { input: { request: { kind: 'receipt', id: 'ffffffffffffffffffffffff', customerId: BILLING_CUSTOMER } } }).start();
    await waitFor(missing, (s) => !s.hasTag('loading'));
    expect(selectReadMode(missing.getSnapshot())).toBe('error');
  });

  it('adds a card: the payments port makes the payment method, the server saves it as the default', async () => {
    const updateBilling = vi.fn(() => Effect.succeed([visa, mastercard]));
    const actor = createActor(billingMachines(ports({ updateBilling, billingList: () => Effect.succeed([visa]) })).cards, { input: { customerId: BILLING_CUSTOMER } }).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'billing.addCard', card: { kind: 'details', details: { number: '5555555555554444', exp_month: 1, exp_year: 2031, cvc: '123' } } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.cards.length === 2);
    expect(updateBilling).toHaveBeenCalledWith(BILLING_CUSTOMER, { stripe_src: 'pm_sandbox_new', make_default: true });
  });
});
