/** Shop fixtures: a recurring mowing service, an add-on, an address, cards, a coupon and an order. */
import type { Address } from '../../../src/core/model/address';
import type { Appointment } from '../../../src/core/model/appointment';
import type { BillingSource } from '../../../src/core/model/billing';
import type { Coupon, Order, PricePlan, Service } from '../../../src/core/model/service';
import type { NewSubscriptionOutcome } from '../../../src/core/ports/api/checkout';
import type { CheckoutLoad } from '../../../src/machines/features/checkout.machine';

export const CUSTOMER = 'c00000000000000000000001';
export const MOWING_ID = 'a00000000000000000000001';
export const ADDON_ID = 'a00000000000000000000009';
export const ORDER_ID = 'e00000000000000000000001';

const plan = (home_size: 'small' | 'medium' | 'large', frequency: 'week' | 'biweek' | 'month', value: number): PricePlan => ({
  plan_id: `mow-${home_size}-${frequency}`,
  label: `${home_size} ${frequency}`,
  value,
  frequency,
  preference_match_size: home_size,
  priceAutoSelectRules: { home_size, frequency },
});

export const mowing = {
  _id: MOWING_ID,
  name: 'Lawn mowing',
  duration: 60,
  order_types: ['subscription'],
  prices: [plan('medium', 'week', 4500), plan('medium', 'biweek', 5000), plan('medium', 'month', 6500), plan('small', 'week', 3500)],
} as unknown as Service;

export const hedge = { _id: ADDON_ID, name: 'Hedge trim', is_addon: true, prices: [{ plan_id: `addon-${ADDON_ID}`, label: 'Hedge trim', value: 2000 }] } as unknown as Service;

export const home = { _id: 'd00000000000000000000001', address_formatted: '1 Elm St, Austin, TX 78701', street: 'Elm St', city: 'Austin', state: 'TX', postal_code: '78701', is_default: true, address_meta: { home_size: 'medium' } } as unknown as Address;

export const visa: BillingSource = { stripe_src_id: 'pm_saved_visa', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: true };

export const completeQuote = { service_id: MOWING_ID, home_size: 'medium', frequency: 'biweek', start_time: '2026-12-01T15:00:00.000Z' };

export const loaded = (over: Partial<CheckoutLoad> = {}): CheckoutLoad => ({
  quote: completeQuote,
  service: mowing,
  addOns: [hedge],
  addresses: [home],
  timeZone: 'America/Chicago',
  taxBasisPoints: 825,
  coupon: null,
  cards: [visa],
  ...over,
});

export const tenOff: Coupon = { code: 'SAVE10', valid: true, percent_off: 10, amount_off: null, duration: 'once' };
export const expired: Coupon = { code: 'OLD', valid: false, message: 'Coupon expired' };

export const order = { _id: ORDER_ID, type: 'subscription', status: 'paid', customer_id: CUSTOMER, appointment_ids: ['f00000000000000000000001'], total: 5413 } as unknown as Order;
export const firstVisit = { _id: 'f00000000000000000000001', start_time: '2026-12-01T15:00:00.000Z', duration: 60, service_data: { name: 'Lawn mowing' }, address_data: home } as unknown as Appointment;

export const created: NewSubscriptionOutcome = { kind: 'created', result: { subscription: {} as never, order } };
export const needsAuth: NewSubscriptionOutcome = { kind: 'requires_action', clientSecret: 'pi_1_secret_2', message: 'Your card requires authentication' };

export const declinedError = { _tag: 'ApiError', status: 400, code: 'card_declined', message: 'Your card was declined.' };
export const cardError = { _tag: 'CardError', code: 'card_declined', message: 'Your card was declined.' };
export const networkError = { _tag: 'NetworkError', message: 'Network Error' };
