import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account, UserInfo } from '../../../src/core/model/user';
import type { AccountId, UserId } from '../../../src/core/model/ids';
import { findRoute } from '../../../src/core/routes';
import { decideRoute, type RouteSession } from '../../../src/ui/app/router';
import type { ScreenProps, ScreenRegistry } from '../../../src/ui/app/routing';
import { APP_SCREENS } from '../../../src/ui/app/screen-registry';
import { account, multiUser, superUser } from '../../machines/models/session.fixtures';
import { renderApp } from './harness';

const userWith = (active: Account): UserInfo => ({
  _id: 'e0000000000000000000000e' as UserId,
  email: `${active.type}@tendwell.test`,
  role: active.type,
  first_name: 'Pat',
  accounts: [{ id: active._id, type: active.type }],
  account: active,
});

const id = (n: number) => `${n}`.padStart(24, 'a') as AccountId;
const customer = userWith(account(id(1), 'customer', 'en'));
const newCustomer = userWith(account(id(2), 'customer', 'en', {}));
const vendor = userWith({ ...account(id(3), 'vendor', 'en'), settings: { language_preference: 'en', stripe_id: 'acct_1' } });
const newVendor = userWith(account(id(4), 'vendor', 'en', {}));
const organization = userWith({ ...account(id(5), 'organization', 'en', { initialSetup: true, isApproved: true }), settings: { language_preference: 'en', stripe_id: 'acct_2' } });
const pendingOrganization = userWith({ ...account(id(6), 'organization', 'en', { initialSetup: true, isApproved: false }), settings: { language_preference: 'en', stripe_id: 'acct_3' } });
const unpaidOrganization = userWith(account(id(7), 'organization', 'en', { initialSetup: true, isApproved: true }));

/** Stand-ins that name the screen, so a test sees which route rendered. */
const named = (text: string) =>
  function Named({ route }: ScreenProps) {
    return <h1>{`${text} (${route.name})`}</h1>;
  };
const SCREENS: ScreenRegistry = {
  ...APP_SCREENS,
  'customer.onboarding': named('Customer onboarding'),
  'vendor.onboarding': named('Vendor onboarding'),
  'vendor.dashboard': named('Vendor dashboard'),
  'organization.onboarding': named('Organization onboarding'),
  'organization.pendingApproval': named('Pending approval'),
  'organization.dashboard': named('Organization dashboard'),
  'customer.billing': named('Billing'),
};

async function at(path: string, user?: UserInfo) {
  const app = renderApp(path, user ? { storedToken: 'token-1', user } : {}, { screens: SCREENS });
  await waitFor(() => expect(app.actor.getSnapshot().hasTag('resolving')).toBe(false));
  return app;
}

