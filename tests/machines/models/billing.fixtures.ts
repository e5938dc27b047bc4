/** Billing and subscription fixtures for the billing charts' models, chart tests and view tests. */
import type { BillingHistoryEntry, BillingSource } from '../../../src/core/model/billing';
import type { AccountId, SubscriptionId } from '../../../src/core/model/ids';
import type { PricePlan } from '../../../src/core/model/service';
import type { Subscription } from '../../../src/core/model/subscription';

export const BILLING_CUSTOMER = 'c0000000000000000000000a' as AccountId;

export const visa: BillingSource = { stripe_src_id: 'pm_sandbox_visa', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: true };
export const mastercard: BillingSource = { stripe_src_id: 'pm_sandbox_mc', brand: 'Mastercard', last4: '4444', exp_month: 1, exp_year: 2031, is_default: false };

export const charge: BillingHistoryEntry = {
  _id: 'e0000000000000000000000a',
  amount: 3841,
  currency: 'usd',
  status: 'succeeded',
  description: 'Lawn mowing — weekly',
  invoice_id: null,
  card: { brand: 'Visa', last4: '4242' },
  created: '2026-11-20T15:00:00.000Z',
};

const plan = (size: 'small' | 'medium', frequency: 'week' | 'biweek' | 'month', value: number, label: string): PricePlan => ({
  plan_id: `mowing-${size}-${frequency}`,
  label,
  value,
  frequency,
  preference_match_size: size,
  priceAutoSelectRules: { home_size: size, frequency },
});

export const mowingPlans: readonly PricePlan[] = [
  plan('small', 'week', 3500, 'Small lawn, weekly'),
  plan('small', 'biweek', 4000, 'Small lawn, every two weeks'),
  plan('small', 'month', 4500, 'Small lawn, monthly'),
  plan('medium', 'week', 4600, 'Medium lawn, weekly'),
];

export const activeSubscription: Subscription = {
  _id: 'b0000000000000000000000a' as SubscriptionId,
  orderId: 'd0000000000000000000000a' as never,
  status: 'active',
  customer_id: BILLING_CUSTOMER,
  service_data: { _id: 'a0000000000000000000000a' as never, name: 'Lawn mowing', prices: [] },
  plan_id: 'mowing-small-week',
  frequency: 'week',
  price: 3500,
  address_data: {
    _id: 'f0000000000000000000000a' as never,
    street: 'Elm Street',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    address_formatted: '12 Elm Street, Springfield, IL 62701',
    address_meta: { home_size: 'small' },
  } as never,
  add_ons: [
    { _id: 'addon-1', status: 'approved', price: 1500, service_data: { name: 'Hedge trimming' } },
    { _id: 'addon-2', status: 'pending', price: 900, service_data: { name: 'Leaf blowing' } },
  ],
  next_appointment: '2026-11-26T16:00:00.000Z',
  next_billing: '2026-11-26T16:00:00.000Z',
  created: '2026-10-14T16:00:00.000Z',
};

export const pausedSubscription: Subscription = { ...activeSubscription, status: 'paused', paused_at: '2026-11-20T10:00:00.000Z' };
export const suspendedSubscription: Subscription = { ...activeSubscription, status: 'suspended' };
export const canceledSubscription: Subscription = { ...activeSubscription, status: 'canceled', canceled_at: '2026-11-21T10:00:00.000Z' };
