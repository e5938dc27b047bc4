import type { Role } from './model/roles';
import type { StorageKey } from './model/storage';

/**
 * Every route of accounts §2 as data: no components. The router (src/ui/app) renders a screen per
 * `name`; the session chart and the guards read `meta`. Paths are wouter patterns (`:param`).
 */

export const LayoutTemplates = ['default', 'fullScreen', 'loading-block', 'loading'] as const;
export type LayoutTemplate = (typeof LayoutTemplates)[number];

/** `dev`: our developer tools (not in the spec), such as the flow explorer at /dev/flows. */
export const RouteAreas = ['public', 'shared', 'customer', 'affiliate', 'vendor', 'organization', 'admin', 'dev'] as const;
export type RouteArea = (typeof RouteAreas)[number];

/** Route meta options of accounts §2, always complete (defaults applied). */
export interface RouteMeta {
  readonly hideNavigation: boolean;
  readonly requiresAuth: boolean;
  /** Roles allowed in when requiresAuth. Empty only on public routes. */
  readonly allowedRoles: readonly Role[];
  readonly showFooter: boolean;
  readonly showHeaderLogoAsLink: boolean;
  readonly maxWidthContent: string;
  readonly layoutTemplate: LayoutTemplate;
  /**
   * Ours, not the spec's: a developer tool that anyone may open while the app runs in development; in any
   * other mode the route is guarded as usual (requiresAuth + allowedRoles). See `guardRoute`.
   */
  readonly openInDevelopment: boolean;
}

/** Where a route sends the user instead of rendering: a fixed pattern (params carried over) or the role's home. */
export type RouteRedirect = { readonly to: string } | { readonly toRoleHome: true };

export interface RouteDef {
  readonly path: string;
  /** Unique, stable; the UI keys screens and titles on it. */
  readonly name: string;
  readonly area: RouteArea;
  readonly meta: RouteMeta;
  readonly redirect?: RouteRedirect;
  /** For `…/:tab` routes: the tabs that exist, in display order. */
  readonly tabs?: readonly string[];
  /** The route this one is a child of (its screen nests in the parent's). */
  readonly parent?: string;
  /** Query parameters the screen reads (documentation for the UI and tests). */
  readonly query?: readonly string[];
  /** The route renders only when this storage key holds a value; otherwise it goes to `fallback`. */
  readonly requiresStored?: { readonly key: StorageKey; readonly fallback: string };
  /** 'tendwell' marks a route we added that accounts §2 does not list (like `x-origin: tendwell` in openapi/). */
  readonly origin?: 'tendwell';
}

export const DEFAULT_MAX_WIDTH_CONTENT = '960px';
export const NOT_AUTHORIZED_PATH = '/not-authorized';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATTERN = '*';
/** The flow explorer (a developer tool): lifecycle and flow charts, stepped with chosen facts. */
export const DEV_FLOWS_PATH = '/dev/flows';

export const DEFAULT_META: RouteMeta = {
  hideNavigation: false,
  requiresAuth: true,
  allowedRoles: [],
  showFooter: true,
  showHeaderLogoAsLink: true,
  maxWidthContent: DEFAULT_MAX_WIDTH_CONTENT,
  layoutTemplate: 'default',
  openInDevelopment: false,
};

const AREA_ROLES: Readonly<Record<RouteArea, readonly Role[]>> = {
  public: [],
  shared: ['super', 'customer', 'vendor', 'organization', 'affiliate'],
  customer: ['customer'],
  affiliate: ['affiliate'],
  vendor: ['vendor'],
  organization: ['organization'],
  admin: ['super'],
  dev: ['super'],
};

type Extra = Partial<RouteMeta> & Omit<Partial<RouteDef>, 'meta' | 'path' | 'name' | 'area'>;

const META_KEYS = Object.keys(DEFAULT_META) as (keyof RouteMeta)[];

const route = (area: RouteArea, path: string, name: string, extra: Extra = {}): RouteDef => {
  const meta: Record<string, unknown> = {
    ...DEFAULT_META,
    requiresAuth: area !== 'public',
    allowedRoles: AREA_ROLES[area],
  };
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra)) {
    if ((META_KEYS as string[]).includes(k)) meta[k] = v;
    else rest[k] = v;
  }
  if (meta.layoutTemplate === 'fullScreen' && extra.showFooter === undefined) meta.showFooter = false;
  return { path, name, area, meta: meta as unknown as RouteMeta, ...rest };
};

