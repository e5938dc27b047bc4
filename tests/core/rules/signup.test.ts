import { describe, expect, it } from 'vitest';
import { affiliateCookie, parseSignupQuery, signupVersion } from '../../../src/core/rules/signup';

describe('signup query (accounts §2)', () => {
  it('reads version, email and aff', () => {
    const q = parseSignupQuery('?version=quote&email=a%40b.co&aff=GREEN');
    expect(q.version).toBe('quote');
    expect(q.email).toBe('a@b.co');
    expect(q.affiliateId).toBe('GREEN');
  });
  it('unknown versions are default', () => {
    expect(signupVersion('v9')).toBe('default');
    expect(signupVersion(null)).toBe('default');
    for (const v of ['default', 'homeSize', '23343', 'quote', '23f3g4']) expect(signupVersion(v)).toBe(v);
  });
  it('stores prefixed values under the remaining name', () => {
    const q = parseSignupQuery(new URLSearchParams({ quote_set_home_size: 'large', quote_set_promo_code: 'SPRING', default_set_home_size: 'small', quote_set_evil: 'x', other: 'y' }));
    expect(q.quote).toEqual({ home_size: 'large', promo_code: 'SPRING' });
    expect(q.setDefault).toEqual({ home_size: 'small' });
  });
  it('refuses an aff value with spaces', () => {
    expect(parseSignupQuery('aff=a%20b').affiliateId).toBeUndefined();
  });
  it('the referral cookie lives 365 days, SameSite Lax', () => {
    expect(affiliateCookie('GREEN')).toEqual({ value: 'GREEN', days: 365, sameSite: 'Lax' });
  });
});
