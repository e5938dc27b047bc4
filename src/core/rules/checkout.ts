import type { Address } from '../model/address';
import { Frequencies, HomeSizes, type Frequency, type HomeSize, type PricePlan, type Service } from '../model/service';
import { DEFAULT_SET_PREFIX, QUOTE_SET_PREFIX, QuoteFields, type QuoteData } from '../model/storage';
import type { ContractLength } from '../model/subscription';
import { ContractLengths } from '../model/subscription';
import { choosePlan, couponDiscount, quote as quote_, type PlanChoice } from './pricing';
import { specRule } from './spec-rule';

/**
 * The checkout's pure rules (issue 8 "Quote, cart, order"): what a quote needs before the cart, how a
 * marketing link fills it, which plan it names, and the calendar file of the first visit.
 */

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && (list as readonly string[]).includes(value) ? (value as T) : undefined;

export const quoteHomeSize = (quote: QuoteData): HomeSize | undefined => oneOf(HomeSizes, quote.home_size);
export const quoteFrequency = (quote: QuoteData): Frequency | undefined => oneOf(Frequencies, quote.frequency);

/** True when the service is billed per visit on a schedule (it has plans with a frequency). */
export const isRecurring = (service: Pick<Service, 'prices' | 'order_types'>): boolean =>
  service.prices.some((p) => (p.priceAutoSelectRules?.frequency ?? p.frequency ?? undefined) !== undefined);

/** The plan the quote names for the service (its home size and, for a recurring service, its frequency). */
export const quotePlan = (service: Pick<Service, 'prices' | 'order_types'>, quote: QuoteData): PlanChoice | undefined => {
  const size = quoteHomeSize(quote);
  if (!size) return undefined;
  return choosePlan(service.prices, size, isRecurring(service) ? quoteFrequency(quote) : undefined);
};

/** What the quote still lacks before the cart, in the order the screen asks for it. */
export type QuoteGap = 'service' | 'home_size' | 'frequency' | 'start_time' | 'address';

export const quoteGaps = (quote: QuoteData, service: Pick<Service, '_id' | 'prices' | 'order_types'> | undefined, address: Address | undefined): QuoteGap[] => {
  const gaps: QuoteGap[] = [];
  if (!service || quote.service_id !== service._id) gaps.push('service');
  if (!quoteHomeSize(quote)) gaps.push('home_size');
  if (service && isRecurring(service) && !quoteFrequency(quote)) gaps.push('frequency');
  if (!quote.start_time) gaps.push('start_time');
  if (!address?._id) gaps.push('address');
  return gaps;
};

export const checkoutRules = {
  quoteComplete: specRule<{ readonly gaps: readonly QuoteGap[]; readonly planOk: boolean }>({
    id: 'checkout.quoteComplete',
    spec: 'Quote: service_id, vendor_id, start_time, frequency, home_size, promo_code — the cart needs the service, a home size with a price, the frequency of a recurring service, a start time and the service address.',
    source: 'bookings §3, issue 8',
    test: ({ gaps, planOk }) => gaps.length === 0 && planOk,
  }),
  savedCard: specRule<{ readonly cardId: string | undefined }>({
    id: 'checkout.savedCard',
    spec: 'The card dropdown: a saved card (brand, last four digits, expiry) is paid with as it is; "Add New" makes a payment method first.',
    source: 'bookings §2',
    test: ({ cardId }) => cardId !== undefined,
  }),
  declined: specRule<{ readonly code: string | undefined; readonly status: number | undefined }>({
    id: 'checkout.declined',
    spec: 'A declined card gets the decline in plain words, and nothing is created; the next attempt is a new payment (a new Idempotency-Key).',
    source: 'issue 8 Payments',
    test: ({ code, status }) => status !== undefined && status >= 400 && status < 500 && code !== undefined && /card|declin|insufficient|expired|cvc|incorrect|no_card/.test(code),
  }),
} as const;

/**
 * Quote fields from a query (a marketing link): every `quote_set_<field>` parameter, and `default_set_home_size`
 * as the quote's home size when no quote-set one is given.
 */
export const quoteFromQuery = (query: Readonly<Record<string, string | undefined>>): QuoteData => {
  const out: Record<string, string> = {};
  const fallbackSize = query[`${DEFAULT_SET_PREFIX}home_size`];
  if (fallbackSize) out.home_size = fallbackSize;
  for (const field of QuoteFields) {
    const value = query[`${QUOTE_SET_PREFIX}${field}`];
    if (value !== undefined && value.trim() !== '') out[field] = value.trim();
  }
  return out;
};

