import { describe, expect, it } from 'vitest';
import {
  ADMIN_TABS,
  DEFAULT_META,
  ROUTES,
  ROUTES_BY_SPECIFICITY,
  adminAccountPath,
  buildPath,
  findRoute,
  isMenuVisible,
  matchPattern,
  routeByName,
} from '../../src/core/routes';
import { MENUS, MENU_MESSAGE_IDS, menuFor } from '../../src/core/menus';

/** Every path of accounts §2, copied from the spec text ({x} written as :x). */
const SPEC_PATHS = `
/login /logout /auth/switch-account/:account_id /register /register-customer-quick /register-quick
/register-organization /register-affiliate /register/verify/sms /error-not-authorized /not-authorized
/error-no-accounts /error-network
/ /tickets/ticket-history /actions/appointments /requirements
/customer/onboarding /dashboard /profile /services /services/:id /help-desk /help-desk/history
/help-desk/ticket/new /help-desk/ticket/:id /help-desk/ticket/:id/draft /billing /billing/invoice/upcoming
/billing/past/invoice/:invoice_id /appointment/:id /appointments /subscriptions /subscriptions/:id
/manage-subscriptions /cart /order /order-success/:id /contributions /customer/list-invoices
/customer/view-invoice/:id /give-back /browse-affiliates /add-affiliate/:id /affiliates /customer/alert
/public/reviews /connect/affiliate/payments
/affiliate /affiliate/onboarding /affiliate/dashboard /affiliate/profile /affiliate/promote
/affiliate/promote/communication /affiliate/affiliate-id /affiliate/vendors-search /affiliate/reports
/affiliate/reports/transfers /affiliate/reports/contributors /affiliate/reports/sign-ups
/affiliate/communication /affiliate/communication/new /affiliate/communication/:communication_id
/vendor/onboarding /vendor /vendor/profile /vendor/availability /vendor/appointments /vendor/appointment/:id
/vendor/help-desk /vendor/help-desk/history /vendor/help-desk/:id
/organization /organization/onboarding /organization/pending-approval /organization/profile
/organization/vendor/new /organization/vendors /organization/vendor/:id /organization/appointments
/organization/appointment/:id /organization/payouts /organization/payment-transfers /organization/help-desk
/organization/help-desk/history /organization/help-desk/:id /organization/create-invoice
/organization/edit-invoice/:id /organization/list-invoices /organization/view-invoice/:id
/organization/view-transfers /organization/view-payouts
/admin /admin/customers /admin/customers/new /admin/customer/:customer_id /admin/vendors /admin/vendors/new
/admin/vendor/:vendor_id /admin/vendors-search /admin/organizations /admin/organization/new
/admin/organization/:organization_id /admin/affiliates /admin/affiliates/new /admin/affiliate/:affiliate_id
/admin/users /admin/users/new /admin/user/:id /admin/services /admin/services/:id /admin/service/new
/admin/service-categories /admin/service-category/new /admin/service-category/:id /admin/coupons
/admin/coupons/new /admin/coupons/:id /admin/subscriptions/:id /admin/add/subscription/:customer_id
/admin/subscription/services/:customer_id /admin/subscription/services/:id/:customer_id
/admin/billing/invoice/upcoming/:customer_id /admin/billing/past/invoice/:invoice_id/:customer_id
/admin/create-invoice /admin/help-desk /admin/help-desk/history /admin/help-desk/ticket/:id
/admin/help-desk/new /admin/help-desk/ticket/:id/draft /admin/lists /admin/new/list /admin/list/:list_id
/admin/communications /admin/communication/new /admin/communication/:communication_id
/admin/communication/dispatched/:communication_id /admin/emailing /admin/sms /admin/sms/:activity_id
/admin/sms/convo/:account_id /admin/zipcodes /admin/zipcodes/new /admin/reports /admin/reports/:reportId
/admin/reviews /admin/activities /admin/accounts /admin/appointment/:id /admin/move-vendor-appointments
/admin/appointment-images /admin/connect-inbox /admin/ccp-redirect
`.trim().split(/\s+/);

