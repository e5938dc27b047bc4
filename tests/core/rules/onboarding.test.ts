import { describe, expect, it } from 'vitest';
import {
  afterEmailRegistrationPath,
  needsOnboarding,
  onboardingRedirect,
} from '../../../src/core/rules/onboarding';
import type { AccountType } from '../../../src/core/model/roles';
import type { AccountMeta, AccountSettings } from '../../../src/core/model/user';

const account = (type: AccountType, meta: AccountMeta = {}, settings: AccountSettings = {}) => ({ type, meta, settings });

describe('customer and affiliate gates', () => {
  it.each([
    ['customer', '/customer/onboarding', '/dashboard'],
    ['affiliate', '/affiliate/onboarding', '/affiliate/dashboard'],
  ] as const)('%s without initialSetup and skipOnboarding goes to %s', (type, onboarding, home) => {
    expect(onboardingRedirect(account(type), home)).toBe(onboarding);
    expect(onboardingRedirect(account(type), onboarding)).toBeUndefined();
    expect(onboardingRedirect(account(type, { skipOnboarding: true }), home)).toBeUndefined();
    expect(onboardingRedirect(account(type, { initialSetup: true }), home)).toBeUndefined();
    expect(onboardingRedirect(account(type, { initialSetup: false, skipOnboarding: false }), home)).toBe(onboarding);
  });
  it('never gates a public route', () => {
    expect(onboardingRedirect(account('customer'), '/logout')).toBeUndefined();
    expect(onboardingRedirect(account('vendor'), '/login?x=1')).toBeUndefined();
  });
});

describe('vendor gate', () => {
  it('without initialSetup goes to /vendor/onboarding', () => {
    expect(onboardingRedirect(account('vendor'), '/vendor/appointments')).toBe('/vendor/onboarding');
    expect(onboardingRedirect(account('vendor', { skipOnboarding: true }), '/vendor')).toBe('/vendor/onboarding');
    expect(onboardingRedirect(account('vendor'), '/vendor/onboarding')).toBeUndefined();
  });
  it('once set, /vendor/onboarding goes to /vendor', () => {
    expect(onboardingRedirect(account('vendor', { initialSetup: true }), '/vendor/onboarding')).toBe('/vendor');
    expect(onboardingRedirect(account('vendor', { initialSetup: true }), '/vendor/appointments')).toBeUndefined();
  });
});

describe('organization gates', () => {
  const ready = { initialSetup: true, isApproved: true };
  it('needs initialSetup AND stripe_id, else onboarding', () => {
    expect(onboardingRedirect(account('organization', { isApproved: true }, { stripe_id: 'acct_1' }), '/organization')).toBe('/organization/onboarding');
    expect(onboardingRedirect(account('organization', ready), '/organization')).toBe('/organization/onboarding');
    expect(onboardingRedirect(account('organization', ready, { stripe_id: null }), '/organization')).toBe('/organization/onboarding');
    expect(onboardingRedirect(account('organization', ready, { stripe_id: '' }), '/organization')).toBe('/organization/onboarding');
    expect(onboardingRedirect(account('organization', ready), '/organization/onboarding')).toBeUndefined();
    expect(onboardingRedirect(account('organization', { isApproved: false }), '/organization/pending-approval')).toBe('/organization/onboarding');
  });
  it('with both, the onboarding route goes to /organization', () => {
    expect(onboardingRedirect(account('organization', ready, { stripe_id: 'acct_1' }), '/organization/onboarding')).toBe('/organization');
    expect(onboardingRedirect(account('organization', ready, { stripe_id: 'acct_1' }), '/organization/vendors')).toBeUndefined();
  });
  it('isApproved false goes to /organization/pending-approval', () => {
    const waiting = account('organization', { initialSetup: true, isApproved: false }, { stripe_id: 'acct_1' });
    expect(onboardingRedirect(waiting, '/organization/appointments')).toBe('/organization/pending-approval');
    expect(onboardingRedirect(waiting, '/organization/pending-approval')).toBeUndefined();
    expect(onboardingRedirect(waiting, '/organization/onboarding')).toBe('/organization/pending-approval');
    expect(onboardingRedirect(account('organization', { initialSetup: true }, { stripe_id: 'acct_1' }), '/organization')).toBe('/organization/pending-approval');
  });
  it('once approved, the pending route goes to /organization', () => {
    expect(onboardingRedirect(account('organization', ready, { stripe_id: 'acct_1' }), '/organization/pending-approval')).toBe('/organization');
  });
});

describe('registration landing', () => {
  it('email registration goes to the type onboarding route', () => {
    expect(afterEmailRegistrationPath('affiliate')).toBe('/affiliate/onboarding');
    expect(afterEmailRegistrationPath('organization')).toBe('/organization/onboarding');
    expect(afterEmailRegistrationPath('customer')).toBe('/customer/onboarding');
  });
  it('needsOnboarding mirrors the gates', () => {
    expect(needsOnboarding(account('customer', { skipOnboarding: true }))).toBe(false);
    expect(needsOnboarding(account('vendor', { skipOnboarding: true }))).toBe(true);
  });
});
