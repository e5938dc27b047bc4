/**
 * The customer's billing screens (issue 8 "Subscriptions and billing"): the plans a subscription may change
 * to with their price, the next charge of a subscription (plan, add-ons, coupon, tax) and what the
 * subscription screen says when its chart refuses an action. Pure: the charts, the views and the server share
 * the pricing rules of pricing.ts underneath.
 */
import type { AddOn } from '../model/appointment';
import type { BillingSource } from '../model/billing';
import type { Frequency, HomeSize, PricePlan } from '../model/service';
import type { Subscription, SubscriptionStatus } from '../model/subscription';
import { couponDiscounts, frequencyOptions, planFrequency, quote, type CouponTerms, type Quote } from './pricing';

/** The home size of the subscribed address (address_meta.home_size), if the address says. */
export const subscriptionHomeSize = (subscription: Pick<Subscription, 'address_data'>): HomeSize | undefined =>
  subscription.address_data?.address_meta?.home_size;

/** What one visit of the subscription costs now: its price, else its plan's value, else 0. */
export const subscriptionPrice = (subscription: Pick<Subscription, 'price' | 'plan_id'>, plans: readonly PricePlan[]): number =>
  subscription.price ?? plans.find((p) => p.plan_id === subscription.plan_id)?.value ?? 0;

/** One plan the subscription may change to, with its price and the difference against today's. */
export interface PlanChange {
  readonly frequency: Frequency;
  readonly plan: PricePlan;
  /** Cents per visit. */
  readonly price: number;
  /** Cents per visit against the current price: positive costs more. */
  readonly difference: number;
  readonly current: boolean;
  readonly lowest: boolean;
}

/**
 * The frequency choices of a subscription (bookings §2 frequency item, §4 update): the catalogue's plans for the
 * address's home size (priceAutoSelectRules), one per frequency, with the new price shown before the change is
 * confirmed. Without a home size, the plans that name a frequency (the service as booked).
 */
export const planChanges = (subscription: Pick<Subscription, 'plan_id' | 'frequency' | 'price' | 'address_data'>, plans: readonly PricePlan[]): PlanChange[] => {
  const current = subscriptionPrice(subscription, plans);
  const homeSize = subscriptionHomeSize(subscription);
  const options = homeSize ? frequencyOptions(plans, homeSize, subscription.frequency) : [];
  const rows =
    options.length > 0
      ? options.map((o) => ({ frequency: o.frequency, plan: o.plan, lowest: o.lowest }))
      : plans.flatMap((plan) => {
          const frequency = planFrequency(plan);
          return frequency ? [{ frequency, plan, lowest: false }] : [];
        });
  return rows.map(({ frequency, plan, lowest }) => ({
    frequency,
    plan,
    price: plan.value,
    difference: plan.value - current,
    current: plan.plan_id === subscription.plan_id && frequency === subscription.frequency,
    lowest,
  }));
};

/** Add-ons that are billed with the subscription: approved ones (pending, declined and removed are not). */
export const billedAddOns = (addOns: readonly AddOn[] | undefined): AddOn[] => (addOns ?? []).filter((a) => a.status === 'approved');

/** An add-on's name: its service's name, else its custom description. */
export const addOnName = (addOn: AddOn): string => addOn.service_data?.name ?? addOn.custom?.description ?? addOn.plan_id ?? '';

export interface UpcomingLine {
  readonly description: string;
  readonly amount: number;
  readonly kind: 'plan' | 'addOn';
}

export interface UpcomingCharge {
  readonly lines: readonly UpcomingLine[];
  readonly coupon: string | null;
  readonly quote: Quote;
  /** When it is charged (next_billing, else the next visit); null when not scheduled. */
  readonly at: string | null;
  /** The tax rate in basis points (825 = 8.25 %). */
  readonly rateBasisPoints: number;
}

/**
 * The next charge of a subscription (issue 8 "/billing/invoice/upcoming"): the plan's price and the approved
 * add-ons, less the coupon's discount for this charge (its remaining duration: `couponDiscounts` over the first
 * charge at the subscription's creation and this one), plus the tax of the address's postal code. A paused or
 * canceled subscription has no next charge (null).
 */
export const upcomingCharge = (input: {
  readonly subscription: Subscription;
  readonly plans: readonly PricePlan[];
  readonly rateBasisPoints: number;
  readonly coupon?: Pick<CouponTerms, 'code' | 'percent_off' | 'amount_off' | 'duration' | 'duration_in_months'> | null;
  readonly planLabel?: string;
}): UpcomingCharge | null => {
  const { subscription, plans, rateBasisPoints, coupon } = input;
  if (!isBilled(subscription.status)) return null;
  const plan = plans.find((p) => p.plan_id === subscription.plan_id);
  const lines: UpcomingLine[] = [
    { kind: 'plan', description: `${subscription.service_data.name} — ${input.planLabel ?? plan?.label ?? subscription.plan_id}`, amount: subscriptionPrice(subscription, plans) },
    ...billedAddOns(subscription.add_ons).map((a) => ({ kind: 'addOn' as const, description: addOnName(a), amount: a.price ?? a.custom?.value ?? 0 })),
  ];
  const amount = lines.reduce((sum, l) => sum + l.amount, 0);
  const at = subscription.next_billing ?? subscription.next_appointment ?? null;
  let discount = 0;
  if (coupon) {
    const first = subscription.created ?? at ?? new Date(0).toISOString();
    const discounts = couponDiscounts(coupon, [
      { at: first, amount },
      { at: at ?? first, amount },
    ]);
    discount = discounts[1] ?? 0;
  }
  return { lines, coupon: coupon && discount > 0 ? coupon.code : null, quote: quote(amount, discount, rateBasisPoints), at, rateBasisPoints };
};

/** Billing outcomes apply to active and suspended subscriptions (subscriptionScopes.billed). */
export const isBilled = (status: SubscriptionStatus): boolean => status === 'active' || status === 'suspended';

/** The subscription actions a customer has on the subscription screen; each is an event of the subscription chart. */
export const SubscriptionActions = ['change', 'pause', 'unpause', 'cancel'] as const;
export type SubscriptionAction = (typeof SubscriptionActions)[number];

/**
 * Why the subscription chart refuses an action at a status, in the spec's words (bookings §4): the message
 * code (translated in en.json / es.json under `subscriptions.why.<code>`).
 */
export const refusalCode = (action: SubscriptionAction, status: SubscriptionStatus): string | null => {
  if (status === 'canceled') return 'canceled';
  if (action === 'pause') return status === 'paused' ? 'alreadyPaused' : status === 'suspended' ? 'suspendedNoPause' : null;
  // Unpause is offered on a paused subscription only; elsewhere the status notice already says why (nothing to add).
  return null;
};

/** The default card first, then the others as the provider listed them. */
export const cardsInOrder = (cards: readonly BillingSource[]): BillingSource[] =>
  [...cards].sort((a, b) => Number(b.is_default === true) - Number(a.is_default === true));

/** A card's expiry as MM/YY ('' when unknown). */
export const cardExpiry = (card: Pick<BillingSource, 'exp_month' | 'exp_year'>): string =>
  card.exp_month && card.exp_year ? `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}` : '';
