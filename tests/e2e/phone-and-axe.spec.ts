import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { routesReport } from '../../tools/routes-status';
import type { Role } from '../../src/core/model/roles';
import { OutboxApi } from './pages/OutboxApi';
import { expectFitsPhone, expectReadyIn, phoneIn, speaking } from './pages/phone';
import { signInOn, tokenOf } from './pages/session';
import { LANGS, type Lang } from './pages/texts';

/**
 * Every BUILT route (the screen registries, as `npm run routes:status` reads them), on a 360 px phone (real phone
 * emulation: `isMobile`, `hasTouch`, the meta viewport honoured; tests/e2e/pages/phone.ts), in English and in
 * Spanish, signed in as a demo user of a role the route allows: the layout viewport stays 360 px (`innerWidth`),
 * nothing is wider (`scrollWidth`), and axe-core finds no serious or critical violation. The states reached by
 * interaction are walked in tests/e2e/phone-states.spec.ts. A route with a path parameter is visited with a real
 * id from the demo data; a built route whose parameter has no resolver below fails the test (add one), so no route is skipped silently.
 * The onboarding screens are visited by users who have not onboarded yet, made for the test through the real
 * registration and invitation calls (the onboarding gate sends an onboarded user away from them).
 */

const DEMO_LOGIN: Partial<Record<Role, string>> = {
  customer: 'customer@tendwell.test',
  vendor: 'vendor@tendwell.test',
  organization: 'organization@tendwell.test',
  affiliate: 'affiliate@tendwell.test',
  super: 'super@tendwell.test',
};

/** Routes a role's usual demo login would be sent away from (README lists the demo logins). */
const LOGIN_FOR_ROUTE: Record<string, string> = {
  'organization.pendingApproval': 'pending-organization@tendwell.test',
};

const apiToken = (request: APIRequestContext, email: string): Promise<string> => tokenOf(request, email);

/** A login made for the test: its e-mail and password. */
interface FreshLogin {
  readonly email: string;
  readonly password: string;
}
const FRESH_PASSWORD = 'phone-axe-7';
const freshEmail = (role: string) => `phone-${role}-${Date.now()}@example.com`;

/** A customer, an organization or an affiliate that has just registered (auth/register), not onboarded yet. */
const registered =
  (type: 'customer' | 'organization' | 'affiliate') =>
  async (request: APIRequestContext): Promise<FreshLogin> => {
    const email = freshEmail(type);
    const res = await request.post('/api/auth/register', {
      data: { email, first_name: 'Robin', last_name: 'Phone', password: FRESH_PASSWORD, type, platform: 'web', ...(type === 'affiliate' ? {} : { address: '40 Oak Avenue, Springfield, IL 62701' }) },
    });
    expect(res.status(), `registration of a new ${type}`).toBe(200);
    return { email, password: FRESH_PASSWORD };
  };

/** A vendor organization@ has just invited, who claimed the account from the e-mailed link and has not onboarded yet. */
const invitedVendor = async (request: APIRequestContext): Promise<FreshLogin> => {
  const email = freshEmail('vendor');
  const outbox = new OutboxApi(request);
  const before = await outbox.count(email);
  const token = await apiToken(request, 'organization@tendwell.test');
  const organization = await accountOf(request, token);
  const invite = await request.post(`/api/organization/${organization}/vendors`, {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Robin', last_name: 'Phone', email },
  });
  expect(invite.ok(), `organization@ invites ${email}`).toBe(true);
  const link = await outbox.link(email, before, 'claim_account=');
  const claim = await request.post('/api/auth/claim-account', { data: { token: new URL(link).searchParams.get('claim_account') } });
  expect(claim.status(), 'the claim of the invitation').toBe(200);
  const { reset_token } = (await claim.json()) as { reset_token: string };
  const set = await request.post('/api/auth/reset-password-action', { headers: { 'x-password-reset-token': reset_token }, data: { password: FRESH_PASSWORD } });
  expect(set.status(), 'the invited vendor chooses a password').toBe(200);
  return { email, password: FRESH_PASSWORD };
};