const byPath = (path: string) => {
  const r = ROUTES.find((x) => x.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};

describe('routes: completeness', () => {
  it.each(SPEC_PATHS)('has %s', (path) => {
    expect(ROUTES.some((r) => r.path === path)).toBe(true);
  });

  it('has a catch-all not-found route', () => {
    expect(findRoute('/no/such/page').route.name).toBe('notFound');
  });

  it('has the admin tab routes with the tab lists of the spec', () => {
    expect(byPath('/admin/customer/:customer_id/:tab').tabs).toEqual(ADMIN_TABS.customer);
    expect(ADMIN_TABS.customer).toHaveLength(16);
    expect(ADMIN_TABS.vendor).toEqual(['profile', 'address', 'availability', 'access', 'appointments', 'subscriptions', 'service-area', 'tickets', 'delete', 'communications', 'survey', 'activities']);
    expect(ADMIN_TABS.organization).toContain('insurance');
    expect(ADMIN_TABS.organization).toHaveLength(15);
    expect(ADMIN_TABS.affiliate).toEqual(['profile', 'ids', 'access', 'bank', 'communications', 'contributions', 'delete', 'activities']);
    for (const kind of Object.keys(ADMIN_TABS)) expect(ROUTES.some((r) => r.path.startsWith(`/admin/${kind}/:`) && r.path.endsWith('/:tab'))).toBe(true);
  });

  it('paths and names are unique', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('has no route the spec does not list, apart from the tab routes, the catch-all and our marked developer tools', () => {
    const extra = ROUTES.filter((r) => r.origin !== 'tendwell').map((r) => r.path).filter((p) => !SPEC_PATHS.includes(p));
    expect(extra.sort()).toEqual(['*', '/admin/affiliate/:affiliate_id/:tab', '/admin/customer/:customer_id/:tab', '/admin/organization/:organization_id/:tab', '/admin/vendor/:vendor_id/:tab'].sort());
    for (const ours of ROUTES.filter((r) => r.origin === 'tendwell')) {
      expect(SPEC_PATHS).not.toContain(ours.path);
      expect(ours).toMatchObject({ area: 'dev', meta: { openInDevelopment: true, allowedRoles: ['super'] } });
    }
  });
});

describe('routes: meta', () => {
  it('applies the defaults (960px, default layout, navigation, footer, logo link)', () => {
    const r = byPath('/dashboard');
    expect(r.meta).toEqual({ ...DEFAULT_META, requiresAuth: true, allowedRoles: ['customer'] });
    expect(r.meta.maxWidthContent).toBe('960px');
    expect(r.meta.layoutTemplate).toBe('default');
  });

  it('public routes need no login; the others do', () => {
    for (const r of ROUTES) expect(r.meta.requiresAuth).toBe(r.area !== 'public');
    expect(byPath('/login').meta.requiresAuth).toBe(false);
    expect(byPath('/register/verify/sms').requiresStored).toEqual({ key: 'register_verify_sms', fallback: '/login' });
  });

  it('allowed roles follow the spec', () => {
    expect(byPath('/tickets/ticket-history').meta.allowedRoles).toEqual(['customer', 'vendor', 'organization', 'super']);
    expect(byPath('/actions/appointments').meta.allowedRoles).toEqual(['vendor', 'organization']);
    expect(byPath('/requirements').meta.allowedRoles).toEqual(['vendor', 'organization']);
    expect(byPath('/connect/affiliate/payments').meta.allowedRoles).toEqual(['customer', 'affiliate']);
    expect(byPath('/public/reviews').meta.allowedRoles).toEqual(['customer']);
    expect(byPath('/admin/reviews').meta.allowedRoles).toEqual(['super']);
    expect(byPath('/vendor').meta.allowedRoles).toEqual(['vendor']);
    expect(byPath('/organization/view-payouts').meta.allowedRoles).toEqual(['organization']);
    expect(byPath('/affiliate/reports/sign-ups').meta.allowedRoles).toEqual(['affiliate']);
  });

  it('hides navigation and narrows content where the spec says', () => {
    expect(byPath('/customer/alert').meta).toMatchObject({ hideNavigation: true, maxWidthContent: '500px' });
    expect(byPath('/public/reviews').meta.hideNavigation).toBe(true);
    expect(byPath('/affiliate/onboarding').meta).toMatchObject({ hideNavigation: true, maxWidthContent: '960px' });
    expect(byPath('/vendor/onboarding').meta.hideNavigation).toBe(true);
    expect(byPath('/organization/onboarding').meta).toMatchObject({ hideNavigation: true, maxWidthContent: '500px' });
    expect(byPath('/organization/pending-approval').meta.hideNavigation).toBe(true);
  });

  it('uses the full-screen layout for the admin dashboard and the old inbox', () => {
    expect(byPath('/admin').meta.layoutTemplate).toBe('fullScreen');
    expect(byPath('/admin/connect-inbox').meta.layoutTemplate).toBe('fullScreen');
    expect(byPath('/admin/customers').meta.layoutTemplate).toBe('default');
  });

  it('every layout is one of the four templates', () => {
    for (const r of ROUTES) expect(['default', 'fullScreen', 'loading-block', 'loading']).toContain(r.meta.layoutTemplate);
  });

  it('the menu is hidden on alert routes and hideNavigation routes', () => {
    expect(isMenuVisible(byPath('/customer/alert'))).toBe(false);
    expect(isMenuVisible(byPath('/vendor/onboarding'))).toBe(false);
    expect(isMenuVisible(byPath('/dashboard'))).toBe(true);
  });
});

describe('routes: redirects', () => {
  it('/affiliate goes to /affiliate/dashboard', () => {
    expect(byPath('/affiliate').redirect).toEqual({ to: '/affiliate/dashboard' });
  });
  it('/admin/customer/:customer_id goes to its profile tab', () => {
    const { route, params } = findRoute('/admin/customer/abc');
    expect(route.redirect).toEqual({ to: '/admin/customer/:customer_id/profile' });
    expect(buildPath((route.redirect as { to: string }).to, params)).toBe('/admin/customer/abc/profile');
  });
  it('/ redirects by role', () => {
    expect(byPath('/').redirect).toEqual({ toRoleHome: true });
  });
  it('admin push links /admin/{accountType}/{accountId} resolve to the record', () => {
    expect(adminAccountPath('vendor', 'v1')).toBe('/admin/vendor/v1');
    expect(findRoute(adminAccountPath('organization', 'o1')).route.name).toBe('admin.organization');
  });
});

describe('routes: matching', () => {
  it('matches params and ignores query, hash and trailing slash', () => {
    expect(matchPattern('/services/:id', '/services/42?x=1#top')).toEqual({ id: '42' });
    expect(matchPattern('/services/:id', '/services/42/')).toEqual({ id: '42' });
    expect(matchPattern('/services/:id', '/services')).toBeNull();
    expect(matchPattern('/services/:id', '/services/a%20b')).toEqual({ id: 'a b' });
  });

  it('prefers static segments over params', () => {
    expect(findRoute('/help-desk/ticket/new').route.name).toBe('customer.ticketNew');
    expect(findRoute('/help-desk/ticket/7').route.name).toBe('customer.ticket');
    expect(findRoute('/admin/coupons/new').route.name).toBe('admin.couponNew');
    expect(findRoute('/admin/coupons/c1').route.name).toBe('admin.coupon');
    expect(findRoute('/vendor/help-desk/history').route.name).toBe('vendor.helpDeskHistory');
    expect(findRoute('/vendor/help-desk/t1').route.name).toBe('vendor.ticket');
    expect(findRoute('/admin/organization/new').route.name).toBe('admin.organizationNew');
    expect(findRoute('/organization/vendor/new').route.name).toBe('organization.vendorNew');
  });

  it('ROUTES_BY_SPECIFICITY puts every static route before a param route it overlaps, and the catch-all last', () => {
    const order = ROUTES_BY_SPECIFICITY.map((r) => r.path);
    expect(order.indexOf('/admin/coupons/new')).toBeLessThan(order.indexOf('/admin/coupons/:id'));
    expect(order.at(-1)).toBe('*');
  });

  it('an unknown admin tab is not found; a known one matches', () => {
    expect(findRoute('/admin/customer/c1/credit').route.name).toBe('admin.customer.tab');
    expect(findRoute('/admin/customer/c1/insurance').route.name).toBe('notFound');
    expect(findRoute('/admin/organization/o1/insurance').params).toEqual({ organization_id: 'o1', tab: 'insurance' });
  });

  it('buildPath encodes params and refuses missing ones', () => {
    expect(buildPath('/services/:id', { id: 'a/b' })).toBe('/services/a%2Fb');
    expect(() => buildPath('/services/:id')).toThrow(/Missing route param id/);
  });

  it('routeByName finds a route or throws', () => {
    expect(routeByName('login').path).toBe('/login');
    expect(() => routeByName('nope')).toThrow();
  });
});

describe('menus', () => {
  const paths = (role: keyof typeof MENUS) => MENUS[role].items.map((i) => (i.kind === 'link' ? i.path : `[${i.labelId}]`));

  it('customer: Home, Help, My settings, billing', () => {
    expect(paths('customer')).toEqual(['/dashboard', '/help-desk', '/profile', '/billing']);
    expect(MENUS.customer.items.map((i) => i.labelId)).toEqual(['menu.customer.home', 'menu.customer.help', 'menu.customer.settings', 'menu.customer.billing']);
    expect(MENUS.customer.items[1]).toMatchObject({ badge: 'newTickets' });
  });
  it('affiliate', () => {
    expect(paths('affiliate')).toEqual(['/affiliate/dashboard', '/affiliate/promote', '/affiliate/reports', '/affiliate/profile']);
  });
  it('vendor (work schedule first)', () => {
    expect(paths('vendor')).toEqual(['/vendor/appointments', '/vendor/help-desk', '/vendor/availability', '/vendor/profile']);
    expect(MENUS.vendor.items[0]?.labelId).toBe('menu.vendor.workSchedule');
  });
  it('organization', () => {
    expect(paths('organization')).toEqual(['/organization/vendors', '/organization/appointments', '/organization/help-desk', '/organization/profile', '/organization/view-transfers', '/organization/view-payouts']);
  });
  it('admin, with the More group', () => {
    expect(paths('super')).toEqual(['/admin/customers', '/admin/vendors', '/admin/vendors-search', '/admin/organizations', '/admin/affiliates', '/admin/help-desk', '[menu.admin.more]']);
    const more = MENUS.super.items.at(-1);
    expect(more?.kind).toBe('group');
    if (more?.kind !== 'group') return;
    expect(more.items.map((i) => i.path.replace('/admin/', ''))).toEqual([
      'create-invoice', 'services', 'service-categories', 'coupons', 'users', 'communications', 'reports', 'lists',
      'zipcodes', 'reviews', 'emailing', 'move-vendor-appointments', 'appointment-images', 'connect-inbox',
    ]);
  });
  it('admin has no notification button and has the chat console; others the reverse', () => {
    expect(MENUS.super).toMatchObject({ notifications: false, chatConsole: true });
    for (const role of ['customer', 'vendor', 'organization', 'affiliate'] as const) expect(MENUS[role]).toMatchObject({ notifications: true, chatConsole: false });
  });
  it('every menu link leads to a route its role may open', () => {
    for (const menu of Object.values(MENUS)) {
      for (const entry of menu.items.flatMap((e) => (e.kind === 'group' ? e.items : [e]))) {
        const { route } = findRoute(entry.path);
        expect(route.name, entry.path).not.toBe('notFound');
        expect(route.meta.allowedRoles).toContain(menu.role);
      }
    }
  });
  it('menuFor and the message ids', () => {
    expect(menuFor('none')).toBeUndefined();
    expect(menuFor('vendor')?.role).toBe('vendor');
    expect(MENU_MESSAGE_IDS).toContain('menu.admin.more');
    expect(new Set(MENU_MESSAGE_IDS).size).toBe(MENU_MESSAGE_IDS.length);
    for (const id of MENU_MESSAGE_IDS) expect(id).toMatch(/^menu\.(customer|affiliate|vendor|organization|admin)\.[a-zA-Z]+$/);
  });
});
