import { describe, expect, it } from 'vitest';
import {
  FORBIDDEN_ROUTE_MESSAGE,
  activeRole,
  canAdjustCredit,
  canVisit,
  guardRoute,
  homeRouteFor,
  isSafeRedirect,
  postLoginPath,
  safeRedirect,
  shouldLogOut,
  showsChatWidget,
} from '../../../src/core/rules/access';
import { findRoute } from '../../../src/core/routes';
import type { Role } from '../../../src/core/model/roles';

describe('homeRouteFor', () => {
  it.each([
    ['customer', '/dashboard'],
    ['affiliate', '/affiliate'],
    ['vendor', '/vendor/appointments'],
    ['organization', '/organization/appointments'],
    ['super', '/admin'],
    ['none', '/login'],
    ['basic_user', '/login'],
    ['admin', '/login'],
    [undefined, '/login'],
    ['hacker', '/login'],
  ])('%s → %s', (role, path) => {
    expect(homeRouteFor(role)).toBe(path);
  });
  it('every home route is a route the role may open', () => {
    for (const role of ['customer', 'affiliate', 'vendor', 'organization', 'super'] as const) {
      expect(canVisit(findRoute(homeRouteFor(role)).route, { loggedIn: true, role })).toBe(true);
    }
  });
});

describe('activeRole', () => {
  const user = (role: Role) => ({ role });
  it('super comes from the user role, whatever the account', () => {
    expect(activeRole(user('super'), { type: 'customer' })).toBe('super');
    expect(activeRole(user('super'), null)).toBe('super');
  });
  it('otherwise the active account type', () => {
    expect(activeRole(user('basic_user'), { type: 'vendor' })).toBe('vendor');
    expect(activeRole(user('customer'), { type: 'organization' })).toBe('organization');
  });
  it('none without an account or a user', () => {
    expect(activeRole(user('basic_user'), null)).toBe('none');
    expect(activeRole(null, { type: 'vendor' })).toBe('none');
  });
});

describe('shouldLogOut', () => {
  const acc = [{ id: 'a', type: 'customer' }] as never;
  it('logs out role none', () => expect(shouldLogOut({ accounts: acc }, 'none')).toBe(true));
  it('logs out a non-super user with no accounts', () => expect(shouldLogOut({ accounts: [] }, 'customer')).toBe(true));
  it('keeps super without accounts', () => expect(shouldLogOut({ accounts: [] }, 'super')).toBe(false));
  it('keeps a user with an account and a role', () => expect(shouldLogOut({ accounts: acc }, 'vendor')).toBe(false));
});

describe('guardRoute', () => {
  const dashboard = findRoute('/dashboard').route.meta;
  it('lets anyone through a public route', () => {
    expect(guardRoute({ meta: findRoute('/login').route.meta, session: { loggedIn: false, role: 'none' }, location: '/login' })).toEqual({ type: 'allow' });
  });
  it('sends a visitor to /login with redirectFrom', () => {
    expect(guardRoute({ meta: dashboard, session: { loggedIn: false, role: 'none' }, location: '/billing/past/invoice/1?x=y' })).toEqual({
      type: 'redirect',
      to: '/login?redirectFrom=%2Fbilling%2Fpast%2Finvoice%2F1%3Fx%3Dy',
      reason: 'signIn',
    });
  });
  it('checks login before role', () => {
    const adminMeta = findRoute('/admin').route.meta;
    expect(guardRoute({ meta: adminMeta, session: { loggedIn: false, role: 'customer' }, location: '/admin' })).toMatchObject({ reason: 'signIn' });
  });
  it('sends a signed-in user with another role to /not-authorized', () => {
    expect(guardRoute({ meta: dashboard, session: { loggedIn: true, role: 'vendor' }, location: '/dashboard' })).toEqual({
      type: 'redirect',
      to: '/not-authorized',
      reason: 'notAuthorized',
    });
  });
  it('allows a role in allowedRoles', () => {
    expect(guardRoute({ meta: dashboard, session: { loggedIn: true, role: 'customer' }, location: '/dashboard' })).toEqual({ type: 'allow' });
    const shared = findRoute('/tickets/ticket-history').route.meta;
    expect(guardRoute({ meta: shared, session: { loggedIn: true, role: 'super' }, location: '/' }).type).toBe('allow');
    expect(guardRoute({ meta: shared, session: { loggedIn: true, role: 'affiliate' }, location: '/' }).type).toBe('redirect');
  });
  it('a session with role none is refused on every guarded route', () => {
    expect(guardRoute({ meta: findRoute('/').route.meta, session: { loggedIn: true, role: 'none' }, location: '/' }).type).toBe('redirect');
  });
  it('has the forbidden text', () => expect(FORBIDDEN_ROUTE_MESSAGE).toBe('You are not allowed to view this route.'));
});

describe('safeRedirect', () => {
  it.each(['/', '/dashboard', '/services/1?x=%2F%2F', '/a/b#c'])('accepts %s', (p) => {
    expect(isSafeRedirect(p)).toBe(true);
    expect(safeRedirect(p)).toBe(p);
  });
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/a\\b',
    'https://evil.example',
    'javascript:alert(1)',
    'dashboard',
    '',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ evil',
    undefined,
    null,
    42,
  ])('refuses %j', (p) => {
    expect(isSafeRedirect(p)).toBe(false);
    expect(safeRedirect(p)).toBe('/');
    expect(safeRedirect(p, '/login')).toBe('/login');
  });
});

describe('postLoginPath', () => {
  it('uses redirectTo, else redirectFrom, else /', () => {
    expect(postLoginPath('?redirectTo=%2Fbilling&redirectFrom=%2Fcart')).toBe('/billing');
    expect(postLoginPath('redirectFrom=%2Fcart')).toBe('/cart');
    expect(postLoginPath('')).toBe('/');
  });
  it('never leaves the site', () => {
    expect(postLoginPath('?redirectTo=%2F%2Fevil.example')).toBe('/');
    expect(postLoginPath(new URLSearchParams({ redirectTo: 'https://evil.example' }))).toBe('/');
  });
});

describe('role rules', () => {
  it('only super adjusts credit', () => {
    expect(canAdjustCredit('super')).toBe(true);
    for (const r of ['admin', 'customer', 'vendor', 'organization', 'affiliate', 'none'] as const) expect(canAdjustCredit(r)).toBe(false);
  });
  it('chat widget: non-admin users in production, staging and development', () => {
    expect(showsChatWidget('customer', 'production')).toBe(true);
    expect(showsChatWidget('vendor', 'staging')).toBe(true);
    expect(showsChatWidget('affiliate', 'development')).toBe(true);
    expect(showsChatWidget('customer', 'test')).toBe(false);
    expect(showsChatWidget('super', 'production')).toBe(false);
    expect(showsChatWidget('admin', 'production')).toBe(false);
  });
});