/** A change to the quote: empty strings remove a field. Choosing another service starts a new quote. */
export const mergeQuote = (stored: QuoteData, patch: QuoteData): QuoteData => {
  const base: Record<string, string | undefined> = patch.service_id && patch.service_id !== stored.service_id ? { home_size: stored.home_size, promo_code: stored.promo_code } : { ...stored };
  for (const [key, value] of Object.entries(patch)) base[key] = value === '' ? undefined : value;
  return Object.fromEntries(Object.entries(base).filter(([, v]) => v !== undefined)) as QuoteData;
};

/** The customer's default address (is_default), else the first one. */
export const defaultAddress = (addresses: readonly Address[]): Address | undefined => addresses.find((a) => a.is_default) ?? addresses[0];

/** Add-on plans of a service: one plan each (`addon-<id>`). */
export const addOnPlan = (addOn: Pick<Service, 'prices'>): PricePlan | undefined => addOn.prices[0];

/** The chosen add-on ids (kept comma-separated in the stored quote). */
export const addOnIds = (quote: QuoteData): string[] => (quote.add_ons ? quote.add_ons.split(',').filter((id) => id !== '') : []);

/** The contract length in months (bookings §9), when the quote names a valid one. */
export const contractLengthOf = (quote: QuoteData): ContractLength | undefined => {
  const n = Number(quote.contract_length);
  return (ContractLengths as readonly number[]).includes(n) ? (n as ContractLength) : undefined;
};

/** The cart (issue 8): the plan's line, the add-ons' lines, the coupon's discount on the plan, tax on the rest, the total — cents. */
export interface CartTotals {
  readonly plan: PricePlan | undefined;
  /** The spec's error when the quote's home size or frequency has no price. */
  readonly problem: { readonly message: string; readonly code: string } | undefined;
  readonly addOns: readonly { readonly service: Service; readonly plan: PricePlan }[];
  readonly subtotal: number;
  readonly discount: number;
  readonly tax: number;
  readonly total: number;
}

export const cartTotals = (
  service: Pick<Service, 'prices' | 'order_types'>,
  quote: QuoteData,
  addOns: readonly Service[],
  coupon: { readonly percent_off?: number | null | undefined; readonly amount_off?: number | null | undefined } | undefined,
  rateBasisPoints: number,
): CartTotals => {
  const choice = quotePlan(service, quote);
  const plan = choice?.ok ? choice.plan : undefined;
  const chosen = addOnIds(quote).flatMap((id) => {
    const addOn = addOns.find((a) => a._id === id);
    const p = addOn ? addOnPlan(addOn) : undefined;
    return addOn && p ? [{ service: addOn, plan: p }] : [];
  });
  const amount = (plan?.value ?? 0) + chosen.reduce((sum, a) => sum + a.plan.value, 0);
  const discount = plan && coupon ? couponDiscount({ percent_off: coupon.percent_off ?? null, amount_off: coupon.amount_off ?? null }, plan.value) : 0;
  const q = quote_(amount, discount, rateBasisPoints);
  const problem = choice && !choice.ok ? { message: choice.message, code: choice.code } : undefined;
  return { plan, problem, addOns: chosen, subtotal: q.subtotal, discount: q.discount, tax: q.tax, total: q.total };
};

// ── the .ics of the first visit ─────────────────────────────────────────────────────────────────────

const icsTime = (iso: string): string => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const icsText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/([,;])/g, '\\$1');

/** An iCalendar file (RFC 5545) with one event: the visit, from its start for its duration. */
export const visitIcs = (visit: {
  readonly uid: string;
  readonly title: string;
  readonly start: string;
  readonly durationMinutes: number;
  readonly location?: string | undefined;
  readonly now: string;
}): string => {
  const end = new Date(Date.parse(visit.start) + Math.max(visit.durationMinutes, 15) * 60_000).toISOString();
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tendwell//Shop//EN',
    'BEGIN:VEVENT',
    `UID:${visit.uid}@tendwell`,
    `DTSTAMP:${icsTime(visit.now)}`,
    `DTSTART:${icsTime(visit.start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(visit.title)}`,
    ...(visit.location ? [`LOCATION:${icsText(visit.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
};
