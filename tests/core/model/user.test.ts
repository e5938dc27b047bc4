import { describe, expect, it } from 'vitest';
import { Account, UserInfo } from '../../../src/core/model/user';
import { AccountId, UserId, isObjectId } from '../../../src/core/model/ids';
import { Role } from '../../../src/core/model/roles';
import { fails, id, ok } from './helpers';

const user = {
  _id: id(1),
  email: 'ann@example.com',
  role: 'basic_user',
  first_name: 'Ann',
  accounts: [{ id: id(2), type: 'customer' }, { id: id(3), type: 'vendor' }],
  registerVersion: 'default',
};

const account = {
  _id: id(2),
  type: 'organization',
  primary_email: 'org@example.com',
  first_name: 'Green Co',
  meta: { initialSetup: true, skipOnboarding: false, isApproved: false, last_active_account: id(2) },
  settings: { language_preference: 'default', stripe_id: 'acct_123' },
  integrations: { calendar: { on: true } },
  preferences: {},
};

describe('ids', () => {
  it('are 24 lower-case hex characters', () => {
    expect(ok(AccountId, id(10))).toBe(id(10));
    expect(fails(AccountId, 'ABCDEFABCDEFABCDEFABCDEF')).toMatch(/24 lower-case hex/);
    expect(fails(UserId, '123')).toBeDefined();
    expect(fails(UserId, 42)).toBeDefined();
    expect(isObjectId(id(1))).toBe(true);
    expect(isObjectId('x')).toBe(false);
  });
});

describe('UserInfo', () => {
  it('decodes a user with accounts', () => {
    const u = ok(UserInfo, user);
    expect(u.accounts).toHaveLength(2);
    expect(u.role).toBe('basic_user');
  });
  it('accepts a super user with no accounts and no optional fields', () => {
    expect(ok(UserInfo, { _id: id(9), email: 'root@example.com', role: 'super', accounts: [] }).role).toBe('super');
  });
  it('refuses an unknown role, a bad account type or a missing accounts list', () => {
    expect(fails(UserInfo, { ...user, role: 'root' })).toBeDefined();
    expect(fails(UserInfo, { ...user, accounts: [{ id: id(2), type: 'wizard' }] })).toBeDefined();
    const { accounts: _a, ...noAccounts } = user;
    expect(fails(UserInfo, noAccounts)).toBeDefined();
  });
  it('Role lists the eight roles of accounts §6', () => {
    for (const r of ['super', 'admin', 'customer', 'vendor', 'organization', 'affiliate', 'basic_user', 'none']) expect(fails(Role, r)).toBeUndefined();
  });
});

describe('Account', () => {
  it('decodes meta, settings, integrations and preferences', () => {
    const a = ok(Account, account);
    expect(a.meta.isApproved).toBe(false);
    expect(a.settings.stripe_id).toBe('acct_123');
    expect(a.settings.language_preference).toBe('default');
  });
  it('allows a null stripe_id and empty meta/settings', () => {
    expect(ok(Account, { ...account, meta: {}, settings: { stripe_id: null } }).settings.stripe_id).toBeNull();
  });
  it('refuses a language other than en, es or default, and a non-account type', () => {
    expect(fails(Account, { ...account, settings: { language_preference: 'fr' } })).toBeDefined();
    expect(fails(Account, { ...account, type: 'super' })).toBeDefined();
    expect(fails(Account, { ...account, meta: { initialSetup: 'yes' } })).toBeDefined();
  });
});
