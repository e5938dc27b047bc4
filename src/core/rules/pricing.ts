import type { DiscountDuration, Frequency, HomeSize, PricePlan } from '../model/service';
import { Frequencies } from '../model/service';
import { MESSAGES } from './messages';
import { formatCents } from './money';

/**
 * Prices of the catalogue (bookings §2 frequency item, suggestions and date picker; §3 price plans, coupons,
 * quote; §8 errors; §9 frequencies, home sizes, discount durations). Money is integer cents throughout.
 */

// ── errors (bookings §8) ─────────────────────────────────────────────────────────────────────────────

// The texts live in the message catalogue (rules/messages.ts), keyed by the code the UI translates.
export const NO_PRICE_FOR_FREQUENCY = MESSAGES.no_price_for_frequency;
export const NO_PRICE_FOR_HOME_SIZE = MESSAGES.no_price_for_home_size;
export const NOT_IN_SERVICE_AREA = MESSAGES.not_in_service_area;
export const ADDRESS_NOT_IN_SERVICE_AREA = MESSAGES.address_not_in_service_area;

// ── choosing a plan ──────────────────────────────────────────────────────────────────────────────────

/** The home size a plan is for: its auto-select rule, else its preference_match_size. */
export const planHomeSize = (plan: PricePlan): HomeSize | undefined =>
  plan.priceAutoSelectRules?.home_size ?? plan.preference_match_size ?? undefined;

/** The frequency a plan is for (undefined: a one-time price). */
export const planFrequency = (plan: PricePlan): Frequency | undefined => plan.priceAutoSelectRules?.frequency ?? plan.frequency ?? undefined;

export type PlanChoice =
  | { readonly ok: true; readonly plan: PricePlan }
  | { readonly ok: false; readonly code: 'no_price_for_home_size' | 'no_price_for_frequency'; readonly message: string };

/**
 * The plan for a home size and a frequency (priceAutoSelectRules, dimensions size × frequency). A one-time
 * service is chosen by home size alone (frequency undefined). No plan for the home size at all:
 * 'No price available for home size'; plans for the size but none for the frequency:
 * 'No price available for selected frequency'.
 */
export const choosePlan = (plans: readonly PricePlan[], homeSize: HomeSize, frequency?: Frequency): PlanChoice => {
  const forSize = plans.filter((p) => planHomeSize(p) === homeSize);
  if (forSize.length === 0) return { ok: false, code: 'no_price_for_home_size', message: NO_PRICE_FOR_HOME_SIZE };
  const plan = forSize.find((p) => planFrequency(p) === frequency);
  return plan ? { ok: true, plan } : { ok: false, code: 'no_price_for_frequency', message: NO_PRICE_FOR_FREQUENCY };
};

// ── comparing frequencies ────────────────────────────────────────────────────────────────────────────

/** Visits a month as a fraction [visits a year, 12]: weekly 52/12, every two weeks 26/12, monthly 12/12. */
export const VISITS_PER_YEAR: Readonly<Record<Frequency, number>> = { week: 52, biweek: 26, month: 12 };

/** numerator ÷ denominator (non-negative integers) rounded half-up to a whole number, in integer arithmetic. */
export const divideHalfUp = (numerator: number, denominator: number): number => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** What a per-visit price costs a month, rounded half-up to the cent: 3500 weekly → 3500 × 52 / 12 = 15167. */
export const monthlyCost = (perVisit: number, frequency: Frequency): number => divideHalfUp(perVisit * VISITS_PER_YEAR[frequency], 12);

/** '{frequency}ly' of "Switch to {frequency}ly and save $X": weekly, biweekly, monthly. */
export const frequencyAdverb = (frequency: Frequency): string => `${frequency}ly`;