/** The onboarding screens, each opened by a new user of its role (the route must not be left for another). */
const FRESH_FOR_ROUTE: Record<string, (request: APIRequestContext) => Promise<FreshLogin>> = {
  'customer.onboarding': registered('customer'),
  'organization.onboarding': registered('organization'),
  'affiliate.onboarding': registered('affiliate'),
  'vendor.onboarding': invitedVendor,
};
/** Routes whose visit must stay on the route (a redirect would mean the screen was never seen). */
const MUST_STAY = new Set([...Object.keys(FRESH_FOR_ROUTE), ...Object.keys(LOGIN_FOR_ROUTE)]);

/** A demo ticket the login can read: its first one in that status (a draft route falls back to any ticket it reads). */
const ticketOf =
  (email: string, status: 'open' | 'draft') =>
  async (request: APIRequestContext): Promise<Record<string, string>> => {
    const token = await apiToken(request, email);
    const res = await request.get('/api/tickets', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), `the tickets of ${email}`).toBe(200);
    const tickets = (await res.json()) as { _id: string; status: string }[];
    const id = (tickets.find((t) => t.status === status) ?? tickets[0])?._id;
    expect(id, `a demo ticket of ${email}`).toBeTruthy();
    return { id: String(id) };
  };

/** A demo appointment the login can read: its first upcoming active one (else any), so the page shows its actions. */
const appointmentOf =
  (email: string) =>
  async (request: APIRequestContext): Promise<Record<string, string>> => {
    const token = await apiToken(request, email);
    const res = await request.get('/api/appointments?pageSize=100', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), `the appointments of ${email}`).toBe(200);
    const { items } = (await res.json()) as { items: { _id: string; status: string }[] };
    const id = (items.find((a) => a.status === 'active') ?? items[0])?._id;
    expect(id, `a demo appointment of ${email}`).toBeTruthy();
    return { id: String(id) };
  };
/** The demo customer's first subscription. */
const subscriptionOf = async (request: APIRequestContext): Promise<Record<string, string>> => {
  const token = await apiToken(request, 'customer@tendwell.test');
  const res = await request.get('/api/subscriptions', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), 'the subscriptions of customer@tendwell.test').toBe(200);
  const id = ((await res.json()) as { items: { _id: string }[] }).items[0]?._id;
  expect(id, 'a demo subscription of customer@tendwell.test').toBeTruthy();
  return { id: String(id) };
};

/** A receipt of the demo customer: its newest charge's invoice (or the charge); with no charge yet, an unknown id (the error state). */
const receiptOf = async (request: APIRequestContext): Promise<Record<string, string>> => {
  const token = await apiToken(request, 'customer@tendwell.test');
  const me = await request.get('/api/user/accounts', { headers: { authorization: `Bearer ${token}` } });
  const accounts = (await me.json()) as unknown;
  const list = (Array.isArray(accounts) ? accounts : ((accounts as { accounts?: unknown[] }).accounts ?? [])) as { id?: string; _id?: string; type?: string }[];
  const customer = list.find((a) => a.type === 'customer') ?? list[0];
  const res = await request.get(`/api/customer/${customer?.id ?? customer?._id}/billing/history`, { headers: { authorization: `Bearer ${token}` } });
  const charges = res.ok() ? ((await res.json()) as { items: { _id: string; invoice_id?: string | null }[] }).items : [];
  return { invoice_id: charges[0]?.invoice_id ?? charges[0]?._id ?? '0'.repeat(24) };
};

