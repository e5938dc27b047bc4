import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Frequencies, HomeSizes, type Frequency, type HomeSize, type PricePlan } from '../../../src/core/model/service';
import {
  COUPON_EXPIRED,
  COUPON_NOT_FOR_SERVICE,
  COUPON_USED_UP,
  type CouponTerms,
  NO_PRICE_FOR_FREQUENCY,
  NO_PRICE_FOR_HOME_SIZE,
  choosePlan,
  couponDiscount,
  couponDiscounts,
  couponRefusal,
  datePickerWindow,
  frequencyOptions,
  isSelectableDay,
  localDateAt,
  monthlyCost,
  planSuggestions,
  priceQuote,
  quote,
  startSlots,
  taxCents,
} from '../../../src/core/rules/pricing';

const plan = (home_size: HomeSize, frequency: Frequency | undefined, value: number): PricePlan => ({
  plan_id: `p-${home_size}-${frequency ?? 'once'}`,
  label: `${home_size} ${frequency ?? 'one time'}`,
  value,
  frequency: frequency ?? null,
  preference_match_size: home_size,
  priceAutoSelectRules: frequency ? { home_size, frequency } : { home_size },
});

// Per visit: weekly cheapest, monthly dearest; larger homes dearer (like the demo catalogue).
const PRICES: Record<HomeSize, Record<Frequency, number>> = {
  small: { week: 3500, biweek: 4000, month: 4500 },
  medium: { week: 4600, biweek: 5200, month: 5800 },
  large: { week: 5900, biweek: 6600, month: 7400 },
};
const MOWING = HomeSizes.flatMap((size) => Frequencies.map((f) => plan(size, f, PRICES[size][f])));

describe('choosing a plan (home size × frequency)', () => {
  it('finds the one plan of every cell of the matrix', () => {
    for (const size of HomeSizes)
      for (const f of Frequencies) {
        const choice = choosePlan(MOWING, size, f);
        expect(choice).toEqual({ ok: true, plan: expect.objectContaining({ value: PRICES[size][f], plan_id: `p-${size}-${f}` }) });
      }
  });

  it("says 'No price available for home size' when the size has no plan at all", () => {
    expect(choosePlan(MOWING.filter((p) => p.preference_match_size !== 'large'), 'large', 'week')).toEqual({ ok: false, code: 'no_price_for_home_size', message: NO_PRICE_FOR_HOME_SIZE });
  });

  it("says 'No price available for selected frequency' when the size has plans but not that frequency", () => {
    const noMonthly = MOWING.filter((p) => p.frequency !== 'month');
    expect(choosePlan(noMonthly, 'small', 'month')).toEqual({ ok: false, code: 'no_price_for_frequency', message: NO_PRICE_FOR_FREQUENCY });
  });

  it('chooses one-time prices by home size alone', () => {
    const leaves = [plan('small', undefined, 9900), plan('medium', undefined, 12900)];
    expect(choosePlan(leaves, 'medium')).toEqual({ ok: true, plan: expect.objectContaining({ value: 12900 }) });
    expect(choosePlan(leaves, 'medium', 'week')).toEqual({ ok: false, code: 'no_price_for_frequency', message: NO_PRICE_FOR_FREQUENCY });
    expect(choosePlan(leaves, 'large')).toEqual({ ok: false, code: 'no_price_for_home_size', message: NO_PRICE_FOR_HOME_SIZE });
  });

  it('property: any matrix with distinct cells gives back exactly the cell asked for', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 9, maxLength: 9 }), fc.constantFrom(...HomeSizes), fc.constantFrom(...Frequencies), (values, size, f) => {
        const plans = HomeSizes.flatMap((s, i) => Frequencies.map((fr, j) => plan(s, fr, values[i * 3 + j]!)));
        const choice = choosePlan(plans, size, f);
        return choice.ok && choice.plan.value === values[HomeSizes.indexOf(size) * 3 + Frequencies.indexOf(f)];
      }),
    );
  });
});

describe('the frequency item', () => {
  it("marks the lowest price per visit 'Lowest price!' and gives the others the better plan and the difference", () => {
    const rows = frequencyOptions(MOWING, 'medium', 'biweek');
    expect(rows.map((r) => [r.frequency, r.lowest, r.difference, r.change])).toEqual([
      ['week', true, -600, 'decrease'],
      ['biweek', false, 0, 'same'],
      ['month', false, 600, 'increase'],
    ]);
    expect(rows[0]!.betterPlan).toBeUndefined();
    expect(rows[2]!.betterPlan).toEqual({ frequency: 'week', savesPerVisit: 1200 });
  });

  it('lists only the frequencies the home size has a plan for', () => {
    expect(frequencyOptions(MOWING.filter((p) => p.frequency !== 'week'), 'small', 'month').map((r) => r.frequency)).toEqual(['biweek', 'month']);
    expect(frequencyOptions(MOWING, 'small').every((r) => r.difference === 0)).toBe(true);
  });
});

