import { describe, expect, it } from 'vitest';
import {
  INVALID_PASSWORD,
  PASSWORD_REQUIREMENTS_TITLE,
  PASSWORD_SPECIAL_CHARACTERS,
  canSubmitNewPassword,
  confirmPasswordError,
  isPassphrase,
  passwordErrors,
  passwordStrength,
  showConfirmField,
  strengthPasses,
  strengthPercent,
} from '../../../src/core/rules/password';

describe('new-password rules', () => {
  it('minimum 6, maximum 128', () => {
    expect(passwordErrors('12345')).toEqual(['minLength']);
    expect(passwordErrors('123456')).toEqual([]);
    expect(passwordErrors('a'.repeat(128))).toEqual([]);
    expect(passwordErrors('a'.repeat(129))).toEqual(['maxLength']);
  });
  it('needs no composition: a lower-case passphrase of 20+ characters is fine', () => {
    const phrase = 'correct horse battery staple';
    expect(passwordErrors(phrase)).toEqual([]);
    expect(isPassphrase(phrase)).toBe(true);
    expect(isPassphrase('short one')).toBe(false);
  });
  it('confirm field shows when longer than 4 characters with no errors', () => {
    expect(showConfirmField('abcd')).toBe(false);
    expect(showConfirmField('abcde')).toBe(false); // 5 > 4, but still under the minimum of 6
    expect(showConfirmField('abcdef')).toBe(true);
    expect(showConfirmField('a'.repeat(129))).toBe(false);
  });
  it('mismatch message', () => {
    expect(confirmPasswordError('abcdef', 'abcdeg')).toBe('Passwords do not match');
    expect(confirmPasswordError('abcdef', 'abcdef')).toBeUndefined();
    expect(canSubmitNewPassword('abcdef', 'abcdef')).toBe(true);
    expect(canSubmitNewPassword('abcdef', 'abc')).toBe(false);
    expect(canSubmitNewPassword('abc', 'abc')).toBe(false);
  });
  it('texts', () => {
    expect(PASSWORD_REQUIREMENTS_TITLE).toBe('Password requirements');
    expect(INVALID_PASSWORD).toBe('Invalid Password');
  });
});

describe('strength meter', () => {
  it.each([
    ['', 1],
    ['abc', 1.75],
    ['Abc1!', 4.25], // 1 + 1 (A) + 0.5 (bc) + 0.75 (1) + 1 (!)
    ['1234', 4],
    ['ABCDE', 6],
    ['!@#$%', 6],
    ['é ñ', 1], // letters outside A–Z/a–z and spaces add nothing
    ['Passw0rd!', 1 + 1 + 6 * 0.25 + 0.75 + 1],
  ])('%j scores %d', (pw, score) => {
    expect(passwordStrength(pw)).toBeCloseTo(score, 10);
  });
  it('passes at 6 or more', () => {
    expect(strengthPasses('ABCDE')).toBe(true);
    expect(strengthPasses('ABCDe')).toBe(false); // 1 + 4 + 0.25 = 5.25
    expect(strengthPasses('Abc1!X')).toBe(false); // 5.25
    expect(strengthPasses('Abc1!XY')).toBe(true); // 6.25
  });
  it('bar is score/15 as a percentage, capped at 100', () => {
    expect(strengthPercent('abc')).toBeCloseTo((1.75 / 15) * 100, 10);
    expect(strengthPercent('ABCDE')).toBeCloseTo(40, 10);
    expect(strengthPercent('ABCDEFGHIJKLMN')).toBe(100); // 15
    expect(strengthPercent('ABCDEFGHIJKLMNOPQRST')).toBe(100); // 21, capped
  });
  it('every printable ASCII punctuation character counts as special', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toHaveLength(32);
    for (const ch of PASSWORD_SPECIAL_CHARACTERS) expect(passwordStrength(ch)).toBe(2);
  });
});
