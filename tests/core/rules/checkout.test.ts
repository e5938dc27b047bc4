/** The checkout's pure rules: the quote from a link, merging, the cart's totals, the .ics, and the set-up gate. */
import { describe, expect, it } from 'vitest';
import { cartTotals, mergeQuote, quoteFromQuery, quoteGaps, visitIcs } from '../../../src/core/rules/checkout';
import { onboardingRedirect } from '../../../src/core/rules/onboarding';
import { hedge, home, mowing, MOWING_ID } from '../../machines/models/shop.fixtures';

describe('quote', () => {
  it('a marketing link fills the quote: quote-set fields, and the default-set home size when none is given', () => {
    expect(quoteFromQuery({ quote_set_service_id: MOWING_ID, quote_set_frequency: 'biweek', default_set_home_size: 'large', other: 'x' })).toEqual({
      service_id: MOWING_ID,
      frequency: 'biweek',
      home_size: 'large',
    });
    expect(quoteFromQuery({ quote_set_home_size: 'small', default_set_home_size: 'large' })).toEqual({ home_size: 'small' });
  });

  it('a change keeps the rest; an empty value removes the field; another service starts again but keeps the home size', () => {
    const q = { service_id: MOWING_ID, home_size: 'medium', frequency: 'week', start_time: 'T', promo_code: 'SAVE10' };
    expect(mergeQuote(q, { frequency: 'month', promo_code: '' })).toEqual({ service_id: MOWING_ID, home_size: 'medium', frequency: 'month', start_time: 'T' });
    expect(mergeQuote(q, { service_id: 'other' })).toEqual({ service_id: 'other', home_size: 'medium', promo_code: 'SAVE10' });
  });

  it('names what is missing before the cart', () => {
    expect(quoteGaps({ service_id: MOWING_ID }, mowing, undefined)).toEqual(['home_size', 'frequency', 'start_time', 'address']);
    expect(quoteGaps({ service_id: MOWING_ID, home_size: 'medium', frequency: 'biweek', start_time: 'T' }, mowing, home)).toEqual([]);
  });
});

describe('cart totals', () => {
  it('plan + add-ons, the coupon on the plan, tax half-up on what is left', () => {
    const quote = { service_id: MOWING_ID, home_size: 'medium', frequency: 'biweek', add_ons: hedge._id };
    expect(cartTotals(mowing, quote, [hedge], undefined, 825)).toMatchObject({ subtotal: 7000, discount: 0, tax: 578, total: 7578 });
    expect(cartTotals(mowing, quote, [hedge], { percent_off: 10, amount_off: null }, 825)).toMatchObject({ subtotal: 7000, discount: 500, tax: 536, total: 7036 });
  });

  it("carries the spec's error when the home size has no price", () => {
    expect(cartTotals(mowing, { home_size: 'large', frequency: 'week' }, [], undefined, 0).problem).toEqual({ code: 'no_price_for_home_size', message: 'No price available for home size' });
  });
});

describe('the first visit as .ics', () => {
  it('one VEVENT from the start for the duration, with escaped text', () => {
    const ics = visitIcs({ uid: 'f1', title: 'Lawn mowing, medium', start: '2026-12-01T15:00:00.000Z', durationMinutes: 60, location: '1 Elm St; Austin', now: '2026-11-23T12:00:00.000Z' });
    expect(ics).toContain('DTSTART:20261201T150000Z\r\nDTEND:20261201T160000Z');
    expect(ics).toContain('SUMMARY:Lawn mowing\\, medium');
    expect(ics).toContain('LOCATION:1 Elm St\\; Austin');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });
});

describe('the set-up gate lets a customer book', () => {
  const pending = { type: 'customer' as const, meta: {}, settings: {} } as never;
  it('opens the shop routes to a customer in set-up, and keeps the rest closed', () => {
    for (const path of ['/services', `/services/${MOWING_ID}`, '/cart', '/order', '/order-success/e00000000000000000000001']) expect(onboardingRedirect(pending, path)).toBeUndefined();
    expect(onboardingRedirect(pending, '/dashboard')).toBe('/customer/onboarding');
    expect(onboardingRedirect(pending, '/billing')).toBe('/customer/onboarding');
  });
});
