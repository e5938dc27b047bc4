import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS, brandOfNumber, cardBrandOf, cardDetailsProblem, luhnValid, sandboxTestCard } from '../../../src/core/rules/cards';

const now = new Date('2026-06-01T12:00:00Z');
const card = (fields: Partial<{ number: string; exp_month: number; exp_year: number; cvc: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  ...fields,
});

describe('card rules', () => {
  it('every sandbox test card passes Luhn and has the brand its prefix says', () => {
    for (const c of SANDBOX_TEST_CARDS) {
      expect(luhnValid(c.number), c.number).toBe(true);
      expect(brandOfNumber(c.number), c.number).toBe(c.brand);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });

  it('typed numbers may carry spaces and dashes', () => {
    expect(sandboxTestCard('4000-0027-6000-3184')?.behaviour).toBe('authentication_required');
    expect(sandboxTestCard('4111 1111 1111 1111')).toBeUndefined();
  });

  it('refuses an invalid number, an expiry before this month, a bad month, and a wrong-length security code', () => {
    expect(cardDetailsProblem(card(), now)).toBeNull();
    expect(cardDetailsProblem(card({ number: '4242 4242 4242 4241' }), now)?.field).toBe('number');
    expect(cardDetailsProblem(card({ exp_month: 5, exp_year: 2026 }), now)).toEqual({ field: 'expiry', message: 'Your card has expired.' });
    expect(cardDetailsProblem(card({ exp_month: 6, exp_year: 26 }), now)).toBeNull();
    expect(cardDetailsProblem(card({ exp_month: 0 }), now)?.field).toBe('expiry');
    expect(cardDetailsProblem(card({ cvc: '12' }), now)?.field).toBe('cvc');
    expect(cardDetailsProblem(card({ number: '378282246310005', cvc: '123' }), now)?.field).toBe('cvc');
    expect(cardDetailsProblem(card({ number: '378282246310005', cvc: '1234' }), now)).toBeNull();
  });

  it("shows a provider's brand word as the spec does", () => {
    expect(['visa', 'mastercard', 'amex', 'discover'].map(cardBrandOf)).toEqual(['Visa', 'Mastercard', 'AmericanExpress', 'Other']);
  });
});
