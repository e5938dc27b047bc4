import { describe, expect, it } from 'vitest';
import { cardExpiry, cardsInOrder, planChanges, refusalCode, upcomingCharge } from '../../../src/core/rules/billing';
import { activeSubscription, mastercard, mowingPlans, pausedSubscription, visa } from '../../machines/models/billing.fixtures';

describe('billing rules', () => {
  it('shows each frequency\'s price for the home size and its difference against today\'s price', () => {
    expect(planChanges(activeSubscription, mowingPlans).map((c) => [c.frequency, c.price, c.difference, c.current])).toEqual([
      ['week', 3500, 0, true],
      ['biweek', 4000, 500, false],
      ['month', 4500, 1000, false],
    ]);
  });

  it('applies a coupon to the next charge only while its duration lasts', () => {
    const base = { subscription: { ...activeSubscription, add_ons: [] }, plans: mowingPlans, rateBasisPoints: 0 };
    const coupon = { code: 'SAVE10', percent_off: 10, amount_off: null, duration_in_months: null };
    expect(upcomingCharge({ ...base, coupon: { ...coupon, duration: 'once' } })?.quote.discount).toBe(0);
    expect(upcomingCharge({ ...base, coupon: { ...coupon, duration: 'forever' } })?.quote).toEqual({ subtotal: 3500, discount: 350, tax: 0, total: 3150 });
    // Repeating for 1 month from 14 Oct: the 26 Nov charge is past it.
    expect(upcomingCharge({ ...base, coupon: { ...coupon, duration: 'repeating', duration_in_months: 1 } })?.quote.discount).toBe(0);
    expect(upcomingCharge({ ...base, coupon: { ...coupon, duration: 'repeating', duration_in_months: 3 } })?.quote.discount).toBe(350);
    expect(upcomingCharge({ ...base, subscription: pausedSubscription })).toBeNull();
  });

  it('explains in the spec\'s words why an action is refused', () => {
    expect(refusalCode('cancel', 'canceled')).toBe('canceled');
    expect(refusalCode('pause', 'suspended')).toBe('suspendedNoPause');
    expect(refusalCode('pause', 'paused')).toBe('alreadyPaused');
    expect(refusalCode('unpause', 'active')).toBeNull();
  });
});

describe('cards', () => {
  it('lists the default card first and shows the expiry as MM/YY', () => {
    expect(cardsInOrder([mastercard, visa]).map((c) => c.last4)).toEqual(['4242', '4444']);
    expect(cardExpiry({ exp_month: 1, exp_year: 2031 })).toBe('01/31');
    expect(cardExpiry({})).toBe('');
  });
});
