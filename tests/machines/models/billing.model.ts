/**
 * The billing (cards and charges) chart's model: the cards load or fail; a card is added or refused; a listed
 * card is removed or made the default, an unknown one is not, the default is not made default again; a refused
 * change reads the cards again.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { billingMachine } from '../../../src/machines/features/billing.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { BILLING_CUSTOMER, charge, mastercard, visa } from './billing.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const lastCard = { _tag: 'ApiError', status: 409, message: 'The only card of a customer with an active subscription cannot be removed', code: 'conflict' };
const declined = { _tag: 'CardError', message: 'Use one of the sandbox test card numbers (for example 4242 4242 4242 4242).', code: 'invalid_request' };
const card = { kind: 'details', details: { number: '5555555555554444', exp_month: 1, exp_year: 2031, cvc: '123' } };

export function billingEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', { cards: [visa, mastercard], history: [charge] }), done('load', { cards: [], history: [] }), fail('load', { _tag: 'NetworkError' })];
  if (s.matches('failed')) return [{ type: 'billing.retry' }];
  if (s.matches({ ready: 'adding' })) return [done('addCard', [visa, mastercard]), fail('addCard', declined)];
  if (s.matches({ ready: 'changing' })) return [done('changeCard', [visa]), fail('changeCard', lastCard)];
  if (s.matches({ ready: 'refreshing' })) return [done('refresh', { cards: [visa], history: [] }), fail('refresh', { _tag: 'NetworkError' })];
  if (s.matches({ ready: 'idle' }))
    return [
      { type: 'billing.addCard', card },
      { type: 'billing.remove', id: mastercard.stripe_src_id },
      { type: 'billing.remove', id: 'pm_unknown' },
      { type: 'billing.makeDefault', id: mastercard.stripe_src_id },
      { type: 'billing.makeDefault', id: visa.stripe_src_id },
      { type: 'billing.clearAddError' },
    ];
  return [];
}

export const model: ChartModel = {
  machine: billingMachine,
  events: billingEvents,
  starts: () => [initialSnapshot(billingMachine, { customerId: BILLING_CUSTOMER })],
};