/** The login's own account id (its first account). */
const accountOf = async (request: APIRequestContext, token: string): Promise<string> => {
  const res = await request.get('/api/user/accounts', { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as unknown;
  const list = (Array.isArray(body) ? body : ((body as { accounts?: unknown[] }).accounts ?? [])) as { id?: string; _id?: string }[];
  return String(list[0]?.id ?? list[0]?._id);
};

/** A demo invoice the login can read: its first one in that status (else any), from the seeded invoices of organization@. */
const invoiceOf =
  (email: string, status: string) =>
  async (request: APIRequestContext): Promise<Record<string, string>> => {
    const token = await apiToken(request, email);
    const res = await request.get('/api/invoices', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), `the invoices of ${email}`).toBe(200);
    const { items } = (await res.json()) as { items: { _id: string; status: string; kind?: string }[] };
    const manual = items.filter((i) => i.kind === 'manual');
    const id = (manual.find((i) => i.status === status) ?? manual[0] ?? items[0])?._id;
    expect(id, `a demo invoice of ${email}`).toBeTruthy();
    return { id: String(id) };
  };

/** organization@'s first vendor. */
const teamVendorOf = async (request: APIRequestContext): Promise<Record<string, string>> => {
  const token = await apiToken(request, 'organization@tendwell.test');
  const organization = await accountOf(request, token);
  const res = await request.get(`/api/organization/${organization}/vendors`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), 'the vendors of organization@tendwell.test').toBe(200);
  const id = ((await res.json()) as { items: { _id: string }[] }).items[0]?._id;
  expect(id, 'a vendor of organization@tendwell.test').toBeTruthy();
  return { id: String(id) };
};

/** The pending organization, as super's admin page of it opens (its profile tab). */
const pendingOrganizationOf = async (request: APIRequestContext): Promise<Record<string, string>> => {
  const token = await apiToken(request, 'pending-organization@tendwell.test');
  return { organization_id: await accountOf(request, token), tab: 'profile' };
};