const pub = (path: string, name: string, extra?: Extra) => route('public', path, name, extra);
const shared = (path: string, name: string, allowedRoles: readonly Role[], extra?: Extra) =>
  route('shared', path, name, { allowedRoles, ...extra });
const cust = (path: string, name: string, extra?: Extra) => route('customer', path, `customer.${name}`, extra);
const aff = (path: string, name: string, extra?: Extra) => route('affiliate', path, `affiliate.${name}`, extra);
const vend = (path: string, name: string, extra?: Extra) => route('vendor', path, `vendor.${name}`, extra);
const org = (path: string, name: string, extra?: Extra) => route('organization', path, `organization.${name}`, extra);
const adm = (path: string, name: string, extra?: Extra) => route('admin', path, `admin.${name}`, extra);
/** A developer tool: open to anyone in development, to super only otherwise. Not in the spec. */
const dev = (path: string, name: string, extra?: Extra) => route('dev', path, name, { openInDevelopment: true, origin: 'tendwell', ...extra });

/** Query parameters of the customer signup pages (accounts §2). */
export const SIGNUP_QUERY = ['version', 'email', 'aff'] as const;

/** Admin record tabs (accounts §2), in display order. The first tab is where the record route redirects. */
export const ADMIN_TABS = {
  customer: ['profile', 'address', 'check-list', 'notes', 'billing', 'credit', 'access', 'delete', 'contributions', 'preferences', 'appointments', 'tickets', 'subscriptions', 'communications', 'reviews', 'activities'],
  vendor: ['profile', 'address', 'availability', 'access', 'appointments', 'subscriptions', 'service-area', 'tickets', 'delete', 'communications', 'survey', 'activities'],
  organization: ['profile', 'insurance', 'address', 'access', 'payouts', 'bank', 'vendors', 'appointments', 'service-area', 'contributions', 'tickets', 'delete', 'communications', 'survey', 'activities'],
  affiliate: ['profile', 'ids', 'access', 'bank', 'communications', 'contributions', 'delete', 'activities'],
} as const;
export type AdminRecordKind = keyof typeof ADMIN_TABS;
export type AdminTab<K extends AdminRecordKind> = (typeof ADMIN_TABS)[K][number];

const adminRecord = (kind: AdminRecordKind, param: string): RouteDef[] => [
  adm(`/admin/${kind}/:${param}`, kind, { redirect: { to: `/admin/${kind}/:${param}/${ADMIN_TABS[kind][0]}` } }),
  adm(`/admin/${kind}/:${param}/:tab`, `${kind}.tab`, { tabs: ADMIN_TABS[kind] }),
];