/** One row of the frequency item (bookings §2): the plan, and how it compares with the selected one. */
export interface FrequencyOption {
  readonly frequency: Frequency;
  readonly plan: PricePlan;
  /** True for the plan with the lowest price per visit ("Lowest price!"). */
  readonly lowest: boolean;
  /** Cents per visit against the selected plan: positive costs more, negative costs less, 0 for the selected one. */
  readonly difference: number;
  readonly change: 'increase' | 'decrease' | 'same';
  /** For a plan that is not the lowest: the lowest plan's frequency and how much less it costs per visit. */
  readonly betterPlan?: { readonly frequency: Frequency; readonly savesPerVisit: number };
}

/**
 * The frequency item's data for one home size: every frequency with a plan, in the order week, biweek,
 * month. "Lowest price!" compares the price shown, the price per visit; the differences are per visit
 * against the selected plan (none selected: against itself, so 0).
 */
export const frequencyOptions = (plans: readonly PricePlan[], homeSize: HomeSize, selected?: Frequency): FrequencyOption[] => {
  const rows = Frequencies.flatMap((frequency) => {
    const choice = choosePlan(plans, homeSize, frequency);
    return choice.ok ? [{ frequency, plan: choice.plan }] : [];
  });
  if (rows.length === 0) return [];
  const lowestValue = Math.min(...rows.map((r) => r.plan.value));
  const lowestRow = rows.find((r) => r.plan.value === lowestValue)!;
  const selectedValue = rows.find((r) => r.frequency === selected)?.plan.value;
  return rows.map(({ frequency, plan }) => {
    const difference = selectedValue === undefined ? 0 : plan.value - selectedValue;
    const lowest = frequency === lowestRow.frequency;
    return {
      frequency,
      plan,
      lowest,
      difference,
      change: difference > 0 ? 'increase' : difference < 0 ? 'decrease' : 'same',
      ...(lowest ? {} : { betterPlan: { frequency: lowestRow.frequency, savesPerVisit: plan.value - lowestValue } }),
    };
  });
};

/** A price-plan suggestion: "Switch to {frequency}ly and save $X" (X a month). */
export interface PlanSuggestion {
  readonly frequency: Frequency;
  readonly plan: PricePlan;
  /** Cents saved a month against the selected plan (always > 0). */
  readonly savesPerMonth: number;
  readonly message: string;
}

/**
 * Suggestions for the selected plan (bookings §2), sorted by value (the largest saving first). Plans are
 * compared by what they cost a month (`monthlyCost`), so a less frequent plan saves money even when its
 * price per visit is higher; only plans that save something are suggested.
 */
export const planSuggestions = (plans: readonly PricePlan[], homeSize: HomeSize, selected: Frequency, locale = 'en-US'): PlanSuggestion[] => {
  const current = choosePlan(plans, homeSize, selected);
  if (!current.ok) return [];
  const currentMonthly = monthlyCost(current.plan.value, selected);
  return Frequencies.flatMap((frequency) => {
    if (frequency === selected) return [];
    const choice = choosePlan(plans, homeSize, frequency);
    if (!choice.ok) return [];
    const savesPerMonth = currentMonthly - monthlyCost(choice.plan.value, frequency);
    if (savesPerMonth <= 0) return [];
    const message = `Switch to ${frequencyAdverb(frequency)} and save ${formatCents(savesPerMonth, locale)}`;
    return [{ frequency, plan: choice.plan, savesPerMonth, message }];
  }).sort((a, b) => b.savesPerMonth - a.savesPerMonth);
};

// ── coupons ──────────────────────────────────────────────────────────────────────────────────────────

/** A coupon's terms as the rules need them. */
export interface CouponTerms {
  readonly code: string;
  readonly percent_off: number | null;
  /** Cents. */
  readonly amount_off: number | null;
  readonly duration: DiscountDuration;
  readonly duration_in_months: number | null;
  /** ISO-8601; null: never expires. */
  readonly expires_at: string | null;
  readonly max_redemptions: number | null;
  readonly times_redeemed: number;
  /** Empty: every service. */
  readonly service_ids: readonly string[];
}

