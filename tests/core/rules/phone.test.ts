import { describe, expect, it } from 'vitest';
import { INVALID_PHONE_MESSAGE, isValidResendPhone, maskPhone, resendPhoneError, toE164Us } from '../../../src/core/rules/phone';

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