describe('price-plan suggestions', () => {
  it('compares the monthly cost (week ×52/12, biweek ×26/12, month ×1)', () => {
    expect(monthlyCost(3500, 'week')).toBe(15167); // 15166.67 rounds up
    expect(monthlyCost(4000, 'biweek')).toBe(8667);
    expect(monthlyCost(4500, 'month')).toBe(4500);
  });

  it("offers 'Switch to {frequency}ly and save $X', largest saving first", () => {
    const s = planSuggestions(MOWING, 'small', 'week');
    expect(s.map((x) => x.message)).toEqual(['Switch to monthly and save $106.67', 'Switch to biweekly and save $65.00']);
    expect(s.map((x) => x.savesPerMonth)).toEqual([15167 - 4500, 15167 - 8667]);
  });

  it('suggests nothing that costs more a month', () => {
    expect(planSuggestions(MOWING, 'small', 'month')).toEqual([]);
    expect(planSuggestions(MOWING, 'large', 'biweek').map((x) => x.frequency)).toEqual(['month']);
  });
});

const coupon = (fields: Partial<CouponTerms>): CouponTerms => ({
  code: 'X',
  percent_off: null,
  amount_off: null,
  duration: 'once',
  duration_in_months: null,
  expires_at: null,
  max_redemptions: null,
  times_redeemed: 0,
  service_ids: [],
  ...fields,
});

describe('coupons', () => {
  const now = '2026-05-10T12:00:00.000Z';

  it('refuses an expired code, a used-up code and a code for another service, in that order', () => {
    expect(couponRefusal(coupon({ expires_at: '2026-05-10T12:00:00.000Z' }), 's1', now)?.message).toBe(COUPON_EXPIRED);
    expect(couponRefusal(coupon({ expires_at: '2026-05-10T12:00:01.000Z' }), 's1', now)).toBeUndefined();
    expect(couponRefusal(coupon({ max_redemptions: 3, times_redeemed: 3 }), 's1', now)?.message).toBe(COUPON_USED_UP);
    expect(couponRefusal(coupon({ max_redemptions: 3, times_redeemed: 2 }), 's1', now)).toBeUndefined();
    expect(couponRefusal(coupon({ service_ids: ['s2'] }), 's1', now)?.message).toBe(COUPON_NOT_FOR_SERVICE);
    expect(couponRefusal(coupon({ service_ids: ['s2', 's1'] }), 's1', now)).toBeUndefined();
    expect(couponRefusal(coupon({ expires_at: '2026-01-01T00:00:00.000Z', max_redemptions: 1, times_redeemed: 1 }), 's1', now)?.code).toBe('coupon_expired');
  });

  it('takes a percentage rounded half-up to the cent, or an amount never larger than the charge', () => {
    expect(couponDiscount(coupon({ percent_off: 10 }), 3505)).toBe(351); // 350.5 → 351
    expect(couponDiscount(coupon({ percent_off: 15 }), 3500)).toBe(525);
    expect(couponDiscount(coupon({ percent_off: 12.5 }), 1001)).toBe(125); // 125.125
    expect(couponDiscount(coupon({ amount_off: 500 }), 3500)).toBe(500);
    expect(couponDiscount(coupon({ amount_off: 500 }), 300)).toBe(300);
  });

  const weekly = (n: number, amount = 3500): { at: string; amount: number }[] =>
    Array.from({ length: n }, (_, i) => ({ at: new Date(Date.parse('2026-01-31T15:00:00.000Z') + i * 7 * 86_400_000).toISOString(), amount }));

  it("'once' discounts the first charge only", () => {
    expect(couponDiscounts(coupon({ percent_off: 10, duration: 'once' }), weekly(4))).toEqual([350, 0, 0, 0]);
  });

  it("'repeating' discounts the charges of the first N calendar months", () => {
    // First charge 31 January: three months run until 30 April (clamped), 15:00 UTC.
    const charges = weekly(14);
    const d = couponDiscounts(coupon({ amount_off: 500, duration: 'repeating', duration_in_months: 3 }), charges);
    const lastDiscounted = charges.filter((_, i) => d[i]! > 0).at(-1)!.at;
    expect(lastDiscounted).toBe('2026-04-25T15:00:00.000Z');
    expect(d.filter((x) => x > 0)).toHaveLength(13);
    expect(d.at(-1)).toBe(0);
  });

  it("'forever' discounts every charge", () => {
    expect(couponDiscounts(coupon({ percent_off: 15, duration: 'forever' }), weekly(30)).every((x) => x === 525)).toBe(true);
  });

  it('property: a discount is never negative nor more than the charge, and once applies exactly once', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.record({ percent_off: fc.integer({ min: 0, max: 100 }), amount_off: fc.constant(null) }), fc.record({ percent_off: fc.constant(null), amount_off: fc.integer({ min: 0, max: 50_000 }) })),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 20 }),
        (terms, amounts) => {
          const charges = amounts.map((amount, i) => ({ at: new Date(Date.UTC(2026, 0, 1 + i * 14)).toISOString(), amount }));
          const once = couponDiscounts(coupon({ ...terms, duration: 'once' }), charges);
          const forever = couponDiscounts(coupon({ ...terms, duration: 'forever' }), charges);
          const ok = (d: number[]) => d.every((x, i) => x >= 0 && x <= amounts[i]!);
          return ok(once) && ok(forever) && once.slice(1).every((x) => x === 0) && once[0] === forever[0];
        },
      ),
    );
  });
});