export const COUPON_NOT_FOUND = MESSAGES.coupon_not_found;
export const COUPON_EXPIRED = MESSAGES.coupon_expired;
export const COUPON_USED_UP = MESSAGES.coupon_used_up;
export const COUPON_NOT_FOR_SERVICE = MESSAGES.coupon_not_for_service;

export type CouponRefusal =
  | { readonly code: 'coupon_expired'; readonly message: typeof COUPON_EXPIRED }
  | { readonly code: 'coupon_used_up'; readonly message: typeof COUPON_USED_UP }
  | { readonly code: 'coupon_not_for_service'; readonly message: typeof COUPON_NOT_FOR_SERVICE };

/**
 * Why a known coupon cannot be used now for a service, or undefined when it can. Checked in this order:
 * expired (expires_at at or before now), used up (times_redeemed ≥ max_redemptions), not for the service.
 */
export const couponRefusal = (coupon: CouponTerms, serviceId: string, nowIso: string): CouponRefusal | undefined => {
  if (coupon.expires_at !== null && Date.parse(coupon.expires_at) <= Date.parse(nowIso)) return { code: 'coupon_expired', message: COUPON_EXPIRED };
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) return { code: 'coupon_used_up', message: COUPON_USED_UP };
  if (coupon.service_ids.length > 0 && !coupon.service_ids.includes(serviceId)) return { code: 'coupon_not_for_service', message: COUPON_NOT_FOR_SERVICE };
  return undefined;
};

/** The discount on one charge: percent_off rounded half-up to the cent, or amount_off; never more than the charge. */
export const couponDiscount = (coupon: Pick<CouponTerms, 'percent_off' | 'amount_off'>, amount: number): number => {
  if (amount <= 0) return 0;
  // percent_off may have two decimals (12.5 %): work in hundredths of a percent so the arithmetic stays whole.
  const off = coupon.percent_off !== null ? divideHalfUp(amount * Math.round(coupon.percent_off * 100), 10_000) : (coupon.amount_off ?? 0);
  return Math.min(amount, Math.max(0, off));
};