describe('the route guards', () => {
  it('send a visitor opening /billing to log in, with redirectFrom', async () => {
    const app = await at('/billing');
    await waitFor(() => expect(app.current()).toBe('/login?redirectFrom=%2Fbilling'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Tendwell' })).toBeTruthy();
  });

  it("tell a customer at /admin 'You are not allowed to view this route.'", async () => {
    const app = await at('/admin', customer);
    await waitFor(() => expect(app.current()).toBe('/not-authorized'));
    expect(await screen.findByText('You are not allowed to view this route.')).toBeTruthy();
  });

  it('let the right role in', async () => {
    await at('/billing', customer);
    expect(await screen.findByRole('heading', { name: 'Billing (customer.billing)' })).toBeTruthy();
  });

  it('wait for the session before judging a guarded route', () => {
    const app = renderApp('/billing', { storedToken: 'token-1', user: customer }, { screens: SCREENS });
    // Booting: nothing decided yet, no redirect to /login.
    expect(app.current()).toBe('/billing');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});

describe('the onboarding gates', () => {
  it.each([
    ['a customer without initialSetup', newCustomer, '/dashboard', '/customer/onboarding'],
    ['a vendor without initialSetup', newVendor, '/vendor/appointments', '/vendor/onboarding'],
    ['a set-up vendor at its onboarding', vendor, '/vendor/onboarding', '/vendor'],
    ['an organization without a payment-provider id', unpaidOrganization, '/organization/appointments', '/organization/onboarding'],
    ['an organization awaiting approval', pendingOrganization, '/organization/vendors', '/organization/pending-approval'],
    ['an approved organization at pending-approval', organization, '/organization/pending-approval', '/organization'],
  ])('send %s from %s to %s', async (_, user, from, to) => {
    const app = await at(from, user);
    await waitFor(() => expect(app.current()).toBe(to));
  });
});

describe('route redirects', () => {
  it.each([
    ['/', customer, '/dashboard'],
    ['/', vendor, '/vendor/appointments'],
    ['/', superUser, '/admin'],
    ['/affiliate', userWith(account(id(8), 'affiliate', 'en')), '/affiliate/dashboard'],
    ['/', userWith(account(id(9), 'affiliate', 'en')), '/affiliate/dashboard'],
  ])('%s sends the signed-in user home', async (from, user, to) => {
    const app = await at(from, user);
    await waitFor(() => expect(app.current()).toBe(to));
  });
});

describe('decideRoute (the order of the rules)', () => {
  const session = (over: Partial<RouteSession>): RouteSession => ({ resolving: false, signedIn: true, role: 'customer', account: null, ...over });
  const decide = (location: string, s: RouteSession, development = false) => decideRoute(findRoute(location), location, s, { development });

  it('checks login before role, and carries the query in redirectFrom', () => {
    expect(decide('/admin/customers?page=2', session({ signedIn: false, role: 'none' }))).toEqual({
      kind: 'redirect',
      to: '/login?redirectFrom=%2Fadmin%2Fcustomers%3Fpage%3D2',
      reason: 'signIn',
    });
  });

  it('renders public routes while the session resolves, and waits on guarded ones', () => {
    expect(decide('/login', session({ resolving: true, signedIn: false }))).toEqual({ kind: 'render' });
    expect(decide('/billing', session({ resolving: true, signedIn: false }))).toEqual({ kind: 'wait' });
  });

  it('opens developer tools to anyone in development only', () => {
    expect(decide('/dev/flows', session({ resolving: true, signedIn: false, role: 'none' }), true)).toEqual({ kind: 'render' });
    expect(decide('/dev/flows', session({ signedIn: false, role: 'none' }), false)).toMatchObject({ kind: 'redirect', reason: 'signIn' });
  });

  it('applies the onboarding gate before the role-home redirect of /', () => {
    expect(decide('/', session({ account: newCustomer.account! }))).toEqual({ kind: 'redirect', to: '/customer/onboarding', reason: 'onboarding' });
    expect(decide('/', session({ account: customer.account! }))).toEqual({ kind: 'redirect', to: '/dashboard', reason: 'route' });
  });
});

describe('the account switcher', () => {
  it('shows for a user with several accounts and opens /auth/switch-account/{id}', async () => {
    const app = await at('/dashboard', { ...multiUser, account: { ...multiUser.account!, settings: { language_preference: 'en' } } });
    const select = (await screen.findByRole('combobox', { name: 'Account' })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Customer', 'Affiliate']);
    app.calls.switchAccount.mockImplementation(() => new Promise(() => undefined));
    await act(async () => {
      select.value = multiUser.accounts[1]!.id;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(app.calls.switchAccount).toHaveBeenCalledWith({ accountId: multiUser.accounts[1]!.id, accountType: 'affiliate' }));
    expect(app.location.history).toContain(`/auth/switch-account/${multiUser.accounts[1]!.id}`);
    expect(await screen.findByText('Switching account…')).toBeTruthy();
  });

  it('is absent for a single account', async () => {
    await at('/dashboard', customer);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat' });
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });
});
