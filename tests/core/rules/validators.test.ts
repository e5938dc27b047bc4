import { describe, expect, it } from 'vitest';
import {
  alpha,
  alphaNum,
  contributionsValid,
  countWords,
  custom,
  decimal,
  email,
  integer,
  isAllowedTicketFile,
  isValidName,
  isValidReferralId,
  isValidTimeString,
  isWithinWorkingHours,
  maxLength,
  maxValue,
  minLength,
  minValue,
  name,
  noteRequired,
  parseTimeString,
  referralId,
  required,
  validate,
} from '../../../src/core/rules/validators';

describe('field validators (bookings §5 table)', () => {
  it('required', () => {
    expect(required('')).toBe('Text Field is required');
    expect(required('  ')).toBe('Text Field is required');
    expect(required(null)).toBe('Text Field is required');
    expect(required(undefined)).toBe('Text Field is required');
    expect(required(0)).toBeUndefined();
    expect(required('x')).toBeUndefined();
  });
  it('email', () => {
    expect(email('a@b.co')).toBeUndefined();
    expect(email('first.last+tag@sub.example.org')).toBeUndefined();
    for (const bad of ['a@b', 'a b@c.d', '@b.co', 'a@.co', 'plain']) expect(email(bad)).toBe('Invalid email address');
    expect(email('')).toBeUndefined();
  });
  it('min and max length', () => {
    expect(minLength(3)('ab')).toBe('Minimum length is 3');
    expect(minLength(3)('abc')).toBeUndefined();
    expect(maxLength(3)('abcd')).toBe('Maximum length is 3');
    expect(maxLength(3)('abc')).toBeUndefined();
    expect(maxLength(2, { words: true })('one two three')).toBe('Maximum length is 2 words');
    expect(maxLength(3, { words: true })('one  two three')).toBeUndefined();
    expect(countWords('  a b   c ')).toBe(3);
  });
  it('min and max value', () => {
    expect(minValue(1)(0)).toBe('Minimum Value is 1');
    expect(minValue(1)('1')).toBeUndefined();
    expect(maxValue(10)('11')).toBe('Maximum Value is 10');
    expect(maxValue(10)(10)).toBeUndefined();
    expect(maxValue(10)('abc')).toBe('Maximum Value is 10');
  });
  it('alpha, alphaNum, decimal, integer', () => {
    expect(alpha('José')).toBeUndefined();
    expect(alpha('Jo3')).toBe('Only alphabetical characters are allowed');
    expect(alphaNum('abc123')).toBeUndefined();
    expect(alphaNum('abc 123')).toBe('Only alpha numerics are allowed');
    expect(decimal('12.5')).toBeUndefined();
    expect(decimal('-0.5')).toBeUndefined();
    expect(decimal('12.5.1')).toBe('Only decimals');
    expect(integer('42')).toBeUndefined();
    expect(integer('4.2')).toBe('Only Integers');
  });
  it('custom has the generic Error message', () => {
    expect(custom(() => false)('x')).toBe('Error');
    expect(custom(() => true)('x')).toBeUndefined();
  });
  it('validate returns the first failure', () => {
    expect(validate('', [required, email])).toBe('Text Field is required');
    expect(validate('nope', [required, email])).toBe('Invalid email address');
    expect(validate('a@b.co', [required, email])).toBeUndefined();
  });
});

describe('names, notes, referral ids', () => {
  it('name check ignores digits, quotes, hyphens, commas and spaces', () => {
    expect(isValidName("O'Neil-Smith, Jr 3rd")).toBe(true);
    expect(isValidName('Anne "Annie" Marie')).toBe(true);
    expect(isValidName('Zoë Núñez')).toBe(true);
    expect(isValidName('Bob!')).toBe(false);
    expect(isValidName('a.b')).toBe(false);
    expect(name('Bob_')).toBe('Only alphabetical characters are allowed');
  });
  it('note required', () => {
    expect(noteRequired(' ')).toBe('Note is required!');
    expect(noteRequired('ok')).toBeUndefined();
  });
  it('referral id has no spaces', () => {
    expect(isValidReferralId('GREEN-TEAM')).toBe(true);
    expect(isValidReferralId('green team')).toBe(false);
    expect(isValidReferralId('')).toBe(false);
    expect(isValidReferralId('a')).toBe(false); // the contract: 2–40 letters, digits, _ or -
    expect(isValidReferralId('a.b')).toBe(false);
    expect(referralId('a b')).toBe('Invalid referral id');
  });
});

describe('time strings', () => {
  it.each(['0000', '2359', '08:30', '23:00', '1945'])('%s is valid', (t) => expect(isValidTimeString(t)).toBe(true));
  it.each(['2400', '0960', '8:30', '12:3', '12:345', 'ab:cd', '12-30'])('%s is not', (t) => expect(isValidTimeString(t)).toBe(false));
  it('parses to minutes', () => {
    expect(parseTimeString('08:30')).toBe(510);
    expect(parseTimeString('2359')).toBe(1439);
    expect(parseTimeString('24:00')).toBeUndefined();
  });
  it('working range is 8 AM to 8 PM', () => {
    expect(isWithinWorkingHours('0759')).toBe(false);
    expect(isWithinWorkingHours('08:00')).toBe(true);
    expect(isWithinWorkingHours('2000')).toBe(true);
    expect(isWithinWorkingHours('2001')).toBe(false);
  });
});

describe('other limits', () => {
  it('contributions total under 100%', () => {
    expect(contributionsValid([50, 49.5])).toBe(true);
    expect(contributionsValid([50, 50])).toBe(false);
  });
  it('ticket files: jpg or png under 500 kb', () => {
    expect(isAllowedTicketFile({ type: 'image/png', size: 500 * 1024 - 1 })).toBe(true);
    expect(isAllowedTicketFile({ type: 'image/jpeg', size: 500 * 1024 })).toBe(false);
    expect(isAllowedTicketFile({ type: 'image/gif', size: 10 })).toBe(false);
  });
});