describe('tax', () => {
  it('rounds half-up to the cent', () => {
    expect(taxCents(1000, 825)).toBe(83); // 82.5 → 83
    expect(taxCents(999, 825)).toBe(82); // 82.4175
    expect(taxCents(3500, 625)).toBe(219); // 218.75
    expect(taxCents(200, 625)).toBe(13); // 12.5 → 13
    expect(taxCents(0, 825)).toBe(0);
    expect(taxCents(1000, 0)).toBe(0);
  });

  it('a quote taxes what is left after the discount', () => {
    expect(quote(3500, 350, 825)).toEqual({ subtotal: 3500, discount: 350, tax: 260, total: 3410 }); // 259.875 → 260
    expect(quote(300, 500, 825)).toEqual({ subtotal: 300, discount: 300, tax: 0, total: 0 });
  });
});

describe('the quote', () => {
  it('prices the first charge of a choice: plan, coupon, tax', () => {
    expect(priceQuote(MOWING, { homeSize: 'medium', frequency: 'biweek' }, { percent_off: 10, amount_off: null }, 825)).toEqual({
      ok: true,
      plan: expect.objectContaining({ value: 5200 }),
      quote: { subtotal: 5200, discount: 520, tax: 386, total: 5066 }, // 4680 × 8.25 % = 386.1
    });
    expect(priceQuote(MOWING, { homeSize: 'small', frequency: 'week' }, undefined, 0)).toMatchObject({ quote: { total: 3500 } });
    expect(priceQuote([], { homeSize: 'small', frequency: 'week' }, undefined, 825)).toMatchObject({ ok: false, code: 'no_price_for_home_size' });
  });
});

describe('the date picker and start times', () => {
  it('allows tomorrow up to the last day of the month after next', () => {
    expect(datePickerWindow('2026-11-23')).toEqual({ first: '2026-11-24', last: '2027-01-31' });
    expect(datePickerWindow('2026-12-31')).toEqual({ first: '2027-01-01', last: '2027-02-28' });
    expect(datePickerWindow('2027-11-30')).toEqual({ first: '2027-12-01', last: '2028-01-31' });
    expect(datePickerWindow('2027-12-15')).toEqual({ first: '2027-12-16', last: '2028-02-29' });
    expect(isSelectableDay('2026-11-23', '2026-11-23')).toBe(false);
    expect(isSelectableDay('2026-11-24', '2026-11-23')).toBe(true);
    expect(isSelectableDay('2027-01-31', '2026-11-23')).toBe(true);
    expect(isSelectableDay('2027-02-01', '2026-11-23')).toBe(false);
    expect(isSelectableDay('someday', '2026-11-23')).toBe(false);
  });

  it('counts the day at the address: the same instant is a different day in Chicago and in Denver', () => {
    const at = Date.parse('2026-12-01T06:30:00.000Z');
    expect(localDateAt(at, -360)).toBe('2026-12-01'); // Chicago, 00:30
    expect(localDateAt(at, -420)).toBe('2026-11-30'); // Denver, 23:30
    expect(datePickerWindow(localDateAt(at, -360))).toEqual({ first: '2026-12-02', last: '2027-02-28' });
    expect(datePickerWindow(localDateAt(at, -420))).toEqual({ first: '2026-12-01', last: '2027-01-31' });
  });

  it('offers starts every 15 minutes from 8 AM so the visit ends by 8 PM', () => {
    const short = startSlots();
    expect(short[0]).toBe('08:00');
    expect(short.at(-1)).toBe('19:45');
    expect(short).toHaveLength(48);
    expect(short[1]).toBe('08:15');
    expect(startSlots(60).at(-1)).toBe('19:00');
    expect(startSlots(45).at(-1)).toBe('19:15');
  });
});
