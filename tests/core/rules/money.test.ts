import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  canApplyCredit,
  centsToDollars,
  creditAdjustment,
  creditAmountCents,
  creditNoteError,
  dollarsToCents,
  formatCents,
  parseCreditAmount,
  parseMoneyInput,
} from '../../../src/core/rules/money';

describe('money formatting', () => {
  it('cents to dollars', () => {
    expect(centsToDollars(1234)).toBe(12.34);
    expect(formatCents(1234)).toBe('$12.34');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-1234)).toBe('-$12.34');
  });
  it('the locale changes separators, not the currency', () => {
    const es = formatCents(123456, 'es-ES');
    expect(es).toMatch(/1\.?234,56/);
    expect(es).toMatch(/US\$|\$/);
  });
  it('dollars to cents without float drift', () => {
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(-2.5)).toBe(-250);
    expect(dollarsToCents('abc')).toBe(0);
  });
  it.each([
    ['12.3', '12.30'],
    ['12.345', '12.34'],
    ['$1,234.567', '1234.56'],
    ['.5', '0.50'],
    ['7', '7.00'],
    ['007.1', '7.10'],
    ['1.2.3', '1.23'],
    ['abc', ''],
    ['', ''],
  ])('money input %j → %j', (input, out) => expect(parseMoneyInput(input)).toBe(out));
});

describe('credit dialog', () => {
  it('strips non-numeric characters and rounds to 2 decimals', () => {
    expect(parseCreditAmount('$12.345')).toBe(12.35);
    expect(parseCreditAmount('1,000.1')).toBe(1000.1);
    expect(parseCreditAmount('-5')).toBe(5);
    expect(parseCreditAmount('abc')).toBe(0);
    expect(parseCreditAmount('.')).toBe(0);
    expect(creditAmountCents('12.345')).toBe(1235);
  });
  it('apply is disabled at zero and with a note over 500 characters', () => {
    expect(canApplyCredit('0', 'note')).toBe(false);
    expect(canApplyCredit('0.004', 'note')).toBe(false);
    expect(canApplyCredit('', '')).toBe(false);
    expect(canApplyCredit('1', '')).toBe(false); // every adjustment carries its note
    expect(canApplyCredit('1', '  ')).toBe(false);
    expect(canApplyCredit('1', 'Goodwill')).toBe(true);
    expect(canApplyCredit('1', 'x'.repeat(501))).toBe(false);
    expect(canApplyCredit('1', 'x'.repeat(500))).toBe(true);
    expect(creditNoteError('x'.repeat(500))).toBeUndefined();
    expect(creditNoteError('x'.repeat(501))).toBe('Maximum 500 characters');
  });
  it('a credit is negative cents, a debit positive, in usd', () => {
    expect(creditAdjustment('credit', '12.50', 'Rain day')).toEqual({ amount: -1250, description: 'Rain day', currency: 'usd' });
    expect(creditAdjustment('debit', '3', 'Fee')).toEqual({ amount: 300, description: 'Fee', currency: 'usd' });
    expect(Object.is(creditAdjustment('credit', '0', '').amount, 0)).toBe(true);
  });
  it('balance rises for a debit and falls for a credit', () => {
    expect(balanceAfter(1000, creditAdjustment('debit', '2', ''))).toBe(1200);
    expect(balanceAfter(1000, creditAdjustment('credit', '2', ''))).toBe(800);
  });
});