export const ROUTES: readonly RouteDef[] = [
  // ---- Public (no login)
  pub('/login', 'login', { query: ['password_reset', 'confirm_account', 'claim_account', 'id_token', 'redirectTo', 'redirectFrom'] }),
  pub('/logout', 'logout', { layoutTemplate: 'loading' }),
  pub('/auth/switch-account/:account_id', 'switchAccount', { layoutTemplate: 'loading' }),
  pub('/register', 'register', { query: SIGNUP_QUERY }),
  pub('/register-customer-quick', 'registerCustomerQuick', { query: SIGNUP_QUERY }),
  pub('/register-quick', 'registerQuick', { query: SIGNUP_QUERY }),
  pub('/register-organization', 'registerOrganization'),
  pub('/register-affiliate', 'registerAffiliate'),
  pub('/register/verify/sms', 'registerVerifySms', { requiresStored: { key: 'register_verify_sms', fallback: LOGIN_PATH } }),
  pub('/error-not-authorized', 'errorNotAuthorized'),
  pub(NOT_AUTHORIZED_PATH, 'notAuthorized'),
  pub('/error-no-accounts', 'errorNoAccounts'),
  pub('/error-network', 'errorNetwork'),

  // ---- Shared (guarded)
  shared('/', 'home', AREA_ROLES.shared, { redirect: { toRoleHome: true }, layoutTemplate: 'loading' }),
  shared('/tickets/ticket-history', 'ticketHistory', ['customer', 'vendor', 'organization', 'super']),
  shared('/actions/appointments', 'actionsAppointments', ['vendor', 'organization']),
  shared('/requirements', 'requirements', ['vendor', 'organization']),

  // ---- Customer
  cust('/customer/onboarding', 'onboarding', { hideNavigation: true }),
  cust('/dashboard', 'dashboard'),
  cust('/profile', 'profile'),
  cust('/services', 'services'),
  cust('/services/:id', 'service'),
  cust('/help-desk', 'helpDesk'),
  cust('/help-desk/history', 'helpDeskHistory'),
  cust('/help-desk/ticket/new', 'ticketNew'),
  cust('/help-desk/ticket/:id', 'ticket'),
  cust('/help-desk/ticket/:id/draft', 'ticketDraft'),
  cust('/billing', 'billing'),
  cust('/billing/invoice/upcoming', 'upcomingInvoice'),
  cust('/billing/past/invoice/:invoice_id', 'pastInvoice'),
  cust('/appointment/:id', 'appointment'),
  cust('/appointments', 'appointments'),
  cust('/subscriptions', 'subscriptions'),
  cust('/subscriptions/:id', 'subscription'),
  cust('/manage-subscriptions', 'manageSubscriptions'),
  cust('/cart', 'cart'),
  cust('/order', 'order'),
  cust('/order-success/:id', 'orderSuccess'),
  cust('/contributions', 'contributions'),
  cust('/customer/list-invoices', 'listInvoices'),
  cust('/customer/view-invoice/:id', 'viewInvoice'),
  cust('/give-back', 'giveBack'),
  cust('/browse-affiliates', 'browseAffiliates'),
  cust('/add-affiliate/:id', 'addAffiliate'),
  cust('/affiliates', 'affiliates'),
  cust('/customer/alert', 'alert', { hideNavigation: true, maxWidthContent: '500px' }),
  cust('/public/reviews', 'publicReviews', { hideNavigation: true }),
  cust('/connect/affiliate/payments', 'connectAffiliatePayments', { allowedRoles: ['customer', 'affiliate'] }),

  // ---- Affiliate
  aff('/affiliate', 'root', { redirect: { to: '/affiliate/dashboard' } }),
  aff('/affiliate/onboarding', 'onboarding', { hideNavigation: true, maxWidthContent: '960px' }),
  aff('/affiliate/dashboard', 'dashboard'),
  aff('/affiliate/profile', 'profile'),
  aff('/affiliate/promote', 'promote'),
  aff('/affiliate/promote/communication', 'promote.communication', { parent: 'affiliate.promote' }),
  aff('/affiliate/affiliate-id', 'affiliateId'),
  aff('/affiliate/vendors-search', 'vendorsSearch'),
  aff('/affiliate/reports', 'reports'),
  aff('/affiliate/reports/transfers', 'reports.transfers', { parent: 'affiliate.reports' }),
  aff('/affiliate/reports/contributors', 'reports.contributors', { parent: 'affiliate.reports' }),
  aff('/affiliate/reports/sign-ups', 'reports.signUps', { parent: 'affiliate.reports' }),
  aff('/affiliate/communication', 'communications'),
  aff('/affiliate/communication/new', 'communicationNew'),
  aff('/affiliate/communication/:communication_id', 'communication'),

  // ---- Vendor
  vend('/vendor/onboarding', 'onboarding', { hideNavigation: true }),
  vend('/vendor', 'dashboard'),
  vend('/vendor/profile', 'profile'),
  vend('/vendor/availability', 'availability'),
  vend('/vendor/appointments', 'appointments', { query: ['view', 'date', 'customer'] }),
  vend('/vendor/appointment/:id', 'appointment'),
  vend('/vendor/help-desk', 'helpDesk'),
  vend('/vendor/help-desk/history', 'helpDeskHistory'),
  vend('/vendor/help-desk/:id', 'ticket'),

  // ---- Organization
  org('/organization', 'dashboard'),
  org('/organization/onboarding', 'onboarding', { hideNavigation: true, maxWidthContent: '500px' }),
  org('/organization/pending-approval', 'pendingApproval', { hideNavigation: true }),
  org('/organization/profile', 'profile'),
  org('/organization/vendor/new', 'vendorNew'),
  org('/organization/vendors', 'vendors'),
  org('/organization/vendor/:id', 'vendor'),
  org('/organization/appointments', 'appointments', { query: ['view', 'date', 'customer', 'vendor'] }),
  org('/organization/appointment/:id', 'appointment'),
  org('/organization/payouts', 'payouts'),
  org('/organization/payment-transfers', 'paymentTransfers'),
  org('/organization/help-desk', 'helpDesk'),
  org('/organization/help-desk/history', 'helpDeskHistory'),
  org('/organization/help-desk/:id', 'ticket'),
  org('/organization/create-invoice', 'createInvoice'),
  org('/organization/edit-invoice/:id', 'editInvoice'),
  org('/organization/list-invoices', 'listInvoices'),
  org('/organization/view-invoice/:id', 'viewInvoice'),
  org('/organization/view-transfers', 'viewTransfers'),
  org('/organization/view-payouts', 'viewPayouts'),

  // ---- Admin (super)
  adm('/admin', 'dashboard', { layoutTemplate: 'fullScreen' }),
  adm('/admin/customers', 'customers'),
  adm('/admin/customers/new', 'customerNew'),
  ...adminRecord('customer', 'customer_id'),
  adm('/admin/vendors', 'vendors'),
  adm('/admin/vendors/new', 'vendorNew'),
  ...adminRecord('vendor', 'vendor_id'),
  adm('/admin/vendors-search', 'vendorsSearch'),
  adm('/admin/organizations', 'organizations'),
  adm('/admin/organization/new', 'organizationNew'),
  ...adminRecord('organization', 'organization_id'),
  adm('/admin/affiliates', 'affiliates'),
  adm('/admin/affiliates/new', 'affiliateNew'),
  ...adminRecord('affiliate', 'affiliate_id'),
  adm('/admin/users', 'users'),
  adm('/admin/users/new', 'userNew'),
  adm('/admin/user/:id', 'user'),
  adm('/admin/services', 'services'),
  adm('/admin/services/:id', 'service'),
  adm('/admin/service/new', 'serviceNew'),
  adm('/admin/service-categories', 'serviceCategories'),
  adm('/admin/service-category/new', 'serviceCategoryNew'),
  adm('/admin/service-category/:id', 'serviceCategory'),
  adm('/admin/coupons', 'coupons'),
  adm('/admin/coupons/new', 'couponNew'),
  adm('/admin/coupons/:id', 'coupon'),
  adm('/admin/subscriptions/:id', 'subscription'),
  adm('/admin/add/subscription/:customer_id', 'subscriptionAdd'),
  adm('/admin/subscription/services/:customer_id', 'subscriptionServices'),
  adm('/admin/subscription/services/:id/:customer_id', 'subscriptionService'),
  adm('/admin/billing/invoice/upcoming/:customer_id', 'upcomingInvoice'),
  adm('/admin/billing/past/invoice/:invoice_id/:customer_id', 'pastInvoice'),
  adm('/admin/create-invoice', 'createInvoice'),
  adm('/admin/help-desk', 'helpDesk'),
  adm('/admin/help-desk/history', 'helpDeskHistory'),
  adm('/admin/help-desk/ticket/:id', 'ticket'),
  adm('/admin/help-desk/new', 'ticketNew'),
  adm('/admin/help-desk/ticket/:id/draft', 'ticketDraft'),
  adm('/admin/lists', 'lists'),
  adm('/admin/new/list', 'listNew'),
  adm('/admin/list/:list_id', 'list'),
  adm('/admin/communications', 'communications'),
  adm('/admin/communication/new', 'communicationNew'),
  adm('/admin/communication/:communication_id', 'communication'),
  adm('/admin/communication/dispatched/:communication_id', 'communicationDispatched'),
  adm('/admin/emailing', 'emailing'),
  adm('/admin/sms', 'sms'),
  adm('/admin/sms/:activity_id', 'smsActivity'),
  adm('/admin/sms/convo/:account_id', 'smsConversation'),
  adm('/admin/zipcodes', 'zipcodes'),
  adm('/admin/zipcodes/new', 'zipcodeNew'),
  adm('/admin/reports', 'reports'),
  adm('/admin/reports/:reportId', 'report'),
  adm('/admin/reviews', 'reviews'),
  adm('/admin/activities', 'activities'),
  adm('/admin/accounts', 'accounts'),
  adm('/admin/appointment/:id', 'appointment'),
  adm('/admin/move-vendor-appointments', 'moveVendorAppointments'),
  adm('/admin/appointment-images', 'appointmentImages'),
  adm('/admin/connect-inbox', 'connectInbox', { layoutTemplate: 'fullScreen' }),
  adm('/admin/ccp-redirect', 'ccpRedirect'),

  // ---- Developer tools (ours, not the spec's)
  dev(DEV_FLOWS_PATH, 'devFlows', { maxWidthContent: '1280px' }),

  // ---- Catch-all (last)
  pub(NOT_FOUND_PATTERN, 'notFound'),
];

