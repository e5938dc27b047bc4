/**
 * The checkout chart's model: each screen's step (quote, cart, payment) with a complete and an incomplete
 * quote; quote changes, slots that load or fail; the coupon valid, invalid or refused; paying with a saved
 * card or a new one, declined, needing authentication, or failing on the network and retried.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { checkoutMachine, type CheckoutStep } from '../../../src/machines/features/checkout.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, fail, initialSnapshot } from './session.model';
import { cardError, created, declinedError, expired, loaded, needsAuth, networkError, tenOff, visa, CUSTOMER, MOWING_ID } from './shop.fixtures';

const newKey = () => 'key-1';
const card = { kind: 'details', details: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } };

export function checkoutEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) {
    const step = (s.context as { step: CheckoutStep }).step;
    if (step === 'quote') return [done('loadCheckout', loaded({ quote: { service_id: MOWING_ID, home_size: 'medium' } })), done('loadCheckout', loaded()), fail('loadCheckout', networkError)];
    return [done('loadCheckout', loaded()), done('loadCheckout', loaded({ quote: {} })), ...(step === 'payment' ? [done('loadCheckout', loaded({ cards: [] }))] : [])];
  }
  if (s.matches('failed')) return [{ type: 'checkout.retry' }];
  if (s.matches('savingAddress')) return [done('saveAddress', []), fail('saveAddress', { _tag: 'ApiError', status: 400, code: 'address_not_in_service_area', message: 'Your selected or default address is not in our service areas' })];
  if (s.matches('quote')) {
    const events: AnyEventObject[] = [{ type: 'checkout.next' }, { type: 'quote.saveAddress', address: { street_number: '1', street: 'Elm St', city: 'Austin', state: 'TX', postal_code: '78701' } }];
    if (s.matches({ quote: { form: 'saving' } })) events.push(done('saveQuote'), fail('saveQuote', new Error('full')));
    else events.push({ type: 'quote.change', patch: { frequency: 'biweek', start_time: '2026-12-01T15:00:00.000Z' } }, { type: 'quote.toggleAddOn', id: 'a00000000000000000000009' });
    if (s.matches({ quote: { slots: 'none' } })) events.push({ type: 'quote.pickDay', day: '2026-12-01' });
    if (s.matches({ quote: { slots: 'loading' } })) events.push(done('loadSlots', [{ start_time: '2026-12-01T15:00:00.000Z', end_time: '2026-12-01T16:00:00.000Z' }]), fail('loadSlots', networkError));
    if (s.matches({ quote: { slots: 'failed' } })) events.push({ type: 'quote.retrySlots' });
    return events;
  }
  if (s.matches({ cart: 'idle' }))
    return [{ type: 'cart.applyCoupon', code: 'SAVE10' }, { type: 'cart.removeCoupon' }, { type: 'cart.contractLength', months: 12 }, { type: 'checkout.next' }, { type: 'checkout.back' }];
  if (s.matches({ cart: 'validating' })) return [done('validateCoupon', tenOff), done('validateCoupon', expired), fail('validateCoupon', { _tag: 'NotFound', code: 'coupon_not_found', message: 'Coupon not found' })];
  if (s.matches({ cart: 'saving' })) return [done('saveQuote'), fail('saveQuote', new Error('full'))];
  if (s.matches({ payment: 'editing' }))
    return [
      { type: 'payment.chooseCard', cardId: undefined },
      { type: 'payment.chooseCard', cardId: visa.stripe_src_id },
      { type: 'payment.pay', card },
      { type: 'payment.pay' },
      { type: 'checkout.back' },
    ];
  if (s.matches({ payment: 'creatingMethod' })) return [done('createPaymentMethod', { id: 'pm_sandbox_1', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 }), fail('createPaymentMethod', cardError)];
  if (s.matches({ payment: 'savingCard' })) return [done('saveCard', [visa]), fail('saveCard', declinedError), fail('saveCard', networkError)];
  if (s.matches({ payment: 'charging' })) return [done('charge', created), done('charge', needsAuth), fail('charge', declinedError), fail('charge', networkError)];
  if (s.matches({ payment: 'authenticating' })) return [done('confirmAction'), fail('confirmAction', cardError)];
  if (s.matches({ payment: 'failed' })) return [{ type: 'payment.retry' }, { type: 'payment.cancel' }];
  if (s.matches('leaving')) return [done('saveQuote'), fail('saveQuote', new Error('full'))];
  if (s.matches('succeeded')) return [done('forgetQuote'), fail('forgetQuote', new Error('gone'))];
  return [];
}

const start = (step: CheckoutStep) => initialSnapshot(checkoutMachine, { step, accountId: CUSTOMER, serviceId: step === 'quote' ? MOWING_ID : undefined, newKey });

export const model: ChartModel = {
  machine: checkoutMachine,
  events: checkoutEvents,
  starts: () => [start('quote'), start('cart'), start('payment')],
};