/** Path parameters resolved from the demo data, by route name. */
const RESOLVERS: Record<string, (request: APIRequestContext) => Promise<Record<string, string>>> = {
  'customer.ticket': ticketOf('customer@tendwell.test', 'open'),
  'customer.ticketDraft': ticketOf('customer@tendwell.test', 'draft'),
  'vendor.ticket': ticketOf('vendor@tendwell.test', 'open'),
  'organization.ticket': ticketOf('organization@tendwell.test', 'open'),
  'admin.ticket': ticketOf('super@tendwell.test', 'open'),
  'admin.ticketDraft': ticketOf('super@tendwell.test', 'draft'),
  // The shop: the first service of the catalogue; the customer's newest order (a made-up id shows the page's error state).
  'customer.service': async (request) => {
    const token = await apiToken(request, 'customer@tendwell.test');
    const res = await request.get('/api/services', { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { items?: { _id: string; is_addon?: boolean }[] };
    const id = body.items?.find((s) => !s.is_addon)?._id;
    expect(id, 'a service in the catalogue').toBeTruthy();
    return { id: String(id) };
  },
  'customer.orderSuccess': async (request) => {
    const token = await apiToken(request, 'customer@tendwell.test');
    const res = await request.get('/api/subscriptions', { headers: { authorization: `Bearer ${token}` } });
    const body = res.ok() ? ((await res.json()) as { items?: { order_data?: { _id?: string } }[] }) : {};
    return { id: body.items?.find((s) => s.order_data?._id)?.order_data?._id ?? '0123456789abcdef01234567' };
  },
  'customer.appointment': appointmentOf('customer@tendwell.test'),
  'vendor.appointment': appointmentOf('vendor@tendwell.test'),
  'customer.subscription': subscriptionOf,
  'customer.pastInvoice': receiptOf,
  'customer.viewInvoice': invoiceOf('customer@tendwell.test', 'open'),
  'organization.viewInvoice': invoiceOf('organization@tendwell.test', 'open'),
  'organization.editInvoice': invoiceOf('organization@tendwell.test', 'draft'),
  'organization.appointment': appointmentOf('organization@tendwell.test'),
  'organization.vendor': teamVendorOf,
  'admin.appointment': appointmentOf('super@tendwell.test'),
  'admin.organization.tab': pendingOrganizationOf,
  switchAccount: async (request) => {
    const token = await apiToken(request, 'multi@tendwell.test');
    const res = await request.get('/api/user/accounts', { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as unknown;
    const list = (Array.isArray(body) ? body : ((body as { accounts?: unknown[] }).accounts ?? [])) as { id?: string; _id?: string }[];
    const id = list[0]?.id ?? list[0]?._id;
    expect(id, 'an account id of multi@tendwell.test').toBeTruthy();
    return { account_id: String(id) };
  },
};

const built = routesReport().routes.filter((r) => r.status === 'screen');
// Routes that end the session or only pass through: visited last, or as their own case.
const SESSION_ENDING = new Set(['logout']);

const fill = (path: string, params: Record<string, string>): string =>
  path === '*' ? '/no-such-page-for-the-phone-test' : path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));

const checkPage = async (page: Page, lang: Lang, label: string, stayOn?: string) => {
  // Let the route settle: lazy screens load, redirects happen, data arrives.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expectReadyIn(page, lang);
  if (stayOn) {
    expect(new URL(page.url()).pathname, `${label} is shown, not redirected away from`).toBe(stayOn);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expectFitsPhone(page, `${label} [${lang}]`);
};

for (const lang of LANGS) test.describe(`every built route on a 360 px phone in ${lang === 'es' ? 'Spanish' : 'English'}: the layout viewport stays 360 px, nothing is wider, no serious accessibility violation`, () => {
  test.use(phoneIn(lang));

  if (lang === 'en') test('the route list is read from the screen registries', () => {
    expect(built.length).toBeGreaterThan(20);
    for (const r of built) {
      if (r.route.path.includes(':')) expect(RESOLVERS[r.route.name], `a resolver for the parameters of ${r.route.path}`).toBeDefined();
    }
  });

  // Grouped by the login that opens them: 'visitor' (signed out), a demo email, or 'none' (no demo login fits).
  const groups = new Map<string, typeof built>();
  for (const r of built) {
    const role = r.route.meta.allowedRoles.find((x) => DEMO_LOGIN[x]);
    const who = !r.route.meta.requiresAuth
      ? 'visitor'
      : FRESH_FOR_ROUTE[r.route.name]
        ? `a new ${r.route.name.split('.')[0]}`
        : (LOGIN_FOR_ROUTE[r.route.name] ?? (role && DEMO_LOGIN[role]) ?? 'none');
    groups.set(who, [...(groups.get(who) ?? []), r]);
  }

  for (const [who, routes] of groups) {
    test(`[${lang}] as ${who === 'visitor' ? 'a visitor' : who}: ${routes.map((r) => r.route.path).join(' ')}`, async ({ page, request }) => {
      test.setTimeout(30_000 + routes.length * 15_000);
      expect(who, `a demo login for the roles of ${routes.map((r) => r.route.path).join(', ')}`).not.toBe('none');
      const fresh = routes.map((r) => FRESH_FOR_ROUTE[r.route.name]).find(Boolean);
      // A demo login with a saved language speaks the test's language for the test (put back at its end).
      const restore = fresh || who === 'visitor' ? async () => {} : await speaking(request, who, lang);
      let restoreFresh = async () => {};
      if (fresh) {
        const login = await fresh(request);
        // An invited vendor's account is made with the inviter's language: it speaks the test's for the test.
        restoreFresh = await speaking(request, login.email, lang, login.password);
        await signInOn(page, login.email, login.password);
      } else if (who !== 'visitor') await signInOn(page, who);
      try {
        const ordered = [...routes].sort((a, b) => Number(SESSION_ENDING.has(a.route.name)) - Number(SESSION_ENDING.has(b.route.name)));
        for (const r of ordered) {
          const params = RESOLVERS[r.route.name] ? await RESOLVERS[r.route.name]!(request) : {};
          const path = fill(r.route.path, params);
          await page.goto(path);
          await checkPage(page, lang, `${r.route.name} (${r.route.path})`, MUST_STAY.has(r.route.name) ? path : undefined);
        }
      } finally {
        await restore();
        await restoreFresh();
      }
    });
  }
});