export const ROUTES_BY_NAME: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((r) => [r.name, r]));

export const routeByName = (name: string): RouteDef => {
  const r = ROUTES_BY_NAME.get(name);
  if (!r) throw new Error(`Unknown route name: ${name}`);
  return r;
};

// ---------------------------------------------------------------------------------------------
// Matching (pure; the same rules as wouter's patterns, plus "most specific wins").

const segments = (path: string): string[] => path.split('/').filter((s) => s !== '');

/** The path part of a location: no query, no hash, no trailing slash (except the root). */
export const normalizePath = (location: string): string => {
  const path = location.split(/[?#]/)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
};

/** Params of `pattern` matched against `path`, or null. `*` matches anything. */
export const matchPattern = (pattern: string, location: string): Readonly<Record<string, string>> | null => {
  if (pattern === NOT_FOUND_PATTERN) return {};
  const p = segments(pattern);
  const s = segments(normalizePath(location));
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const ps = p[i] as string;
    const ss = s[i] as string;
    if (ps.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(ss);
      } catch {
        return null;
      }
      params[ps.slice(1)] = value;
    } else if (ps !== ss) return null;
  }
  return params;
};

/** Negative when `a` is more specific than `b`: static segments beat params, left to right; `*` last. */
export const compareSpecificity = (a: string, b: string): number => {
  if (a === NOT_FOUND_PATTERN || b === NOT_FOUND_PATTERN) return (a === NOT_FOUND_PATTERN ? 1 : 0) - (b === NOT_FOUND_PATTERN ? 1 : 0);
  const sa = segments(a);
  const sb = segments(b);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = (sa[i] as string).startsWith(':') ? 1 : 0;
    const pb = (sb[i] as string).startsWith(':') ? 1 : 0;
    if (pa !== pb) return pa - pb;
  }
  return 0;
};