/** The same calendar day `months` later (clamped to the month's last day), in UTC. */
const addMonthsUtc = (iso: string, months: number): number => {
  const d = new Date(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
};

/** One charge of a subscription, in the order they are made. */
export interface Charge {
  /** ISO-8601 time of the charge. */
  readonly at: string;
  /** Cents before the discount. */
  readonly amount: number;
}

/**
 * The discount of each charge (bookings §9 discount durations): 'once' discounts the first charge only;
 * 'repeating' every charge made before the first charge plus duration_in_months calendar months;
 * 'forever' every charge.
 */
export const couponDiscounts = (coupon: Pick<CouponTerms, 'percent_off' | 'amount_off' | 'duration' | 'duration_in_months'>, charges: readonly Charge[]): number[] => {
  const first = charges[0];
  if (!first) return [];
  const until = coupon.duration === 'repeating' ? addMonthsUtc(first.at, coupon.duration_in_months ?? 0) : Number.POSITIVE_INFINITY;
  return charges.map((charge, i) => {
    const applies = coupon.duration === 'once' ? i === 0 : coupon.duration === 'forever' ? true : Date.parse(charge.at) < until;
    return applies ? couponDiscount(coupon, charge.amount) : 0;
  });
};

// ── tax ──────────────────────────────────────────────────────────────────────────────────────────────

/** Tax on an amount at a rate in basis points (825 = 8.25 %), rounded half-up to the cent. */
export const taxCents = (amount: number, rateBasisPoints: number): number => {
  if (amount <= 0 || rateBasisPoints <= 0) return 0;
  return divideHalfUp(amount * rateBasisPoints, 10_000);
};

/** The rate in percent as the wire shows it (825 → 8.25). */
export const ratePercent = (rateBasisPoints: number): number => rateBasisPoints / 100;

/** A quote (bookings §3): the plan's price, less the coupon's discount on this charge, plus tax on what is left. */
export interface Quote {
  readonly subtotal: number;
  readonly discount: number;
  readonly tax: number;
  readonly total: number;
}

export const quote = (amount: number, discount: number, rateBasisPoints: number): Quote => {
  const d = Math.min(Math.max(0, discount), amount);
  const tax = taxCents(amount - d, rateBasisPoints);
  return { subtotal: amount, discount: d, tax, total: amount - d + tax };
};

/** What the cart shows for one choice: the plan, and the first charge with its coupon discount and tax. */
export type PriceQuote =
  | { readonly ok: true; readonly plan: PricePlan; readonly quote: Quote }
  | Extract<PlanChoice, { readonly ok: false }>;

/**
 * The quote of bookings §3 (service, frequency, home size, promo code) for its first charge: the plan for the home
 * size and frequency, the coupon's discount on the first charge (every duration discounts the first one), and
 * the tax of the address's postal code on what is left.
 */
export const priceQuote = (
  plans: readonly PricePlan[],
  choice: { readonly homeSize: HomeSize; readonly frequency?: Frequency },
  coupon: Pick<CouponTerms, 'percent_off' | 'amount_off'> | undefined,
  rateBasisPoints: number,
): PriceQuote => {
  const chosen = choosePlan(plans, choice.homeSize, choice.frequency);
  if (!chosen.ok) return chosen;
  const discount = coupon ? couponDiscount(coupon, chosen.plan.value) : 0;
  return { ok: true, plan: chosen.plan, quote: quote(chosen.plan.value, discount, rateBasisPoints) };
};

// ── the date picker and start times (bookings §2, §5, §9) ────────────────────────────────────────────

/** A calendar day, YYYY-MM-DD. */
export type LocalDate = string;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const fromParts = (y: number, m: number, d: number): LocalDate => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/**
 * The days the date picker allows (bookings §2): from tomorrow to the last day of the month after next.
 * `today` is the day it is now at the address, in the address's time zone (the caller works it out, e.g.
 * with luxon's `DateTime.now().setZone(zone).toISODate()`; the core does no time-zone arithmetic).
 */
export const datePickerWindow = (today: LocalDate): { readonly first: LocalDate; readonly last: LocalDate } => {
  const m = DAY_RE.exec(today);
  if (!m) throw new Error(`Not a calendar day: ${today}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Day 0 of the month three ahead is the last day of the month after next.
  return { first: fromParts(y, mo, d + 1), last: fromParts(y, mo + 3, 0) };
};

/**
 * The calendar day at an instant for a UTC offset in minutes (America/Chicago in November: -360). The offset is
 * the zone's at that instant: the caller asks luxon (`DateTime.fromMillis(ms).setZone(zone).offset`), since the
 * core imports no time-zone library.
 */
export const localDateAt = (instantMs: number, offsetMinutes: number): LocalDate => {
  const t = new Date(instantMs + offsetMinutes * 60_000);
  return fromParts(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
};

/** True when the date picker allows the day (YYYY-MM-DD strings compare in calendar order). */
export const isSelectableDay = (day: LocalDate, today: LocalDate): boolean => {
  if (!DAY_RE.test(day)) return false;
  const { first, last } = datePickerWindow(today);
  return day >= first && day <= last;
};

export const WORKDAY_START_MINUTES = 8 * 60;
export const WORKDAY_END_MINUTES = 20 * 60;
export const SLOT_MINUTES = 15;

/**
 * Start times (HH:MM) every 15 minutes within the working range 8 AM–8 PM (bookings §5, §9) such that a
 * visit of `durationMinutes` ends by 8 PM: 08:00 … 19:45 for a 15-minute visit, 08:00 … 19:00 for an hour.
 */
export const startSlots = (durationMinutes = SLOT_MINUTES): string[] => {
  const slots: string[] = [];
  const length = Math.max(durationMinutes, SLOT_MINUTES);
  for (let t = WORKDAY_START_MINUTES; t + length <= WORKDAY_END_MINUTES; t += SLOT_MINUTES) slots.push(`${pad(Math.floor(t / 60))}:${pad(t % 60)}`);
  return slots;
};
