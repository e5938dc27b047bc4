import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, isCompleteCode, sanitizeCode } from '../../../src/core/rules/code';

describe('verification code', () => {
  it('is complete at 4 digits', () => {
    expect(CODE_LENGTH).toBe(4);
    expect(isCompleteCode('1234')).toBe(true);
    expect(isCompleteCode('123')).toBe(false);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12a4')).toBe(false);
  });
  it('sanitizes typed or pasted input to at most four digits', () => {
    expect(sanitizeCode(' 12-34 5')).toBe('1234');
    expect(sanitizeCode('1a')).toBe('1');
  });
});
