import { describe, expect, it } from 'vitest';
import { maskDigits, maskEin, maskSsn } from '../../../src/core/rules/mask';

describe('digit masks', () => {
  it('keeps digits and groups them', () => {
    expect(maskDigits('ab12', [1, 1], '.')).toBe('1.2');
    expect(maskDigits('123', [2, 2], '-')).toBe('12-3');
    expect(maskDigits('no digits', [3], '-')).toBe('');
  });
  it('tax ids: SSN 3-2-4, EIN 2-7 (bookings §5)', () => {
    expect(maskSsn('123456789')).toBe('123-45-6789');
    expect(maskSsn('1234567890')).toBe('123-45-6789');
    expect(maskEin('123456789')).toBe('12-3456789');
  });
});
