import { describe, expect, it } from 'vitest';
import { errorSubject, isErrorAbout } from '../../../src/core/rules/form-errors';

describe('server refusals placed on form fields', () => {
  it('names the field a known code is about', () => {
    expect(errorSubject('email_exists')).toBe('email');
    expect(errorSubject('invalid_phone')).toBe('phone');
    expect(errorSubject('phone_exists')).toBe('phone');
    expect(errorSubject('code_verification_failed')).toBe('code');
    expect(errorSubject('too_many_requests')).toBe('form');
  });

  it('sends other codes to the form, or to the form\'s own fallback', () => {
    expect(errorSubject('internal')).toBe('form');
    expect(errorSubject(undefined)).toBe('form');
    expect(errorSubject('constructor')).toBe('form');
    // The phone panel: a refused code the table does not know is still about the code…
    expect(errorSubject('invalid_request', 'code')).toBe('code');
    // …but a rate limit is said above the form, not on the code field.
    expect(errorSubject('too_many_requests', 'code')).toBe('form');
  });

  it('isErrorAbout asks one field', () => {
    expect(isErrorAbout('email_exists', 'email')).toBe(true);
    expect(isErrorAbout('email_exists', 'phone')).toBe(false);
    expect(isErrorAbout('phone_exists', 'phone')).toBe(true);
    expect(isErrorAbout('not_found', 'code', 'code')).toBe(true);
  });
});