/** Routes ordered for a first-match router (wouter's <Switch>): most specific first, catch-all last. */
export const ROUTES_BY_SPECIFICITY: readonly RouteDef[] = [...ROUTES].sort((a, b) => compareSpecificity(a.path, b.path));

export interface RouteMatch {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}

/** The route a location shows (the catch-all when nothing else matches; unknown admin tabs are not found). */
export const findRoute = (location: string): RouteMatch => {
  for (const route of ROUTES_BY_SPECIFICITY) {
    const params = matchPattern(route.path, location);
    if (!params) continue;
    if (route.tabs && !route.tabs.includes(params.tab ?? '')) continue;
    return { route, params };
  }
  /* c8 ignore next */
  throw new Error('The catch-all route is missing');
};

/** Fill a pattern's params (URL-encoded). Throws on a missing param: a programming error. */
export const buildPath = (pattern: string, params: Readonly<Record<string, string>> = {}): string =>
  pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined) throw new Error(`Missing route param ${key} for ${pattern}`);
    return encodeURIComponent(v);
  });

/** The admin push-notification link (accounts §2): /admin/{accountType}/{accountId}, which opens the record's profile tab. */
export const adminAccountPath = (accountType: AdminRecordKind, accountId: string): string =>
  buildPath('/admin/:type/:id', { type: accountType, id: accountId });

/** The menu is hidden on alert routes and on routes with hideNavigation (accounts §2). */
export const ALERT_ROUTE_NAMES: readonly string[] = ['customer.alert'];
export const isMenuVisible = (route: RouteDef): boolean => !route.meta.hideNavigation && !ALERT_ROUTE_NAMES.includes(route.name);
