/** The checkout chart with its real actors over fake ports: quote in storage, coupon, decline, authentication, retry. */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { QuoteData } from '../../src/core/model/storage';
import { checkoutMachine, selectCheckoutMode, selectPrice, type CheckoutStep } from '../../src/machines/features/checkout.machine';
import { checkoutActors, type ShopPorts } from '../../src/machines/features/shop-actors';
import { fakePorts } from './shop-ports';
import { checkoutEvents } from './models/checkout.model';
import { initialSnapshot } from './models/session.model';
import { CUSTOMER, MOWING_ID, home } from './models/shop.fixtures';

const start = (ports: ShopPorts, step: CheckoutStep, extra: { serviceId?: string; query?: Record<string, string> } = {}) => {
  const actor = createActor(checkoutMachine.provide({ actors: checkoutActors(ports) }), { input: { step, accountId: CUSTOMER, newKey: ports.newKey, ...extra } });
  const navigations: string[] = [];
  actor.on('navigate', (e) => navigations.push(e.to));
  actor.start();
  return { actor, navigations };
};

const complete: QuoteData = { service_id: MOWING_ID, home_size: 'medium', frequency: 'biweek', start_time: '2026-12-01T15:00:00.000Z' };

describe('checkout chart', () => {
  it('reaches quote, cart, payment, authentication and success by generated shortest paths', () => {
    const reached = new Set<string>();
    for (const step of ['quote', 'cart', 'payment'] as const) {
      const from = initialSnapshot(checkoutMachine, { step, accountId: CUSTOMER, serviceId: MOWING_ID, newKey: () => 'k' });
      for (const p of getShortestPaths(checkoutMachine as AnyStateMachine, { fromState: from, events: checkoutEvents })) reached.add(JSON.stringify(p.state.value));
    }
    for (const state of ['"cart"', '"incomplete"', '"done"', '"left"', '"failed"']) expect([...reached].some((r) => r.includes(state))).toBe(true);
    expect([...reached].some((r) => r.includes('authenticating'))).toBe(true);
  });

  it('fills the quote from a marketing link and the default address, keeps it in storage, and survives a new screen', async () => {
    const fake = fakePorts();
    const { actor } = start(fake.ports, 'quote', { serviceId: MOWING_ID, query: { quote_set_frequency: 'biweek', quote_set_promo_code: 'SAVE10' } });
    await waitFor(actor, (s) => selectCheckoutMode(s) === 'quote');
    expect(fake.stored()).toMatchObject({ service_id: MOWING_ID, frequency: 'biweek', promo_code: 'SAVE10', home_size: 'medium' });
    actor.send({ type: 'quote.change', patch: { start_time: '2026-12-01T15:00:00.000Z' } });
    await waitFor(actor, (s) => s.matches({ quote: { form: 'idle' } }));
    actor.stop();
    // a reload: a new chart on the cart screen reads the same quote
    const again = start(fake.ports, 'cart');
    await waitFor(again.actor, (s) => selectCheckoutMode(s) === 'cart');
    expect(again.actor.getSnapshot().context.quote).toMatchObject({ start_time: '2026-12-01T15:00:00.000Z', frequency: 'biweek' });
  });

  it('a coupon changes the total; an unknown one says so and is not kept', async () => {
    const fake = fakePorts({ stored: complete });
    const { actor } = start(fake.ports, 'cart');
    await waitFor(actor, (s) => selectCheckoutMode(s) === 'cart');
    expect(selectPrice(actor.getSnapshot())).toMatchObject({ subtotal: 5000, discount: 0, tax: 413, total: 5413 });
    actor.send({ type: 'cart.applyCoupon', code: 'SAVE10' });
    await waitFor(actor, (s) => s.matches({ cart: 'idle' }) && s.context.coupon !== null);
    expect(selectPrice(actor.getSnapshot())).toMatchObject({ subtotal: 5000, discount: 500, tax: 371, total: 4871 });
    actor.send({ type: 'cart.applyCoupon', code: 'NOPE' });
    await waitFor(actor, (s) => s.matches({ cart: 'idle' }) && s.context.couponProblem !== null);
    expect(actor.getSnapshot().context.couponProblem?.message).toBe('Coupon not found');
    expect(fake.stored()?.promo_code).toBeUndefined();
  });

  it('the cart without a complete quote says so', async () => {
    const { actor } = start(fakePorts({ stored: { service_id: MOWING_ID } }).ports, 'cart');
    await waitFor(actor, (s) => selectCheckoutMode(s) === 'incomplete');
  });

  it('a declined card shows the decline in plain words, creates nothing, and the next attempt has a new key', async () => {
    const fake = fakePorts({ stored: complete, charges: ['declined', 'created'] });
    const { actor, navigations } = start(fake.ports, 'payment');
    await waitFor(actor, (s) => s.matches({ payment: 'editing' }));
    actor.send({ type: 'payment.pay' });
    await waitFor(actor, (s) => s.matches({ payment: 'editing' }) && s.context.decline !== null);
    expect(actor.getSnapshot().context.decline?.message).toBe('Your card was declined.');
    expect(navigations).toEqual([]);
    actor.send({ type: 'payment.pay' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(fake.calls.map((c) => c.key)).toEqual(['key-1', 'key-2']);
    expect(navigations).toEqual(['/order-success/e00000000000000000000001']);
    expect(fake.stored()).toBeUndefined();
  });

  it('a declined new card never reaches the charge', async () => {
    const fake = fakePorts({ stored: complete });
    const { actor } = start(fake.ports, 'payment');
    await waitFor(actor, (s) => s.matches({ payment: 'editing' }));
    actor.send({ type: 'payment.pay', card: { kind: 'details', details: { number: '4000000000000002', exp_month: 12, exp_year: 2030, cvc: '123' } } });
    await waitFor(actor, (s) => s.matches({ payment: 'editing' }) && s.context.decline !== null);
    expect(fake.calls).toEqual([]);
  });

  it('authentication required: confirms in the browser, then the same attempt (same key) succeeds', async () => {
    const fake = fakePorts({ stored: complete, charges: ['needsAuth', 'created'] });
    const { actor, navigations } = start(fake.ports, 'payment');
    await waitFor(actor, (s) => s.matches({ payment: 'editing' }));
    actor.send({ type: 'payment.pay', card: { kind: 'details', details: { number: '4000002500003155', exp_month: 12, exp_year: 2030, cvc: '123' } } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(fake.confirmed).toEqual(['pi_1_secret_2']);
    expect(fake.calls.map((c) => c.key)).toEqual(['key-1', 'key-1']);
    expect(fake.calls[0]?.input).toMatchObject({ service_id: MOWING_ID, plan_id: 'mow-medium-biweek', frequency: 'biweek', home_size: 'medium', address_id: home._id, stripe_src_id: 'pm_sandbox_1' });
    expect(navigations).toEqual(['/order-success/e00000000000000000000001']);
  });

  it('a network failure keeps the attempt: Retry sends the same Idempotency-Key', async () => {
    const fake = fakePorts({ stored: complete, charges: ['offline', 'created'] });
    const { actor } = start(fake.ports, 'payment');
    await waitFor(actor, (s) => s.matches({ payment: 'editing' }));
    actor.send({ type: 'payment.pay' });
    await waitFor(actor, (s) => s.matches({ payment: 'failed' }));
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(fake.calls.map((c) => c.key)).toEqual(['key-1', 'key-1']);
  });
});
