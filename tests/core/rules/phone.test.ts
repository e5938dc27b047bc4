import { describe, expect, it } from 'vitest';
import {
  INVALID_PHONE_MESSAGE,
  isValidResendPhone,
  maskPhone,
  maskTypedPhone,
  nationalDigits,
  phoneLastDigits,
  resendPhoneError,
  toE164Us,
  typedPhoneOf,
  typedResendPhone,
} from '../../../src/core/rules/phone';

describe('resend phone', () => {
  it('must be exactly 12 characters', () => {
    expect(isValidResendPhone('+15551234567')).toBe(true);
    expect(isValidResendPhone('5551234567')).toBe(false);
    expect(isValidResendPhone('+155512345678')).toBe(false);
    expect(resendPhoneError('555-1234')).toBe('Invalid phone number format');
    expect(resendPhoneError('+15551234567')).toBeUndefined();
    expect(INVALID_PHONE_MESSAGE).toBe('Invalid phone number format');
  });
  it('toE164Us builds the 12-character form', () => {
    expect(toE164Us('555-123-4567')).toBe('+15551234567');
    expect(toE164Us('1 (555) 123 4567')).toBe('+15551234567');
    expect(toE164Us('555-123')).toBeUndefined();
    expect(toE164Us('25551234567')).toBeUndefined();
    expect(isValidResendPhone(toE164Us('555 123 4567') ?? '')).toBe(true);
  });
});

describe('phone mask', () => {
  it('groups digits 3-3-4 as the user types', () => {
    expect(maskPhone('5551234567')).toBe('555-123-4567');
    expect(maskPhone('(555) 123-45')).toBe('555-123-45');
    expect(maskPhone('5551')).toBe('555-1');
    expect(maskPhone('555123456789')).toBe('555-123-4567');
    expect(maskPhone('')).toBe('');
  });
});

describe('country code', () => {
  it('an eleven-digit number starting with 1 loses the US country code; nothing else changes', () => {
    expect(nationalDigits('+1 555 123 4567')).toBe('5551234567');
    expect(nationalDigits('1-555-123-4567')).toBe('5551234567');
    expect(nationalDigits('555-123-4567')).toBe('5551234567');
    expect(nationalDigits('15551234')).toBe('15551234');
    expect(nationalDigits('25551234567')).toBe('25551234567');
  });
  it('the typed phone is masked after the country code goes (an autofilled +1 number)', () => {
    expect(maskTypedPhone('+1 555 123 4567')).toBe('555-123-4567');
    expect(maskTypedPhone('15551234567')).toBe('555-123-4567');
    expect(maskTypedPhone('1555')).toBe('155-5');
  });
  it('a resend phone in international form is kept as typed, anything else is masked', () => {
    expect(typedResendPhone('+15551234567')).toBe('+15551234567');
    expect(typedResendPhone('+1 555')).toBe('+1 555');
    expect(typedResendPhone('5551234567')).toBe('555-123-4567');
  });
  it('shows only the last four digits', () => {
    expect(phoneLastDigits('+15555550100')).toBe('•••• 0100');
    expect(phoneLastDigits('123')).toBeUndefined();
    expect(phoneLastDigits(undefined)).toBeUndefined();
    expect(phoneLastDigits(null)).toBeUndefined();
  });
});

describe('typedPhoneOf', () => {
  it('shows a stored +1 number in the typed mask, and anything else as it is', () => {
    expect(typedPhoneOf('+15555550101')).toBe('555-555-0101');
    expect(typedPhoneOf('555-555-0101')).toBe('555-555-0101');
    expect(typedPhoneOf('+4930123456')).toBe('+4930123456');
    expect(typedPhoneOf('')).toBe('');
  });
});
