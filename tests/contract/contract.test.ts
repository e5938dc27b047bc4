/**
 * Every response of every implemented operation matches openapi/.
 *
 * `EXAMPLES` holds, per implemented operationId, scripted requests: at least one that succeeds (2xx) and,
 * where the operation has one, its typical errors (400/401/403/404/409/429). Each example sets up what it
 * needs (fresh users, tokens, codes from the outbox) and returns the response of the one request under
 * test. The test then checks that the request addressed that operation, that the status is the expected
 * one, that the response is not a `contract_violation` (the harness validates every response), that
 * `responseChecker` accepts it, that a declared JSON body is present, and that the declared headers
 * (x-api-version) are sent.
 *
 * A new handler without an entry here fails the first test: add a contract example with it.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { accounts, addresses, appointments, billingCycles, media, payoutOnboardings, services, subscriptions, users } from '../../server/db/schema';
import { DEMO_LAWN_PHOTO } from '../../server/adapters/media/demo-files';
import { DEMO_ADDRESSES, DEMO_BOOKINGS, demoAppointmentRecord, demoId, demoSubscriptionRecord } from '../../server/db/seed';
import type { ContractOperation, JsonObject } from '../../server/openapi/load';
import { type ResponseCheck, responseChecker } from '../../server/openapi/responses';
import { allOperations } from '../../server/operations/all';
import { DEMO_PASSWORD, approvePendingOrganization, bearer, login, startTestServer, type TestServer } from '../server/harness';

type Method = 'GET' | 'POST' | 'PUT' | 'HEAD';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Response = LightMyRequestResponse;

interface CallOptions {
  readonly payload?: object;
  readonly token?: string;
  readonly headers?: Record<string, string>;
  /** The client address (default: a new one per request). */
  readonly from?: string;
}

interface FreshUser {
  readonly email: string;
  readonly password: string;
  readonly userId: string;
  /** A session token from the registration (email confirmation). */
  readonly token: string;
}

/** What an example gets: the shared server and helpers for setting up its request. */
interface Ctx {
  readonly server: TestServer;
  /** One API request (url relative to /api). */
  call(method: Method, url: string, options?: CallOptions): Promise<Response>;
  /** A setup request that must succeed; answers its JSON body. */
  setup(method: Method, url: string, options?: CallOptions): Promise<Json>;
  /** A new bearer token for a demo user, through auth/login (for requests that revoke it). */
  login(email: string, password?: string): Promise<string>;
  /** A bearer token for a demo user, logged in once and shared by requests that leave it valid. */
  session(email: string): Promise<string>;
  /** A newly registered customer (status pending_email, signed in), unique to the caller. */
  freshUser(tag: string, options?: { temporaryPassword?: boolean }): Promise<FreshUser>;
  /** A unique email address / phone number nobody uses yet. */
  uniqueEmail(tag: string): string;
  uniquePhone(): string;
  /** The newest outbox message sent to an address or number. */
  lastMessage(to: string): Promise<{ code: string | null; link: string | null }>;
  /** `times` requests in a row (to exhaust an attempt limit); each must answer `status`. */
  repeat(times: number, status: number, request: () => Promise<Response>): Promise<void>;
}

interface Example {
  /** The status the request must answer. */
  readonly status: number;
  /** What the example shows (test name). */
  readonly what: string;
  readonly run: (ctx: Ctx) => Promise<Response>;
}

const ok = (what: string, run: Example['run'], status = 200): Example => ({ status, what, run });
const error = (status: number, what: string, run: Example['run']): Example => ({ status, what, run });

const CUSTOMER = 'customer@tendwell.test';
const GARBAGE_TOKEN = 'not.a.token';
const customerNotification = demoId('notification:1'); // 'Mowing is scheduled', unread
const vendorNotification = demoId('notification:5');
const tokenIn = (link: string | null, param: string): string => {
  const value = link ? new URL(link).searchParams.get(param) : null;
  if (!value) throw new Error(`no ${param} in the link ${String(link)}`);
  return value;
};

const NEWCUSTOMER = 'newcustomer@tendwell.test';
const NEWCUSTOMER_ID = demoId('account:newcustomer');
/** newcustomer@ saves a card through customer/{id}/billing/update. */
const saveCard = async (c: Ctx, stripe_src: string, extra: object = {}) =>
  c.call('POST', `/customer/${NEWCUSTOMER_ID}/billing/update`, { token: await c.session(NEWCUSTOMER), payload: { stripe_src, customer_id: NEWCUSTOMER_ID, ...extra } });
const WEBHOOK_SECRET = 'whsec_contract';
const STRIPE_EVENT = JSON.stringify({ id: 'evt_contract_1', object: 'event', type: 'customer.updated', created: 1780000000, livemode: false, data: { object: { id: 'cus_1' } } });
const webhook = (app: TestServer['app'], payload: string, signature: string) =>
  app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
/** A request to a server configured for Stripe (its own database), closed afterwards. */
const withStripeServer = async (request: (app: TestServer['app'], payload: string, signature: string) => Promise<Response>) => {
  const stripeServer = await startTestServer({ stripeSecretKey: 'sk_test_contract', stripeWebhookSecret: WEBHOOK_SECRET });
  try {
    return await request(stripeServer.app, STRIPE_EVENT, Stripe.webhooks.generateTestHeaderString({ payload: STRIPE_EVENT, secret: WEBHOOK_SECRET }));
  } finally {
    await stripeServer.close();
  }
};

/** The contract examples, keyed by operationId. */
const DAY_MS = 24 * 60 * 60 * 1000;
const VENDOR = 'vendor@tendwell.test';
const ORGANIZATION = 'organization@tendwell.test';
const SUPER = 'super@tendwell.test';
const MOWING = demoId('service:mowing');
const customerTicket = demoId('ticket:customer-open');
const closedTicket = demoId('ticket:customer-closed');
const AFFILIATE = 'affiliate@tendwell.test';
/** A new appointment of customer@'s subscription (vendor@, organization@), `days` from now. */
const appointmentIn = async (c: Ctx, days: number, fields: Partial<typeof appointments.$inferInsert> = {}) => {
  const id = newId();
  const now = c.server.clock.now();
  await c.server.db
    .insert(appointments)
    .values(demoAppointmentRecord({ id, status: 'active', startTime: new Date(now.getTime() + days * DAY_MS), createdAt: now, ...fields }));
  return id;
};
/** A POST appointments body: customer@'s home, the mowing service, at `start`. */
const booking = async (c: Ctx, start: string) => {
  const [service] = await c.server.db.select({ id: services.id }).from(services).where(eq(services.name, 'Lawn mowing'));
  return { service_id: service!.id, plan_id: 'mowing-small-week', address_id: DEMO_ADDRESSES.find((a) => a.account === 'customer')!.id, start_time: start };
};
/** A new subscription of customer@; answers its order id. */
const subscriptionOf = async (c: Ctx, fields: Partial<typeof subscriptions.$inferInsert> = {}) => {
  const id = newId();
  await c.server.db.insert(subscriptions).values(demoSubscriptionRecord({ id, createdAt: c.server.clock.now(), ...fields }));
  return { id, orderId: demoId(`order:${id}`) };
};


/** A new Austin address of customer@ (no subscription serves it). */
const freshAddress = async (c: Ctx, accountId: string = DEMO_BOOKINGS.customer) => {
  const id = newId();
  await c.server.db.insert(addresses).values({ id, accountId, streetNumber: '3', street: 'Contract Way', city: 'Austin', state: 'TX', postalCode: '78704', homeSize: 'medium', createdAt: c.server.clock.now() });
  return id;
};
/** customer@ subscribes to medium biweekly mowing (9:00 AM Austin time, three days from the clock's day). */
const checkout = async (c: Ctx, overrides: Record<string, unknown> = {}, token?: string) => {
  const day = new Date(c.server.clock.now().getTime() + 3 * DAY_MS).toISOString().slice(0, 10);
  return c.call('POST', '/subscriptions/new', {
    token: token ?? (await c.session(CUSTOMER)),
    headers: { 'idempotency-key': `contract-${newId()}` },
    payload: { service_id: MOWING, plan_id: 'mowing-medium-biweek', frequency: 'biweek', home_size: 'medium', address_id: await freshAddress(c), start_time: `${day}T14:00:00.000Z`, ...overrides },
  });
};
const checkedOut = async (c: Ctx) => (await (await checkout(c)).json()) as Json;
const SOME_ID = 'abcdefabcdefabcdefabcdef';
const INVOICE_LINES = [{ description: 'Tree pruning', quantity: 1, unit_amount: 6000 }];
/** A manual invoice from organization@ to customer@ (a customer it serves), sent or kept a draft; answers its id. */
const orgInvoice = async (c: Ctx, send = true): Promise<string> =>
  String(
    (await c.setup('POST', '/invoice/new', { token: await c.session(ORGANIZATION), payload: { customer_id: DEMO_BOOKINGS.customer, lines: INVOICE_LINES, tax_rate_bps: 825, send } }))._id,
  );
let invoicePayments = 0;
const payInvoice = async (c: Ctx, id: string, email = CUSTOMER) =>
  c.call('PUT', `/customer/pay/invoice/${id}`, { token: await c.session(email), headers: { 'idempotency-key': `contract-invoice-${++invoicePayments}` }, payload: {} });
/** An organization with no vendors (not vendor@'s). */
const OTHER_ORGANIZATION = 'pending-organization@tendwell.test';
/** vendor@'s seeded working hours. */
const WEEKDAY_HOURS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day_of_week) => ({ day_of_week, start: '0800', end: '1700' }));
/** vendor@ asks for a working day off (08:00–17:00 Chicago on `day`); answers the request's schedule id. */
const timeOffAsked = async (c: Ctx, day: string): Promise<string> =>
  String((await c.setup('PUT', '/request-time-off', { token: await c.session(VENDOR), payload: { start_time: `${day}T13:00:00Z`, end_time: `${day}T22:00:00Z` } })).schedule_id);
/** A time-off request in organization@'s queue. */
const scheduleOf = (scheduleId: string) => `/organization/${DEMO_BOOKINGS.organization}/schedule/${scheduleId}`;

/** A newly registered organization (waiting for approval); answers its account id. */
const pendingOrganization = async (c: Ctx): Promise<string> => {
  const body = await c.setup('POST', '/auth/register', {
    payload: { email: c.uniqueEmail('organization'), first_name: 'Fresh', last_name: 'Organization', password: 'contract-pass-1', type: 'organization' },
  });
  const [account] = await c.server.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, String(body.userData._id)));
  return account!.id;
};
/** Through the sandbox provider's onboarding: authorize, 'Continue' on its page, then the code and state key it returns. */
const sandboxReturn = async (c: Ctx, path: string, email: string): Promise<{ code: string; state_key: string }> => {
  const link = await c.setup('GET', `${path}/onboarding/authorize`, { token: await c.session(email) });
  const back = await c.server.services.payments.sandbox!.submitOnboarding(String(link.url).split('/').pop()!);
  const url = new URL(back!);
  return { code: url.searchParams.get('code')!, state_key: url.searchParams.get('state_key')! };
};
/** An account connected at the provider with everything finishing needs (organization: agreement and document; vendor: insurance). */
const readyToFinish = async (c: Ctx, accountId: string, kind: 'organization' | 'vendor') => {
  const [account] = await c.server.db.select().from(accounts).where(eq(accounts.id, accountId));
  await c.server.db.update(accounts).set({ settings: { ...account!.settings, stripe_id: 'acct_sandbox_ready' }, meta: { ...account!.meta, initialSetup: false } }).where(eq(accounts.id, accountId));
  const document = { document_type: 'insurance' as const, media_id: SOME_ID, back_media_id: null, valid_from: '2026-01-01', valid_until: '2099-01-01', status: 'pending' as const };
  await c.server.db.insert(payoutOnboardings).values({
    accountId,
    status: 'connected',
    agreementAcceptedAt: kind === 'organization' ? c.server.clock.now() : null,
    verificationDocument: kind === 'organization' ? document : null,
    checklist: kind === 'vendor' ? { insurance: { done: true, media_id: SOME_ID, valid_until: '2099-01-01' } } : {},
    updatedAt: c.server.clock.now(),
  });
};
const AFFILIATE_ID = demoId('account:affiliate');
const AFFILIATE_BANK = { account_holder_name: 'Ari Affiliate', account_holder_type: 'individual', routing_number: '110000000', account_number: '000123456789' };
/** A session of a newly registered affiliate (in set-up, not connected). */
const newAffiliateToken = async (c: Ctx): Promise<string> =>
  String(
    (await c.setup('POST', '/auth/register', { payload: { email: c.uniqueEmail('affiliate'), first_name: 'Nova', last_name: 'Affiliate', password: 'contract-pass-1', type: 'affiliate' } })).token,
  );
/** The active account of a session. */
const activeAccountOf = async (c: Ctx, token: string): Promise<string> => String((await c.setup('GET', '/user', { token })).account._id);
/** An add-on on a new visit of customer@ (the customer's: approved; a vendor's: pending); answers its id. */
const addOnOn = async (c: Ctx, by: string = CUSTOMER): Promise<string> =>
  String(
    (await c.setup('POST', '/appointments/manage/add-on/add', { token: await c.session(by), payload: { appointment_id: await appointmentIn(c, 10), custom: { description: 'Rake the leaves', value: 1500 } } }))
      .addon._id,
  );
const ADD_ON_SERVICE = { service_id: demoId('addon:bag-clippings'), plan_id: `addon-${demoId('addon:bag-clippings')}` };
/** A pending home-size request by vendor@ on a new visit of customer@; answers its id. */
const approvalAsked = async (c: Ctx): Promise<string> =>
  String(
    (await c.setup('POST', '/approvals', { token: await c.session(VENDOR), payload: { type: 'home_size', appointment_id: await appointmentIn(c, 10), data: { homeSize: 'large' }, note: 'Bigger than listed.' } }))._id,
  );

/** An Austin address inside the demo organization's area. */
const CONGRESS_AVE = { street_number: '100', street: 'Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' };

const EXAMPLES: Record<string, readonly Example[]> = {
  // ── the organization's area, dashboard, profile and customers (issue 11) ──
  getOrganizationServiceAreas: [
    ok("the organization's circles", async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/service-areas`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/service-areas`)),
    error(403, 'a customer', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/service-areas`, { token: await c.session(CUSTOMER) })),
    error(404, 'another organization', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/service-areas`, { token: await c.session(OTHER_ORGANIZATION) })),
  ],
  setOrganizationServiceAreas: [
    ok('a circle of 15 miles around Austin', async (c) =>
      c.call('PUT', `/organization/${await pendingOrganization(c)}/service-areas`, { token: await c.session(SUPER), payload: { items: [{ postal_code: '78701', radius_miles: 15 }] } }),
    ),
    error(400, 'a radius of 0', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/service-areas`, { token: await c.session(ORGANIZATION), payload: { items: [{ postal_code: '78701', radius_miles: 0 }] } }),
    ),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/service-areas`, { payload: { items: [] } })),
    error(403, 'a vendor', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/service-areas`, { token: await c.session(VENDOR), payload: { items: [] } })),
    error(404, 'another organization', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/service-areas`, { token: await c.session(OTHER_ORGANIZATION), payload: { items: [] } }),
    ),
  ],
  getOrganizationZipCodes: [
    ok("the organization's listed ZIP codes", async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/zip-codes`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/zip-codes`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/zip-codes`, { token: await c.session(VENDOR) })),
    error(404, 'another organization', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/zip-codes`, { token: await c.session(OTHER_ORGANIZATION) })),
  ],
  setOrganizationZipCodes: [
    ok('two ZIP codes', async (c) => c.call('PUT', `/organization/${await pendingOrganization(c)}/zip-codes`, { token: await c.session(SUPER), payload: { zip_codes: ['78701', '78704'] } })),
    error(400, 'a malformed ZIP code', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/zip-codes`, { token: await c.session(ORGANIZATION), payload: { zip_codes: ['787'] } })),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/zip-codes`, { payload: { zip_codes: [] } })),
    error(403, 'a customer', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/zip-codes`, { token: await c.session(CUSTOMER), payload: { zip_codes: [] } })),
    error(404, 'another organization', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/zip-codes`, { token: await c.session(OTHER_ORGANIZATION), payload: { zip_codes: [] } }),
    ),
  ],
  getOrganizationInit: [
    ok("the organization's dashboard", async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/init`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/init`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/init`, { token: await c.session(VENDOR) })),
    error(404, 'another organization', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/init`, { token: await c.session(OTHER_ORGANIZATION) })),
  ],
  searchZipCodes: [
    ok('ZIP codes starting with 627', async (c) => c.call('GET', '/search/zipcodes?text=627', { token: await c.session(ORGANIZATION) })),
    error(400, 'a limit over 100', async (c) => c.call('GET', '/search/zipcodes?text=627&limit=500', { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', '/search/zipcodes?text=627')),
    error(403, 'a customer', async (c) => c.call('GET', '/search/zipcodes?text=627', { token: await c.session(CUSTOMER) })),
  ],
  updateVendor: [
    ok('the vendor writes its bio', async (c) =>
      c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/update`, { token: await c.session(VENDOR), payload: { bio: 'Ten years of lawns and hedges.' } }),
    ),
    error(400, 'an empty first name', async (c) => c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/update`, { token: await c.session(VENDOR), payload: { first_name: '  ' } })),
    error(400, 'no field at all', async (c) => c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/update`, { token: await c.session(VENDOR), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/update`, { payload: { bio: 'x' } })),
    error(403, 'a customer', async (c) => c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/update`, { token: await c.session(CUSTOMER), payload: { bio: 'x' } })),
    error(403, 'its organization deactivating it (only staff change a status)', async (c) =>
      c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/update`, { token: await c.session(ORGANIZATION), payload: { status: 'inactive' } }),
    ),
    error(404, 'a vendor of another organization', async (c) =>
      c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/update`, { token: await c.session(OTHER_ORGANIZATION), payload: { bio: 'x' } }),
    ),
  ],
  updateOrganization: [
    ok('a new company name and business phone', async (c) =>
      c.call('PUT', `/organization/${await pendingOrganization(c)}/update`, { token: await c.session(SUPER), payload: { company_name: 'Fresh Lawns', phone: '+15125550199' } }),
    ),
    error(400, 'a phone without its country code', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/update`, { token: await c.session(ORGANIZATION), payload: { phone: '512-555-0199' } })),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/update`, { payload: { company_name: 'X' } })),
    error(403, 'a vendor', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/update`, { token: await c.session(VENDOR), payload: { company_name: 'X' } })),
    error(404, 'another organization', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/update`, { token: await c.session(OTHER_ORGANIZATION), payload: { company_name: 'X' } })),
  ],
  updateOrganizationContact: [
    ok('a new contact', async (c) =>
      c.call('PUT', `/organization/${await pendingOrganization(c)}/update-contact`, { token: await c.session(SUPER), payload: { first_name: 'Lee', last_name: 'Park', phone: '+15125550111' } }),
    ),
    error(400, 'no last name', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/update-contact`, { token: await c.session(ORGANIZATION), payload: { first_name: 'Lee' } })),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/update-contact`, { payload: { first_name: 'A', last_name: 'B' } })),
    error(403, 'a vendor', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/update-contact`, { token: await c.session(VENDOR), payload: { first_name: 'A', last_name: 'B' } })),
    error(404, 'another organization', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/update-contact`, { token: await c.session(OTHER_ORGANIZATION), payload: { first_name: 'A', last_name: 'B' } }),
    ),
  ],
  deleteOrganizationContact: [
    ok('a contact it added', async (c) => {
      const id = await pendingOrganization(c);
      const token = await c.session(SUPER);
      const added = await c.setup('PUT', `/organization/${id}/update-contact`, { token, payload: { first_name: 'Lee', last_name: 'Park' } });
      const contact = (added.contacts as Json[]).find((x) => x.first_name === 'Lee')!;
      return c.call('PUT', `/organization/${id}/delete-contact`, { token, payload: { contact_id: contact.contact_id } });
    }),
    error(400, 'no contact id', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/delete-contact`, { token: await c.session(ORGANIZATION), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/delete-contact`, { payload: { contact_id: newId() } })),
    error(403, 'a vendor', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/delete-contact`, { token: await c.session(VENDOR), payload: { contact_id: newId() } })),
    error(404, 'a contact that is not there', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/delete-contact`, { token: await c.session(ORGANIZATION), payload: { contact_id: newId() } }),
    ),
  ],
  listOrganizationCustomers: [
    ok('the active customers it serves', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/customers?type=active&count=100&skip=0`, { token: await c.session(ORGANIZATION) })),
    error(400, 'a count of 0', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/customers?count=0`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/customers`)),
    error(403, 'a customer', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/customers`, { token: await c.session(CUSTOMER) })),
    error(404, 'another organization', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/customers`, { token: await c.session(OTHER_ORGANIZATION) })),
  ],
  updateOrganizationCustomerAddress: [
    ok('the address of a visit it serves, in its area', async (c) => {
      const token = await c.session(ORGANIZATION);
      const listed = (await c.setup('GET', `/organization/${DEMO_BOOKINGS.organization}/customers?type=all`, { token })).items as Json[];
      const served = String(((listed.find((x) => x._id === DEMO_BOOKINGS.customer)!.address as Json[])[0]!)._id);
      return c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/customers/${DEMO_BOOKINGS.customer}/update-address`, { token, payload: { address_id: served, address: CONGRESS_AVE } });
    }),
    error(400, 'a malformed ZIP code', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/customers/${DEMO_BOOKINGS.customer}/update-address`, { token: await c.session(ORGANIZATION), payload: { address: { ...CONGRESS_AVE, postal_code: '787' } } }),
    ),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/customers/${DEMO_BOOKINGS.customer}/update-address`, { payload: { address: CONGRESS_AVE } })),
    error(403, 'a vendor', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/customers/${DEMO_BOOKINGS.customer}/update-address`, { token: await c.session(VENDOR), payload: { address: CONGRESS_AVE } }),
    ),
    error(404, 'another organization', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/customers/${DEMO_BOOKINGS.customer}/update-address`, { token: await c.session(OTHER_ORGANIZATION), payload: { address: CONGRESS_AVE } }),
    ),
  ],
  // Issue 11 "Money": the organization's transfers and payouts (seeded: 26 weeks of them).
  ...Object.fromEntries(
    (
      [
        ['listOrganizationTransfers', 'transfers'],
        ['getOrganizationTransfersSummary', 'transfers-summary'],
        ['listOrganizationPayouts', 'payouts'],
        ['getOrganizationPayoutsSummary', 'payouts-summary'],
        ['exportOrganizationCsv', 'csv/transfers'],
      ] as const
    ).map(([id, path]) => [
      id,
      [
        ok('the last 3 months (the organization)', async (c: Ctx) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/${path}`, { token: await c.session(ORGANIZATION) })),
        ok('a custom range (super)', async (c: Ctx) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/${path}?from=2026-01-01&to=2026-05-31`, { token: await c.session(SUPER) })),
        error(400, 'a range longer than 366 days', async (c: Ctx) =>
          c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/${path}?from=2025-01-01&to=2026-05-31`, { token: await c.session(ORGANIZATION) }),
        ),
        error(401, 'no token', (c: Ctx) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/${path}`)),
        error(403, 'a vendor', async (c: Ctx) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/${path}`, { token: await c.session(VENDOR) })),
        error(404, 'another organization', async (c: Ctx) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/${path}`, { token: await c.session(OTHER_ORGANIZATION) })),
      ],
    ]),
  ),
  // Issue 11 "Payout onboarding" (server/services/payout-onboarding.ts): organization@ and vendor@ are set up in the seed.
  getOrganizationOnboarding: [
    ok('where it stands (the organization)', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/onboarding`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/onboarding`)),
    error(403, 'another organization', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/onboarding`, { token: await c.session(OTHER_ORGANIZATION) })),
  ],
  authorizeOrganizationOnboarding: [
    ok('a link to the sandbox onboarding', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/onboarding/authorize`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/onboarding/authorize`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/onboarding/authorize`, { token: await c.session(VENDOR) })),
  ],
  exchangeOrganizationOnboardingToken: [
    ok('the code and state key the sandbox returned', async (c) =>
      c.call('POST', `/organization/${DEMO_BOOKINGS.organization}/onboarding/token`, { token: await c.session(ORGANIZATION), payload: await sandboxReturn(c, `/organization/${DEMO_BOOKINGS.organization}`, ORGANIZATION) }),
    ),
    error(400, 'a state key that was not issued', async (c) => {
      await c.setup('GET', `/organization/${DEMO_BOOKINGS.organization}/onboarding/authorize`, { token: await c.session(ORGANIZATION) });
      return c.call('POST', `/organization/${DEMO_BOOKINGS.organization}/onboarding/token`, { token: await c.session(ORGANIZATION), payload: { code: 'nope', state_key: 'nope' } });
    }),
    error(401, 'no token', (c) => c.call('POST', `/organization/${DEMO_BOOKINGS.organization}/onboarding/token`, { payload: { code: 'a', state_key: 'b' } })),
    error(403, 'another organization', async (c) => c.call('POST', `/organization/${DEMO_BOOKINGS.organization}/onboarding/token`, { token: await c.session(OTHER_ORGANIZATION), payload: { code: 'a', state_key: 'b' } })),
  ],
  setOrganizationBusiness: [
    ok('a company with an EIN', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/business`, { token: await c.session(ORGANIZATION), payload: { business_type: 'company', tax_id: '12-3456789' } })),
    error(400, 'a company with an SSN', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/business`, { token: await c.session(ORGANIZATION), payload: { business_type: 'company', tax_id: '123-45-6789' } })),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/business`, { payload: { business_type: 'company', tax_id: '12-3456789' } })),
    error(403, 'a vendor', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/business`, { token: await c.session(VENDOR), payload: { business_type: 'company', tax_id: '12-3456789' } })),
  ],
  getOrganizationBankAccount: [
    ok('the bank account or null', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/bank_account`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/bank_account`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/bank_account`, { token: await c.session(VENDOR) })),
  ],
  setOrganizationBankAccount: [
    ok('a test bank account', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/bank_account`, { token: await c.session(ORGANIZATION), payload: { account_holder_name: 'Greenway', account_holder_type: 'company', routing_number: '110000000', account_number: '000123456789' } }),
    ),
    error(400, 'a short routing number', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/bank_account`, { token: await c.session(ORGANIZATION), payload: { account_holder_name: 'G', account_holder_type: 'company', routing_number: '11', account_number: '000123456789' } }),
    ),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/bank_account`, { payload: {} })),
  ],
  setOrganizationVerificationDocument: [
    ok('an uploaded insurance certificate', async (c) => {
      const id = newId();
      const [org] = await c.server.db.select().from(accounts).where(eq(accounts.id, DEMO_BOOKINGS.organization));
      await c.server.db.insert(media).values({ id, key: `document/${DEMO_BOOKINGS.organization}/none/${id}.pdf`, contentType: 'application/pdf', name: 'insurance.pdf', size: 100, purpose: 'document', ownerAccountId: DEMO_BOOKINGS.organization, uploaderUserId: org!.userId, createdAt: c.server.clock.now() });
      return c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/verification_document_data`, { token: await c.session(ORGANIZATION), payload: { document_type: 'insurance', media_id: id, valid_from: '2026-01-01', valid_until: '2099-01-01' } });
    }),
    error(400, 'a file that is not the organization\'s', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/verification_document_data`, { token: await c.session(ORGANIZATION), payload: { document_type: 'insurance', media_id: SOME_ID, valid_from: '2026-01-01', valid_until: '2099-01-01' } }),
    ),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/verification_document_data`, { payload: {} })),
    error(403, 'a vendor', async (c) =>
      c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/verification_document_data`, { token: await c.session(VENDOR), payload: { document_type: 'insurance', media_id: SOME_ID, valid_from: '2026-01-01', valid_until: '2099-01-01' } }),
    ),
  ],
  acceptOrganizationAgreement: [
    ok('the current version', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/accept_agreement`, { token: await c.session(ORGANIZATION), payload: { agreement_version: '2026-01', accepted: true } })),
    error(400, 'another version', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/accept_agreement`, { token: await c.session(ORGANIZATION), payload: { agreement_version: '1999', accepted: true } })),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/accept_agreement`, { payload: { agreement_version: '2026-01', accepted: true } })),
  ],
  getOrganizationSurvey: [
    ok('the answers so far', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/survey`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/survey`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/survey`, { token: await c.session(VENDOR) })),
  ],
  saveOrganizationSurvey: [
    ok('a draft', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/survey`, { token: await c.session(ORGANIZATION), payload: { answers: [{ question: 'How did you hear about us?', answer: 'Google' }] } })),
    error(400, 'no answers', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/survey`, { token: await c.session(ORGANIZATION), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/survey`, { payload: { answers: [] } })),
  ],
  finishOrganizationSetup: [
    ok('a new organization with everything in place (super)', async (c) => {
      const id = await pendingOrganization(c);
      await readyToFinish(c, id, 'organization');
      return c.call('PUT', `/organization/${id}/finish_setup`, { token: await c.session(SUPER) });
    }),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/finish_setup`)),
    error(403, 'a vendor', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/finish_setup`, { token: await c.session(VENDOR) })),
    error(409, 'set up already', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/finish_setup`, { token: await c.session(ORGANIZATION) })),
  ],
  getVendorOnboarding: [
    ok('where it stands (the vendor)', async (c) => c.call('GET', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding`, { token: await c.session(VENDOR) })),
    error(401, 'no token', (c) => c.call('GET', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding`)),
    error(403, 'an organization', async (c) => c.call('GET', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding`, { token: await c.session(ORGANIZATION) })),
  ],
  authorizeVendorOnboarding: [
    ok('a link to the sandbox onboarding', async (c) => c.call('GET', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding/authorize`, { token: await c.session(VENDOR) })),
    error(401, 'no token', (c) => c.call('GET', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding/authorize`)),
    error(403, 'an organization', async (c) => c.call('GET', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding/authorize`, { token: await c.session(ORGANIZATION) })),
  ],
  exchangeVendorOnboardingToken: [
    ok('the code and state key the sandbox returned', async (c) =>
      c.call('POST', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding/token`, { token: await c.session(VENDOR), payload: await sandboxReturn(c, `/vendors/${DEMO_BOOKINGS.vendor}`, VENDOR) }),
    ),
    error(400, 'an empty code', async (c) => c.call('POST', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding/token`, { token: await c.session(VENDOR), payload: { code: '', state_key: 'x' } })),
    error(401, 'no token', (c) => c.call('POST', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding/token`, { payload: { code: 'a', state_key: 'b' } })),
    error(403, 'an organization', async (c) => c.call('POST', `/vendors/${DEMO_BOOKINGS.vendor}/onboarding/token`, { token: await c.session(ORGANIZATION), payload: { code: 'a', state_key: 'b' } })),
  ],
  getVendorChecklist: [
    ok('the vendor\'s own', async (c) => c.call('GET', '/vendors/checklist', { token: await c.session(VENDOR) })),
    error(400, 'super without a vendor', async (c) => c.call('GET', '/vendors/checklist', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', '/vendors/checklist')),
  ],
  updateVendorChecklist: [
    ok('equipment ready', async (c) => c.call('PUT', '/vendors/checklist/update', { token: await c.session(VENDOR), payload: { item_id: 'equipment', done: true } })),
    error(400, 'an unknown item', async (c) => c.call('PUT', '/vendors/checklist/update', { token: await c.session(VENDOR), payload: { item_id: 'nope', done: true } })),
    error(401, 'no token', (c) => c.call('PUT', '/vendors/checklist/update', { payload: { item_id: 'equipment', done: true } })),
  ],
  finishVendorSetup: [
    ok('an invited vendor with everything in place (super)', async (c) => {
      const vendor = await c.setup('POST', `/organization/${demoId('account:pending-organization')}/vendors`, { token: await c.session(OTHER_ORGANIZATION), payload: { first_name: 'Fin', last_name: 'Ished', email: c.uniqueEmail('finish') } });
      await readyToFinish(c, String(vendor._id), 'vendor');
      return c.call('PUT', `/vendors/${String(vendor._id)}/finish_setup`, { token: await c.session(SUPER) });
    }),
    error(401, 'no token', (c) => c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/finish_setup`)),
    error(403, 'an organization', async (c) => c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/finish_setup`, { token: await c.session(ORGANIZATION) })),
    error(409, 'set up already', async (c) => c.call('PUT', `/vendors/${DEMO_BOOKINGS.vendor}/finish_setup`, { token: await c.session(VENDOR) })),
  ],
  // affiliate@ is set up in the seed (acct_demo_affiliate); a new affiliate registers for the steps before that.
  getAffiliateInit: [
    ok('the affiliate and its payout onboarding', async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/init`, { token: await c.session(AFFILIATE) })),
    error(401, 'no token', (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/init`)),
    error(403, 'another affiliate', async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/init`, { token: await newAffiliateToken(c) })),
    error(403, 'a customer', async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/init`, { token: await c.session(CUSTOMER) })),
    error(404, 'an account that is not an affiliate (super)', async (c) => c.call('GET', `/affiliate/${DEMO_BOOKINGS.customer}/init`, { token: await c.session(SUPER) })),
  ],
  authorizeAffiliateOnboarding: [
    ok('a link to the sandbox onboarding', async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/onboarding/authorize`, { token: await c.session(AFFILIATE) })),
    error(401, 'no token', (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/onboarding/authorize`)),
    error(403, 'a customer', async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/onboarding/authorize`, { token: await c.session(CUSTOMER) })),
  ],
  exchangeAffiliateOnboardingToken: [
    ok('the code and state key the sandbox returned', async (c) =>
      c.call('POST', `/affiliate/${AFFILIATE_ID}/onboarding/token`, { token: await c.session(AFFILIATE), payload: await sandboxReturn(c, `/affiliate/${AFFILIATE_ID}`, AFFILIATE) }),
    ),
    error(400, 'a state key that was not issued', async (c) => {
      await c.setup('GET', `/affiliate/${AFFILIATE_ID}/onboarding/authorize`, { token: await c.session(AFFILIATE) });
      return c.call('POST', `/affiliate/${AFFILIATE_ID}/onboarding/token`, { token: await c.session(AFFILIATE), payload: { code: 'nope', state_key: 'nope' } });
    }),
    error(401, 'no token', (c) => c.call('POST', `/affiliate/${AFFILIATE_ID}/onboarding/token`, { payload: { code: 'a', state_key: 'b' } })),
    error(403, 'another affiliate', async (c) => c.call('POST', `/affiliate/${AFFILIATE_ID}/onboarding/token`, { token: await newAffiliateToken(c), payload: { code: 'a', state_key: 'b' } })),
    error(409, 'no link waiting (a new affiliate)', async (c) => {
      const token = await newAffiliateToken(c);
      return c.call('POST', `/affiliate/${await activeAccountOf(c, token)}/onboarding/token`, { token, payload: { code: 'a', state_key: 'b' } });
    }),
  ],
  getAffiliateAccountDetails: [
    ok("the provider's view of the connected account", async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/account-details`, { token: await c.session(AFFILIATE) })),
    error(401, 'no token', (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/account-details`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/account-details`, { token: await c.session(VENDOR) })),
  ],
  getAffiliateBankAccount: [
    ok('the bank account or null', async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/bank_account`, { token: await c.session(AFFILIATE) })),
    error(401, 'no token', (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/bank_account`)),
    error(403, 'a customer', async (c) => c.call('GET', `/affiliate/${AFFILIATE_ID}/bank_account`, { token: await c.session(CUSTOMER) })),
  ],
  setAffiliateBankAccount: [
    ok('a test bank account', async (c) => c.call('PUT', `/affiliate/${AFFILIATE_ID}/bank_account`, { token: await c.session(AFFILIATE), payload: AFFILIATE_BANK })),
    error(400, 'a short routing number', async (c) =>
      c.call('PUT', `/affiliate/${AFFILIATE_ID}/bank_account`, { token: await c.session(AFFILIATE), payload: { ...AFFILIATE_BANK, routing_number: '11' } }),
    ),
    error(401, 'no token', (c) => c.call('PUT', `/affiliate/${AFFILIATE_ID}/bank_account`, { payload: AFFILIATE_BANK })),
    error(403, 'a customer', async (c) => c.call('PUT', `/affiliate/${AFFILIATE_ID}/bank_account`, { token: await c.session(CUSTOMER), payload: AFFILIATE_BANK })),
    error(409, 'before the payout account is connected (a new affiliate)', async (c) => {
      const token = await newAffiliateToken(c);
      return c.call('PUT', `/affiliate/${await activeAccountOf(c, token)}/bank_account`, { token, payload: AFFILIATE_BANK });
    }),
  ],
  finishAffiliateSetup: [
    ok('a new affiliate connected at the provider (super)', async (c) => {
      const id = await activeAccountOf(c, await newAffiliateToken(c));
      const [account] = await c.server.db.select().from(accounts).where(eq(accounts.id, id));
      await c.server.db.update(accounts).set({ settings: { ...account!.settings, stripe_id: 'acct_sandbox_ready' } }).where(eq(accounts.id, id));
      return c.call('PUT', `/affiliate/${id}/finish_setup`, { token: await c.session(SUPER) });
    }),
    error(401, 'no token', (c) => c.call('PUT', `/affiliate/${AFFILIATE_ID}/finish_setup`)),
    error(403, 'a customer', async (c) => c.call('PUT', `/affiliate/${AFFILIATE_ID}/finish_setup`, { token: await c.session(CUSTOMER) })),
    error(409, 'set up already', async (c) => c.call('PUT', `/affiliate/${AFFILIATE_ID}/finish_setup`, { token: await c.session(AFFILIATE) })),
  ],
  createOrganizationVendor: [
    ok(
      'a vendor invited by e-mail',
      async (c) =>
        c.call('POST', `/organization/${demoId('account:pending-organization')}/vendors`, {
          token: await c.session(OTHER_ORGANIZATION),
          payload: { first_name: 'Nia', last_name: 'Newhire', email: c.uniqueEmail('team') },
        }),
      201,
    ),
    error(400, 'no e-mail', async (c) => c.call('POST', `/organization/${DEMO_BOOKINGS.organization}/vendors`, { token: await c.session(ORGANIZATION), payload: { first_name: 'A', last_name: 'B' } })),
    error(401, 'no token', (c) => c.call('POST', `/organization/${DEMO_BOOKINGS.organization}/vendors`, { payload: { first_name: 'A', last_name: 'B', email: 'a@b.test' } })),
    error(403, 'a vendor', async (c) => c.call('POST', `/organization/${DEMO_BOOKINGS.organization}/vendors`, { token: await c.session(VENDOR), payload: { first_name: 'A', last_name: 'B', email: 'a@b.test' } })),
    error(404, 'no such organization (super)', async (c) =>
      c.call('POST', `/organization/${SOME_ID}/vendors`, { token: await c.session(SUPER), payload: { first_name: 'A', last_name: 'B', email: c.uniqueEmail('team-none') } }),
    ),
    error(409, 'an e-mail that has an account', async (c) =>
      c.call('POST', `/organization/${DEMO_BOOKINGS.organization}/vendors`, { token: await c.session(ORGANIZATION), payload: { first_name: 'A', last_name: 'B', email: VENDOR } }),
    ),
  ],
  removeOrganizationVendor: [
    ok('an invited vendor', async (c) => {
      const org = demoId('account:pending-organization');
      const vendor = await c.setup('POST', `/organization/${org}/vendors`, { token: await c.session(OTHER_ORGANIZATION), payload: { first_name: 'Rae', last_name: 'Gone', email: c.uniqueEmail('team-remove') } });
      return c.call('PUT', `/organization/${org}/vendors/${String(vendor._id)}/delete`, { token: await c.session(OTHER_ORGANIZATION) });
    }),
    error(400, 'a malformed id', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/vendors/nope/delete`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/vendors/${DEMO_BOOKINGS.vendor}/delete`)),
    error(403, 'a vendor', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/vendors/${DEMO_BOOKINGS.vendor}/delete`, { token: await c.session(VENDOR) })),
    error(404, 'a vendor of another organization', async (c) =>
      c.call('PUT', `/organization/${demoId('account:pending-organization')}/vendors/${DEMO_BOOKINGS.vendor}/delete`, { token: await c.session(OTHER_ORGANIZATION) }),
    ),
    error(409, 'a vendor with visits to come', async (c) => c.call('PUT', `/organization/${DEMO_BOOKINGS.organization}/vendors/${DEMO_BOOKINGS.vendor}/delete`, { token: await c.session(ORGANIZATION) })),
  ],
  listAdminOrganizations: [
    ok('the pending queue (super)', async (c) => c.call('GET', '/admin/organizations?approval=pending&pageSize=5', { token: await c.session(SUPER) })),
    error(400, 'a page size over 100', async (c) => c.call('GET', '/admin/organizations?pageSize=101', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', '/admin/organizations')),
    error(403, 'an organization', async (c) => c.call('GET', '/admin/organizations', { token: await c.session(ORGANIZATION) })),
  ],
  getAdminOrganization: [
    ok('one organization (super)', async (c) => c.call('GET', `/admin/organizations/${DEMO_BOOKINGS.organization}`, { token: await c.session(SUPER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/admin/organizations/nope', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', `/admin/organizations/${DEMO_BOOKINGS.organization}`)),
    error(403, 'a customer', async (c) => c.call('GET', `/admin/organizations/${DEMO_BOOKINGS.organization}`, { token: await c.session(CUSTOMER) })),
    error(404, 'not an organization', async (c) => c.call('GET', `/admin/organizations/${DEMO_BOOKINGS.customer}`, { token: await c.session(SUPER) })),
  ],
  approveOrganization: [
    ok('a new organization (super)', async (c) => c.call('PUT', `/admin/organizations/${await pendingOrganization(c)}/approve`, { token: await c.session(SUPER), payload: {} })),
    error(400, 'an unknown field', async (c) => c.call('PUT', `/admin/organizations/${SOME_ID}/approve`, { token: await c.session(SUPER), payload: { approved: true } })),
    error(401, 'no token', (c) => c.call('PUT', `/admin/organizations/${SOME_ID}/approve`, { payload: {} })),
    error(403, 'an organization', async (c) => c.call('PUT', `/admin/organizations/${SOME_ID}/approve`, { token: await c.session(ORGANIZATION), payload: {} })),
    error(404, 'no such organization', async (c) => c.call('PUT', `/admin/organizations/${SOME_ID}/approve`, { token: await c.session(SUPER), payload: {} })),
    error(409, 'already approved', async (c) => c.call('PUT', `/admin/organizations/${DEMO_BOOKINGS.organization}/approve`, { token: await c.session(SUPER), payload: {} })),
  ],
  rejectOrganization: [
    ok('a new organization, with a note (super)', async (c) =>
      c.call('PUT', `/admin/organizations/${await pendingOrganization(c)}/reject`, { token: await c.session(SUPER), payload: { note: 'Insurance missing' } }),
    ),
    error(400, 'a note too long', async (c) => c.call('PUT', `/admin/organizations/${SOME_ID}/reject`, { token: await c.session(SUPER), payload: { note: 'x'.repeat(501) } })),
    error(401, 'no token', (c) => c.call('PUT', `/admin/organizations/${SOME_ID}/reject`, { payload: {} })),
    error(403, 'a vendor', async (c) => c.call('PUT', `/admin/organizations/${SOME_ID}/reject`, { token: await c.session(VENDOR), payload: {} })),
    error(404, 'no such organization', async (c) => c.call('PUT', `/admin/organizations/${SOME_ID}/reject`, { token: await c.session(SUPER), payload: {} })),
    error(409, 'already approved', async (c) => c.call('PUT', `/admin/organizations/${DEMO_BOOKINGS.organization}/reject`, { token: await c.session(SUPER), payload: {} })),
  ],
  // ---- system --------------------------------------------------------------------------------------
  ping: [ok('the server is up', (c) => c.call('HEAD', '/ping'))],

  // ---- dev -----------------------------------------------------------------------------------------
  // Every request of this file comes from a network address (198.18.x.x): the outbox answers super only there.
  listDevOutbox: [
    ok('messages to one address, for super', async (c) => {
      await c.setup('POST', '/auth/lost-password', { payload: { username: 'organization@tendwell.test' } });
      return c.call('GET', '/dev/outbox?to=organization%40tendwell.test', { token: await c.session(SUPER) });
    }),
    error(400, 'a `to` over 254 characters', async (c) => c.call('GET', `/dev/outbox?to=${'x'.repeat(255)}`, { token: await c.session(SUPER) })),
    error(401, 'no token, from the network', (c) => c.call('GET', '/dev/outbox')),
    error(403, 'a customer, from the network', async (c) => c.call('GET', '/dev/outbox', { token: await c.session(CUSTOMER) })),
  ],

  // ---- auth: sign-in -------------------------------------------------------------------------------
  login: [
    ok('logged in', (c) => c.call('POST', '/auth/login', { payload: { username: CUSTOMER, password: DEMO_PASSWORD, platform: 'web' } })),
    ok('SMS confirmation needed', async (c) => {
      const phone = c.uniquePhone();
      const email = c.uniqueEmail('login-sms');
      await c.setup('POST', '/auth/register', {
        payload: { email, first_name: 'Sms', password: 'contract-pass-1', phone_number: phone, account_confirmation_method: 'sms' },
      });
      return c.call('POST', '/auth/login', { payload: { username: email, password: 'contract-pass-1' } });
    }),
    ok('a temporary password to replace', async (c) => {
      const user = await c.freshUser('login-temporary', { temporaryPassword: true });
      return c.call('POST', '/auth/login', { payload: { username: user.email, password: user.password } });
    }),
    error(400, 'no password', (c) => c.call('POST', '/auth/login', { payload: { username: CUSTOMER } })),
    error(401, 'a wrong password', (c) => c.call('POST', '/auth/login', { payload: { username: CUSTOMER, password: 'wrong-password' } })),
    error(403, 'a deactivated user', (c) => c.call('POST', '/auth/login', { payload: { username: 'inactive@tendwell.test', password: DEMO_PASSWORD } })),
    error(429, 'after 5 failures of one client', async (c) => {
      const username = c.uniqueEmail('login-locked');
      const attempt = () => c.call('POST', '/auth/login', { payload: { username, password: 'wrong-password' }, from: '198.51.100.9' });
      await c.repeat(5, 401, attempt);
      return attempt();
    }),
  ],
  altLogin: [
    ok('a sandbox identity the sandbox signed up', async (c) => {
      const credential = `dev:${c.uniqueEmail('sandbox-in')}:Sandy`;
      await c.setup('POST', '/auth/alt-register', { payload: { provider: 'google', credential } });
      return c.call('POST', '/auth/alt-login', { payload: { provider: 'google', credential } });
    }),
    error(400, 'an unknown provider', (c) => c.call('POST', '/auth/alt-login', { payload: { provider: 'myspace', credential: 'dev:a@b.co:A' } })),
    error(401, 'a credential that does not verify', (c) =>
      c.call('POST', '/auth/alt-login', { payload: { provider: 'google', credential: 'forged-credential' } }),
    ),
    error(403, 'a deactivated user', async (c) => {
      const email = c.uniqueEmail('sandbox-inactive');
      const credential = `dev:${email}:Ina`;
      await c.setup('POST', '/auth/alt-register', { payload: { provider: 'apple', credential } });
      await c.server.db.update(users).set({ status: 'inactive' }).where(eq(users.email, email));
      return c.call('POST', '/auth/alt-login', { payload: { provider: 'apple', credential } });
    }),
    error(404, 'nobody has this identity', (c) =>
      c.call('POST', '/auth/alt-login', { payload: { provider: 'apple', credential: `dev:${c.uniqueEmail('stranger')}:Stranger` } }),
    ),
  ],
  resetNewPassword: [
    ok('the temporary password replaced', async (c) => {
      const user = await c.freshUser('temporary', { temporaryPassword: true });
      const signIn = await c.setup('POST', '/auth/login', { payload: { username: user.email, password: user.password } });
      return c.call('POST', '/auth/reset-new-password', {
        headers: { 'x-temporary-token': String(signIn.temporaryResetToken) },
        payload: { password: 'replaced-pass-1', oldPassword: user.password },
      });
    }),
    error(400, 'no x-temporary-token header', (c) =>
      c.call('POST', '/auth/reset-new-password', { payload: { password: 'replaced-pass-1', oldPassword: DEMO_PASSWORD } }),
    ),
    error(401, 'a forged temporary token', (c) =>
      c.call('POST', '/auth/reset-new-password', {
        headers: { 'x-temporary-token': GARBAGE_TOKEN },
        payload: { password: 'replaced-pass-1', oldPassword: DEMO_PASSWORD },
      }),
    ),
    error(409, 'no temporary password to replace', async (c) => {
      const temporary = await c.server.services.tokens.issue('temporary', demoId('user:customer'));
      return c.call('POST', '/auth/reset-new-password', {
        headers: { 'x-temporary-token': temporary.token },
        payload: { password: 'replaced-pass-1', oldPassword: DEMO_PASSWORD },
      });
    }),
  ],
  refreshToken: [
    // A refresh revokes the token it replaces: a session of its own, not the shared one.
    ok('a new session token', async (c) => c.call('GET', '/auth/refresh-token', { token: await c.login('organization@tendwell.test') })),
    error(401, 'no token', (c) => c.call('GET', '/auth/refresh-token')),
  ],
  checkAuth: [
    ok('a valid token', async (c) => c.call('GET', '/auth/check', { token: await c.session(CUSTOMER) })),
    ok('super, without an account', async (c) => c.call('GET', '/auth/check', { token: await c.session('super@tendwell.test') })),
    error(401, 'a forged token', (c) => c.call('GET', '/auth/check', { token: GARBAGE_TOKEN })),
  ],

  // ---- auth: passwords -----------------------------------------------------------------------------
  lostPassword: [
    ok('a known address', (c) => c.call('POST', '/auth/lost-password', { payload: { username: 'vendor@tendwell.test' } })),
    error(400, 'no username', (c) => c.call('POST', '/auth/lost-password', { payload: {} })),
    error(429, 'the 6th request in an hour', async (c) => {
      const username = c.uniqueEmail('lost-limit');
      const request = () => c.call('POST', '/auth/lost-password', { payload: { username } });
      await c.repeat(5, 200, request);
      return request();
    }),
  ],
  validateToken: [
    ok('a reset token', async (c) => {
      const reset = await c.server.services.tokens.issue('reset', demoId('user:vendor'));
      return c.call('POST', '/auth/validate-token', { payload: { tokenType: 'reset', token: reset.token } });
    }),
    error(400, 'an unknown token type', (c) => c.call('POST', '/auth/validate-token', { payload: { tokenType: 'session', token: 'x' } })),
    error(401, 'a forged token', (c) => c.call('POST', '/auth/validate-token', { payload: { tokenType: 'confirm', token: GARBAGE_TOKEN } })),
  ],
  confirmPasswordCode: [
    ok('the emailed code', async (c) => {
      const user = await c.freshUser('reset-code');
      await c.setup('POST', '/auth/lost-password', { payload: { username: user.email } });
      const { code } = await c.lastMessage(user.email);
      return c.call('POST', '/auth/confirm-password-code', { payload: { verification_code: String(code), email: user.email } });
    }),
    error(400, 'a wrong code', async (c) => {
      const user = await c.freshUser('reset-wrong-code');
      await c.setup('POST', '/auth/lost-password', { payload: { username: user.email } });
      const { code } = await c.lastMessage(user.email);
      return c.call('POST', '/auth/confirm-password-code', { payload: { verification_code: code === '0000' ? '1111' : '0000', email: user.email } });
    }),
    error(429, 'a code spent by 5 wrong tries', async (c) => {
      const user = await c.freshUser('reset-spent-code');
      await c.setup('POST', '/auth/lost-password', { payload: { username: user.email } });
      const { code } = await c.lastMessage(user.email);
      const wrong = code === '0000' ? '1111' : '0000';
      await c.repeat(5, 400, () => c.call('POST', '/auth/confirm-password-code', { payload: { verification_code: wrong, email: user.email } }));
      return c.call('POST', '/auth/confirm-password-code', { payload: { verification_code: String(code), email: user.email } });
    }),
  ],
  resetPasswordAction: [
    ok('the emailed reset link', async (c) => {
      const user = await c.freshUser('reset-link');
      await c.setup('POST', '/auth/lost-password', { payload: { username: user.email } });
      const reset = tokenIn((await c.lastMessage(user.email)).link, 'password_reset');
      return c.call('POST', '/auth/reset-password-action', { headers: { 'x-password-reset-token': reset }, payload: { password: 'reset-pass-1', platform: 'web' } });
    }),
    error(400, 'a password under 6 characters', async (c) => {
      const user = await c.freshUser('reset-short');
      const reset = await c.server.services.tokens.issue('reset', user.userId);
      return c.call('POST', '/auth/reset-password-action', { headers: { 'x-password-reset-token': reset.token }, payload: { password: 'abc' } });
    }),
    error(401, 'a forged reset token', (c) =>
      c.call('POST', '/auth/reset-password-action', { headers: { 'x-password-reset-token': GARBAGE_TOKEN }, payload: { password: 'reset-pass-1' } }),
    ),
  ],
  updateUserPassword: [
    ok('with the current password', async (c) => {
      const user = await c.freshUser('password-update');
      return c.call('PUT', '/users/password/update', { token: user.token, payload: { oldPassword: user.password, password: 'updated-pass-1' } });
    }),
    error(400, 'a wrong current password', async (c) => {
      const user = await c.freshUser('password-wrong');
      return c.call('PUT', '/users/password/update', { token: user.token, payload: { oldPassword: 'not-it-at-all', password: 'updated-pass-1' } });
    }),
    error(401, 'no token', (c) => c.call('PUT', '/users/password/update', { payload: { oldPassword: 'a', password: 'updated-pass-1' } })),
    error(429, 'after 5 wrong current passwords', async (c) => {
      const user = await c.freshUser('password-locked');
      const attempt = () =>
        c.call('PUT', '/users/password/update', { token: user.token, payload: { oldPassword: 'not-it-at-all', password: 'updated-pass-1' } });
      await c.repeat(5, 400, attempt);
      return attempt();
    }),
  ],
  generateAppPassword: [
    ok('saved', async (c) => {
      const user = await c.freshUser('app-password');
      return c.call('POST', '/auth/generate-app-password', { token: user.token, payload: { password: 'app-secret-123', current_password: user.password, name: 'Calendar' } });
    }),
    error(400, 'a password under 6 characters', async (c) => {
      const user = await c.freshUser('app-password-short');
      return c.call('POST', '/auth/generate-app-password', { token: user.token, payload: { password: 'abc', current_password: user.password } });
    }),
    error(401, 'no token', (c) => c.call('POST', '/auth/generate-app-password', { payload: { password: 'app-secret-123', current_password: 'x' } })),
    error(403, "an app password's session", async (c) => {
      const user = await c.freshUser('app-password-session');
      await c.setup('POST', '/auth/generate-app-password', { token: user.token, payload: { password: 'app-secret-456', current_password: user.password } });
      const viaApp = await c.setup('POST', '/auth/login', { payload: { username: user.email, password: 'app-secret-456' } });
      return c.call('POST', '/auth/generate-app-password', { token: String(viaApp.token), payload: { password: 'app-secret-789', current_password: user.password } });
    }),
    error(409, 'the 11th app password', async (c) => {
      const user = await c.freshUser('app-password-limit');
      const save = (i: number) => c.call('POST', '/auth/generate-app-password', { token: user.token, payload: { password: `app-secret-${i}`, current_password: user.password } });
      for (let i = 0; i < 10; i++) expect((await save(i)).statusCode).toBe(200);
      return save(10);
    }),
    error(429, 'the current password wrong too often', async (c) => {
      const user = await c.freshUser('app-password-locked');
      const attempt = () => c.call('POST', '/auth/generate-app-password', { token: user.token, payload: { password: 'app-secret-123', current_password: 'not-it-at-all' } });
      await c.repeat(5, 400, attempt);
      return attempt();
    }),
  ],
  listAppPasswords: [
    ok("the caller's live app passwords", async (c) => {
      const user = await c.freshUser('app-password-list');
      await c.setup('POST', '/auth/generate-app-password', { token: user.token, payload: { password: 'app-secret-123', current_password: user.password } });
      return c.call('GET', '/auth/app-passwords', { token: user.token });
    }),
    error(401, 'no token', (c) => c.call('GET', '/auth/app-passwords')),
  ],
  revokeAppPassword: [
    ok('revoked', async (c) => {
      const user = await c.freshUser('app-password-revoke');
      const made = await c.setup('POST', '/auth/generate-app-password', { token: user.token, payload: { password: 'app-secret-123', current_password: user.password } });
      return c.call('PUT', `/auth/app-passwords/${String(made._id)}/revoke`, { token: user.token });
    }),
    error(400, 'a malformed id', async (c) => c.call('PUT', '/auth/app-passwords/nope/revoke', { token: (await c.freshUser('app-password-bad')).token })),
    error(401, 'no token', (c) => c.call('PUT', `/auth/app-passwords/${'a'.repeat(24)}/revoke`)),
    error(403, "an app password's session", async (c) => {
      const user = await c.freshUser('app-password-revoke-app');
      const made = await c.setup('POST', '/auth/generate-app-password', { token: user.token, payload: { password: 'app-secret-456', current_password: user.password } });
      const viaApp = await c.setup('POST', '/auth/login', { payload: { username: user.email, password: 'app-secret-456' } });
      return c.call('PUT', `/auth/app-passwords/${String(made._id)}/revoke`, { token: String(viaApp.token) });
    }),
    error(404, "another user's app password", async (c) => {
      const owner = await c.freshUser('app-password-owner');
      const made = await c.setup('POST', '/auth/generate-app-password', { token: owner.token, payload: { password: 'app-secret-123', current_password: owner.password } });
      return c.call('PUT', `/auth/app-passwords/${String(made._id)}/revoke`, { token: (await c.freshUser('app-password-other')).token });
    }),
  ],

  // ---- auth: registration and confirmation ---------------------------------------------------------
  register: [
    ok('by email: signed in at once', (c) =>
      c.call('POST', '/auth/register', {
        payload: { email: c.uniqueEmail('register'), first_name: 'Reg', last_name: 'Istered', password: 'register-pass', type: 'affiliate', platform: 'web' },
      }),
    ),
    ok('by SMS: no token yet', (c) =>
      c.call('POST', '/auth/register', {
        payload: { email: c.uniqueEmail('register-sms'), first_name: 'Reg', password: 'register-pass', phone_number: c.uniquePhone(), account_confirmation_method: 'sms' },
      }),
    ),
    error(400, 'a password under 6 characters', (c) =>
      c.call('POST', '/auth/register', { payload: { email: c.uniqueEmail('register-short'), first_name: 'Reg', password: 'abc' } }),
    ),
    error(409, 'a taken address', (c) => c.call('POST', '/auth/register', { payload: { email: CUSTOMER, first_name: 'Reg', password: 'register-pass' } })),
    error(429, 'an address that was sent 5 codes in the last hour', async (c) => {
      const email = c.uniqueEmail('register-limit');
      // Resending to an address nobody registered counts against the same limit as the registration's email.
      await c.repeat(5, 200, () => c.call('PUT', '/auth/resend-confirm-account-code', { payload: { email } }));
      return c.call('POST', '/auth/register', { payload: { email, first_name: 'Reg', password: 'register-pass' } });
    }),
  ],
  registerQuick: [
    ok('a session and a reset token', (c) =>
      c.call('POST', '/auth/register-quick', { payload: { email: c.uniqueEmail('quick'), first_name: 'Quick', version: 'homeSize' } }),
    ),
    error(400, 'a malformed email', (c) => c.call('POST', '/auth/register-quick', { payload: { email: 'not-an-email', first_name: 'Quick' } })),
    error(409, 'a taken address', (c) => c.call('POST', '/auth/register-quick', { payload: { email: CUSTOMER, first_name: 'Quick' } })),
  ],
  altRegister: [
    ok('a new social user', (c) =>
      c.call('POST', '/auth/alt-register', { payload: { provider: 'google', credential: `dev:${c.uniqueEmail('social')}:Sol Social`, type: 'customer' } }),
    ),
    error(400, 'no credential', (c) => c.call('POST', '/auth/alt-register', { payload: { provider: 'google' } })),
    error(401, 'a credential that does not verify', (c) => c.call('POST', '/auth/alt-register', { payload: { provider: 'google', credential: 'forged' } })),
    error(409, 'a taken address', (c) => c.call('POST', '/auth/alt-register', { payload: { provider: 'facebook', credential: `dev:${CUSTOMER}:Casey` } })),
  ],
  altRegisterQuick: [
    ok('a new social user', (c) =>
      c.call('POST', '/auth/alt-register-quick', { payload: { provider: 'facebook', credential: `dev:${c.uniqueEmail('social-quick')}:Quinn` } }),
    ),
    error(400, 'an unknown field', (c) => c.call('POST', '/auth/alt-register-quick', { payload: { provider: 'apple', credential: 'dev:a@b.co:A', role: 'super' } })),
    error(401, 'a credential that does not verify', (c) =>
      c.call('POST', '/auth/alt-register-quick', { payload: { provider: 'apple', credential: 'forged' } }),
    ),
    error(409, 'a taken address', (c) => c.call('POST', '/auth/alt-register-quick', { payload: { provider: 'apple', credential: 'dev:vendor@tendwell.test:Vic' } })),
  ],
  confirmAccount: [
    ok('the emailed confirm link', async (c) => {
      const user = await c.freshUser('confirm-link');
      const token = tokenIn((await c.lastMessage(user.email)).link, 'confirm_account');
      return c.call('POST', '/auth/confirm-account', { payload: { token } });
    }),
    error(400, 'no token', (c) => c.call('POST', '/auth/confirm-account', { payload: {} })),
    error(401, 'a forged token', (c) => c.call('POST', '/auth/confirm-account', { payload: { token: GARBAGE_TOKEN } })),
    error(403, 'a user who must confirm the phone first', async (c) => {
      const email = c.uniqueEmail('confirm-sms');
      const registered = await c.setup('POST', '/auth/register', {
        payload: { email, first_name: 'Sms', password: 'contract-pass-1', phone_number: c.uniquePhone(), account_confirmation_method: 'sms' },
      });
      const confirm = await c.server.services.tokens.issue('confirm', String(registered.userData._id));
      return c.call('POST', '/auth/confirm-account', { payload: { token: confirm.token } });
    }),
  ],
  confirmAccountCode: [
    ok('the texted code', async (c) => {
      const phone = c.uniquePhone();
      await c.setup('POST', '/auth/register', {
        payload: { email: c.uniqueEmail('code-sms'), first_name: 'Sms', password: 'contract-pass-1', phone_number: phone, account_confirmation_method: 'sms' },
      });
      const { code } = await c.lastMessage(phone);
      return c.call('PUT', '/auth/confirm-account-code', { payload: { verification_code: String(code), phone } });
    }),
    ok('the emailed code', async (c) => {
      const user = await c.freshUser('code-email');
      const { code } = await c.lastMessage(user.email);
      return c.call('PUT', '/auth/confirm-account-code', { payload: { verification_code: String(code), email: user.email } });
    }),
    error(400, 'a wrong code', async (c) => {
      const user = await c.freshUser('code-wrong');
      const { code } = await c.lastMessage(user.email);
      return c.call('PUT', '/auth/confirm-account-code', { payload: { verification_code: code === '0000' ? '1111' : '0000', email: user.email } });
    }),
    error(429, 'a code spent by 5 wrong tries', async (c) => {
      const user = await c.freshUser('code-spent');
      const { code } = await c.lastMessage(user.email);
      const wrong = code === '0000' ? '1111' : '0000';
      await c.repeat(5, 400, () => c.call('PUT', '/auth/confirm-account-code', { payload: { verification_code: wrong, email: user.email } }));
      return c.call('PUT', '/auth/confirm-account-code', { payload: { verification_code: String(code), email: user.email } });
    }),
  ],
  resendPhoneConfirmAccountCode: [
    ok('a number waiting for a code', async (c) => {
      const phone = c.uniquePhone();
      await c.setup('POST', '/auth/register', {
        payload: { email: c.uniqueEmail('resend-sms'), first_name: 'Sms', password: 'contract-pass-1', phone_number: phone, account_confirmation_method: 'sms' },
      });
      return c.call('PUT', '/auth/resend-phone-confirm-account-code', { payload: { phone } });
    }),
    error(400, 'a number that is not 12 characters', (c) => c.call('PUT', '/auth/resend-phone-confirm-account-code', { payload: { phone: '555-0100' } })),
    error(429, 'the 6th code in an hour', async (c) => {
      const phone = c.uniquePhone();
      const request = () => c.call('PUT', '/auth/resend-phone-confirm-account-code', { payload: { phone } });
      await c.repeat(5, 200, request);
      return request();
    }),
  ],
  resendConfirmAccountCode: [
    ok('a pending address', async (c) => {
      const user = await c.freshUser('resend-email');
      return c.call('PUT', '/auth/resend-confirm-account-code', { payload: { email: user.email } });
    }),
    error(400, 'no email', (c) => c.call('PUT', '/auth/resend-confirm-account-code', { payload: {} })),
    error(429, 'the 6th email in an hour', async (c) => {
      const email = c.uniqueEmail('resend-limit');
      const request = () => c.call('PUT', '/auth/resend-confirm-account-code', { payload: { email } });
      await c.repeat(5, 200, request);
      return request();
    }),
  ],
  claimAccount: [
    ok('the emailed claim link', async (c) => {
      await c.server.services.auth.inviteToClaim(demoId('user:claim'));
      const claim = tokenIn((await c.lastMessage('claim@tendwell.test')).link, 'claim_account');
      return c.call('POST', '/auth/claim-account', { payload: { token: claim } });
    }),
    error(400, 'an empty token', (c) => c.call('POST', '/auth/claim-account', { payload: { token: '' } })),
    error(401, 'a forged token', (c) => c.call('POST', '/auth/claim-account', { payload: { token: GARBAGE_TOKEN } })),
    error(409, 'an account that is already claimed', async (c) => {
      const claim = await c.server.services.tokens.issue('claim', demoId('user:vendor'));
      return c.call('POST', '/auth/claim-account', { payload: { token: claim.token } });
    }),
  ],
  checkUsername: [
    ok('a taken address', (c) => c.call('POST', '/auth/check-username', { payload: { email: CUSTOMER } })),
    ok('a free address', (c) => c.call('POST', '/auth/check-username', { payload: { email: c.uniqueEmail('free') } })),
    error(400, 'no email', (c) => c.call('POST', '/auth/check-username', { payload: {} })),
  ],

  // ---- auth: sessions and accounts -----------------------------------------------------------------
  logout: [
    ok('revokes the token', async (c) => c.call('POST', '/auth/logout', { token: await c.login('affiliate@tendwell.test') })),
    error(401, 'no token', (c) => c.call('POST', '/auth/logout')),
  ],
  changeAccount: [
    ok('to another own account', async (c) =>
      c.call('POST', '/auth/change-account', {
        token: await c.login('multi@tendwell.test'),
        payload: { account_id: demoId('account:multi-affiliate'), account_type: 'affiliate' },
      }),
    ),
    error(400, 'no account', async (c) => c.call('POST', '/auth/change-account', { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('POST', '/auth/change-account', { payload: { account_id: demoId('account:customer'), account_type: 'customer' } })),
    error(403, "another user's account", async (c) =>
      c.call('POST', '/auth/change-account', {
        token: await c.login(CUSTOMER),
        payload: { account_id: demoId('account:vendor'), account_type: 'vendor' },
      }),
    ),
  ],
  connectSocial: [
    ok('a new identity', async (c) => {
      const user = await c.freshUser('connect');
      return c.call('PUT', '/auth/connect-social', { token: user.token, payload: { provider: 'apple', credential: `dev:${user.email}:Con` } });
    }),
    error(400, 'a credential that does not verify', async (c) => {
      const user = await c.freshUser('connect-bad');
      return c.call('PUT', '/auth/connect-social', { token: user.token, payload: { provider: 'apple', credential: 'forged' } });
    }),
    error(401, 'no token', (c) => c.call('PUT', '/auth/connect-social', { payload: { provider: 'apple', credential: 'dev:a@b.co:A' } })),
    error(409, "another user's identity", async (c) => {
      const owner = await c.freshUser('connect-owner');
      const credential = `dev:${c.uniqueEmail('shared-identity')}:Shared`;
      await c.setup('PUT', '/auth/connect-social', { token: owner.token, payload: { provider: 'google', credential } });
      const other = await c.freshUser('connect-other');
      return c.call('PUT', '/auth/connect-social', { token: other.token, payload: { provider: 'google', credential } });
    }),
  ],
  disconnectSocial: [
    ok('a connected identity', async (c) => {
      const user = await c.freshUser('disconnect');
      await c.setup('PUT', '/auth/connect-social', { token: user.token, payload: { provider: 'facebook', credential: `dev:${user.email}:Dis` } });
      return c.call('PUT', '/auth/disconnect-social', { token: user.token, payload: { provider: 'facebook' } });
    }),
    error(400, 'an unknown provider', async (c) => c.call('PUT', '/auth/disconnect-social', { token: await c.session(CUSTOMER), payload: { provider: 'myspace' } })),
    error(401, 'no token', (c) => c.call('PUT', '/auth/disconnect-social', { payload: { provider: 'google' } })),
    error(404, 'nothing connected', async (c) => {
      const user = await c.freshUser('disconnect-none');
      return c.call('PUT', '/auth/disconnect-social', { token: user.token, payload: { provider: 'google' } });
    }),
    error(409, 'the only way to sign in', async (c) => {
      const social = await c.setup('POST', '/auth/alt-register', { payload: { provider: 'google', credential: `dev:${c.uniqueEmail('only-social')}:Only` } });
      return c.call('PUT', '/auth/disconnect-social', { token: String(social.id_token), payload: { provider: 'google' } });
    }),
  ],

  // ---- user ----------------------------------------------------------------------------------------
  getUser: [
    ok('a customer', async (c) => c.call('GET', '/user', { token: await c.session(CUSTOMER) })),
    ok('super, without an account', async (c) => c.call('GET', '/user', { token: await c.session('super@tendwell.test') })),
    error(401, 'no token', (c) => c.call('GET', '/user')),
  ],
  getUserAccounts: [
    ok('a user with two accounts', async (c) => c.call('GET', '/user/accounts', { token: await c.session('multi@tendwell.test') })),
    error(401, 'a forged token', (c) => c.call('GET', '/user/accounts', { token: GARBAGE_TOKEN })),
  ],
  updateUser: [
    ok('fields', async (c) => {
      const user = await c.freshUser('update');
      return c.call('PUT', '/users/update', { token: user.token, payload: { first_name: 'Renamed', language_preference: 'es' } });
    }),
    ok('a key/val pair', async (c) => {
      const user = await c.freshUser('update-key');
      return c.call('PUT', '/users/update', { token: user.token, headers: { 'x-platform': 'web' }, payload: { key: 'device_token', val: 'device-token-1' } });
    }),
    error(400, 'nothing to update', async (c) => c.call('PUT', '/users/update', { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', '/users/update', { payload: { first_name: 'Nobody' } })),
  ],
  recordScreenView: [
    ok('a screen', async (c) => c.call('POST', '/user/screen-view', { token: await c.session(CUSTOMER), payload: { screen: 'dashboard', path: '/dashboard' } })),
    error(400, 'no screen', async (c) => c.call('POST', '/user/screen-view', { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('POST', '/user/screen-view', { payload: { screen: 'dashboard' } })),
  ],

  // ---- account (the signed-in person's phone) -------------------------------------------------------
  verifyPhone: [
    ok('a new number', async (c) => c.call('PUT', '/account/verify-phone', { token: (await c.freshUser('verify-phone')).token, payload: { phone: c.uniquePhone() } })),
    error(400, "another user's number", async (c) => c.call('PUT', '/account/verify-phone', { token: await c.session(VENDOR), payload: { phone: '+15555550101' } })),
    error(401, 'no token', (c) => c.call('PUT', '/account/verify-phone', { payload: { phone: c.uniquePhone() } })),
    error(429, 'the 6th code in an hour', async (c) => {
      const user = await c.freshUser('verify-phone-limit');
      const phone = c.uniquePhone();
      await c.repeat(5, 200, () => c.call('PUT', '/account/verify-phone', { token: user.token, payload: { phone } }));
      return c.call('PUT', '/account/verify-phone', { token: user.token, payload: { phone } });
    }),
  ],
  confirmPhone: [
    ok('the texted code', async (c) => {
      const user = await c.freshUser('confirm-phone');
      const phone = c.uniquePhone();
      await c.setup('PUT', '/account/verify-phone', { token: user.token, payload: { phone } });
      const { code } = await c.lastMessage(phone);
      return c.call('PUT', '/account/confirm-phone', { token: user.token, payload: { phone, verification_code: code! } });
    }),
    error(400, 'a code nobody sent', async (c) =>
      c.call('PUT', '/account/confirm-phone', { token: (await c.freshUser('confirm-phone-none')).token, payload: { phone: c.uniquePhone(), verification_code: '1234' } }),
    ),
    error(401, 'no token', (c) => c.call('PUT', '/account/confirm-phone', { payload: { phone: c.uniquePhone(), verification_code: '1234' } })),
    error(429, 'a code spent by 5 wrong tries', async (c) => {
      const user = await c.freshUser('confirm-phone-spent');
      const phone = c.uniquePhone();
      await c.setup('PUT', '/account/verify-phone', { token: user.token, payload: { phone } });
      const { code } = await c.lastMessage(phone);
      const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
      await c.repeat(5, 400, () => c.call('PUT', '/account/confirm-phone', { token: user.token, payload: { phone, verification_code: wrong } }));
      return c.call('PUT', '/account/confirm-phone', { token: user.token, payload: { phone, verification_code: code! } });
    }),
  ],

  // ---- notifications -------------------------------------------------------------------------------
  listNotifications: [
    ok('the last 30 days', async (c) => c.call('GET', '/notification', { token: await c.session(CUSTOMER) })),
    error(400, 'a date that is not one', async (c) => c.call('GET', '/notification?from=yesterday', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/notification')),
  ],
  getNotification: [
    ok('its own', async (c) => c.call('GET', `/notification/${customerNotification}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/notification/not-an-id', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/notification/${customerNotification}`)),
    error(404, "another account's", async (c) => c.call('GET', `/notification/${vendorNotification}`, { token: await c.session(CUSTOMER) })),
  ],
  readNotification: [
    ok('its own', async (c) => c.call('PUT', `/notification/${customerNotification}/read`, { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('PUT', `/notification/${customerNotification}/read`)),
    error(404, "another account's", async (c) => c.call('PUT', `/notification/${vendorNotification}/read`, { token: await c.session(CUSTOMER) })),
  ],
  unreadNotification: [
    ok('its own', async (c) => c.call('PUT', `/notification/${customerNotification}/unread`, { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('PUT', `/notification/${customerNotification}/unread`)),
    error(404, "another account's", async (c) => c.call('PUT', `/notification/${vendorNotification}/unread`, { token: await c.session(CUSTOMER) })),
  ],
  dismissNotification: [
    ok('its own', async (c) => c.call('PUT', `/notification/${customerNotification}/dismiss`, { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('PUT', `/notification/${customerNotification}/dismiss`)),
    error(404, "another account's", async (c) => c.call('PUT', `/notification/${vendorNotification}/dismiss`, { token: await c.session(CUSTOMER) })),
  ],
  listNotificationAlerts: [
    ok('undismissed alerts', async (c) => c.call('GET', '/notification-alerts', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/notification-alerts')),
  ],
  // ---- appointments ----------------------------------------------------------------------------------
  listAppointments: [
    ok("the customer's appointments", async (c) => c.call('GET', '/appointments?order=desc', { token: await c.session(CUSTOMER) })),
    error(400, 'a page size over 100', async (c) => c.call('GET', '/appointments?pageSize=101', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/appointments')),
    error(403, 'an affiliate', async (c) => c.call('GET', '/appointments', { token: await c.session(AFFILIATE) })),
  ],
  getTodayAppointments: [
    ok("the vendor's day", async (c) => c.call('GET', '/appointments/today?date=2026-06-01', { token: await c.session(VENDOR) })),
    error(400, 'a malformed date', async (c) => c.call('GET', '/appointments/today?date=June', { token: await c.session(VENDOR) })),
    error(401, 'no token', (c) => c.call('GET', '/appointments/today')),
    error(403, 'a customer', async (c) => c.call('GET', '/appointments/today', { token: await c.session(CUSTOMER) })),
  ],
  sortAppointments: [
    ok("the organization's day", async (c) => c.call('GET', '/sort/appointments?date=2026-06-01&sort=vendor', { token: await c.session(ORGANIZATION) })),
    ok("the organization's today (no date: the server's day, in its zone)", async (c) => c.call('GET', '/sort/appointments', { token: await c.session(ORGANIZATION) })),
    error(400, 'a malformed date', async (c) => c.call('GET', '/sort/appointments?date=June', { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', '/sort/appointments?date=2026-06-01')),
    error(403, 'an affiliate', async (c) => c.call('GET', '/sort/appointments?date=2026-06-01', { token: await c.session(AFFILIATE) })),
  ],
  saveTodayNote: [
    ok("the vendor's note", async (c) => c.call('POST', '/appointments/today', { token: await c.session(VENDOR), payload: { note: 'Edger', status: 'open', date: '2026-06-01' } })),
    error(400, 'an unknown status', async (c) => c.call('POST', '/appointments/today', { token: await c.session(VENDOR), payload: { note: 'Edger', status: 'maybe', date: '2026-06-01' } })),
    error(401, 'no token', (c) => c.call('POST', '/appointments/today', { payload: { note: 'Edger', status: 'open', date: '2026-06-01' } })),
    error(403, 'the organization', async (c) => c.call('POST', '/appointments/today', { token: await c.session(ORGANIZATION), payload: { note: 'Edger', status: 'open', date: '2026-06-01' } })),
  ],
  getAppointment: [
    ok('an own appointment', async (c) => c.call('GET', `/appointments/${demoId('appointment:customer-completed')}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/appointments/not-an-id', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/appointments/${demoId('appointment:customer-completed')}`)),
    error(403, 'an affiliate', async (c) => c.call('GET', `/appointments/${demoId('appointment:customer-completed')}`, { token: await c.session(AFFILIATE) })),
    error(404, "another customer's appointment", async (c) => {
      const id = await appointmentIn(c, 10, { customerAccountId: demoId('account:newcustomer'), vendorAccountId: null, organizationAccountId: null, subscriptionId: null });
      return c.call('GET', `/appointments/${id}`, { token: await c.session(CUSTOMER) });
    }),
  ],
  updateAppointment: [
    ok('rescheduled by the customer', async (c) => {
      const id = await appointmentIn(c, 10);
      const start = new Date(c.server.clock.now().getTime() + 12 * DAY_MS).toISOString();
      return c.call('PUT', `/appointments/update/${id}`, { token: await c.session(CUSTOMER), payload: { start_time: start } });
    }),
    error(400, 'an empty body', async (c) => c.call('PUT', `/appointments/update/${await appointmentIn(c, 10)}`, { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', async (c) => c.call('PUT', `/appointments/update/${await appointmentIn(c, 10)}`, { payload: { duration: 60 } })),
    error(403, 'the vendor (it uses rain delay)', async (c) =>
      c.call('PUT', `/appointments/update/${await appointmentIn(c, 10)}`, { token: await c.session(VENDOR), payload: { duration: 60 } }),
    ),
    error(404, 'no such appointment', async (c) => c.call('PUT', `/appointments/update/${'f'.repeat(24)}`, { token: await c.session(CUSTOMER), payload: { duration: 60 } })),
    error(409, 'inside the 7-day window', async (c) =>
      c.call('PUT', `/appointments/update/${await appointmentIn(c, 3)}`, { token: await c.session(CUSTOMER), payload: { duration: 60 } }),
    ),
  ],
  completeAppointment: [
    ok('completed by the vendor', async (c) => c.call('POST', '/appointments/complete', { token: await c.session(VENDOR), payload: { appointment_id: await appointmentIn(c, 1) } })),
    error(400, 'no appointment_id', async (c) => c.call('POST', '/appointments/complete', { token: await c.session(VENDOR), payload: {} })),
    error(401, 'no token', async (c) => c.call('POST', '/appointments/complete', { payload: { appointment_id: await appointmentIn(c, 1) } })),
    error(403, 'the customer', async (c) => c.call('POST', '/appointments/complete', { token: await c.session(CUSTOMER), payload: { appointment_id: await appointmentIn(c, 1) } })),
    error(404, 'an appointment of another vendor', async (c) =>
      c.call('POST', '/appointments/complete', { token: await c.session(VENDOR), payload: { appointment_id: await appointmentIn(c, 1, { vendorAccountId: null }) } }),
    ),
    error(409, 'a canceled appointment', async (c) =>
      c.call('POST', '/appointments/complete', { token: await c.session(VENDOR), payload: { appointment_id: await appointmentIn(c, 1, { status: 'canceled' }) } }),
    ),
  ],
  cancelAppointment: [
    ok('canceled by the customer', async (c) => c.call('PUT', `/appointments/cancel/${await appointmentIn(c, 10)}`, { token: await c.session(CUSTOMER), payload: { note: 'Away.' } })),
    error(400, 'an unknown field', async (c) => c.call('PUT', `/appointments/cancel/${await appointmentIn(c, 10)}`, { token: await c.session(CUSTOMER), payload: { reason: 'x' } })),
    error(401, 'no token', async (c) => c.call('PUT', `/appointments/cancel/${await appointmentIn(c, 10)}`, { payload: {} })),
    error(403, 'the vendor', async (c) => c.call('PUT', `/appointments/cancel/${await appointmentIn(c, 10)}`, { token: await c.session(VENDOR), payload: {} })),
    error(404, 'no such appointment', async (c) => c.call('PUT', `/appointments/cancel/${'f'.repeat(24)}`, { token: await c.session(CUSTOMER), payload: {} })),
    error(409, 'already complete', async (c) =>
      c.call('PUT', `/appointments/cancel/${await appointmentIn(c, 10, { status: 'complete' })}`, { token: await c.session(CUSTOMER), payload: {} }),
    ),
  ],
  // ---- add-ons and approvals ------------------------------------------------------------------------
  addAddOn: [
    ok('a catalogue add-on by the customer', async (c) =>
      c.call('POST', '/appointments/manage/add-on/add', { token: await c.session(CUSTOMER), payload: { appointment_id: await appointmentIn(c, 10), ...ADD_ON_SERVICE } }), 201),
    error(400, 'no target', async (c) => c.call('POST', '/appointments/manage/add-on/add', { token: await c.session(CUSTOMER), payload: ADD_ON_SERVICE })),
    error(401, 'no token', async (c) => c.call('POST', '/appointments/manage/add-on/add', { payload: { appointment_id: await appointmentIn(c, 10), ...ADD_ON_SERVICE } })),
    error(403, 'an affiliate', async (c) =>
      c.call('POST', '/appointments/manage/add-on/add', { token: await c.session(AFFILIATE), payload: { appointment_id: await appointmentIn(c, 10), ...ADD_ON_SERVICE } })),
    error(404, "another customer's visit", async (c) =>
      c.call('POST', '/appointments/manage/add-on/add', { token: await c.session(NEWCUSTOMER), payload: { appointment_id: await appointmentIn(c, 10), ...ADD_ON_SERVICE } })),
    error(409, 'a canceled visit', async (c) =>
      c.call('POST', '/appointments/manage/add-on/add', { token: await c.session(CUSTOMER), payload: { appointment_id: await appointmentIn(c, 10, { status: 'canceled' }), ...ADD_ON_SERVICE } })),
  ],
  removeAddOn: [
    ok('removed by the customer', async (c) => c.call('POST', '/appointments/manage/add-on/remove', { token: await c.session(CUSTOMER), payload: { addon_id: await addOnOn(c) } })),
    error(400, 'a malformed id', async (c) => c.call('POST', '/appointments/manage/add-on/remove', { token: await c.session(CUSTOMER), payload: { addon_id: 'x' } })),
    error(401, 'no token', async (c) => c.call('POST', '/appointments/manage/add-on/remove', { payload: { addon_id: await addOnOn(c) } })),
    error(403, 'an affiliate', async (c) => c.call('POST', '/appointments/manage/add-on/remove', { token: await c.session(AFFILIATE), payload: { addon_id: await addOnOn(c) } })),
    error(404, 'another customer', async (c) => c.call('POST', '/appointments/manage/add-on/remove', { token: await c.session(NEWCUSTOMER), payload: { addon_id: await addOnOn(c) } })),
    error(409, 'removed twice', async (c) => {
      const id = await addOnOn(c);
      await c.setup('POST', '/appointments/manage/add-on/remove', { token: await c.session(CUSTOMER), payload: { addon_id: id } });
      return c.call('POST', '/appointments/manage/add-on/remove', { token: await c.session(CUSTOMER), payload: { addon_id: id } });
    }),
  ],
  approveAddOn: [
    ok("the customer approves the vendor's add-on", async (c) =>
      c.call('PUT', '/appointments/manage/add-on/approve', { token: await c.session(CUSTOMER), payload: { addon_id: await addOnOn(c, VENDOR), approved: true } })),
    error(400, 'no decision', async (c) => c.call('PUT', '/appointments/manage/add-on/approve', { token: await c.session(CUSTOMER), payload: { addon_id: await addOnOn(c, VENDOR) } })),
    error(401, 'no token', async (c) => c.call('PUT', '/appointments/manage/add-on/approve', { payload: { addon_id: await addOnOn(c, VENDOR), approved: true } })),
    error(403, 'the vendor', async (c) => c.call('PUT', '/appointments/manage/add-on/approve', { token: await c.session(VENDOR), payload: { addon_id: await addOnOn(c, VENDOR), approved: true } })),
    error(404, 'another customer', async (c) =>
      c.call('PUT', '/appointments/manage/add-on/approve', { token: await c.session(NEWCUSTOMER), payload: { addon_id: await addOnOn(c, VENDOR), approved: true } })),
    error(409, 'already approved', async (c) => c.call('PUT', '/appointments/manage/add-on/approve', { token: await c.session(CUSTOMER), payload: { addon_id: await addOnOn(c), approved: false } })),
  ],
  updateAddOn: [
    ok('the customer changes the plan', async (c) => c.call('POST', '/add-ons/update', { token: await c.session(CUSTOMER), payload: { addon_id: await addOnOn(c), ...ADD_ON_SERVICE } })),
    error(400, 'an unknown add-on service', async (c) =>
      c.call('POST', '/add-ons/update', { token: await c.session(CUSTOMER), payload: { addon_id: await addOnOn(c), plan_id: `addon-${'f'.repeat(24)}` } })),
    error(401, 'no token', async (c) => c.call('POST', '/add-ons/update', { payload: { addon_id: await addOnOn(c), ...ADD_ON_SERVICE } })),
    error(403, 'an affiliate', async (c) => c.call('POST', '/add-ons/update', { token: await c.session(AFFILIATE), payload: { addon_id: await addOnOn(c), ...ADD_ON_SERVICE } })),
    error(404, 'another customer', async (c) => c.call('POST', '/add-ons/update', { token: await c.session(NEWCUSTOMER), payload: { addon_id: await addOnOn(c), ...ADD_ON_SERVICE } })),
    error(409, 'a removed add-on', async (c) => {
      const id = await addOnOn(c);
      await c.setup('POST', '/appointments/manage/add-on/remove', { token: await c.session(CUSTOMER), payload: { addon_id: id } });
      return c.call('POST', '/add-ons/update', { token: await c.session(CUSTOMER), payload: { addon_id: id, ...ADD_ON_SERVICE } });
    }),
  ],
  updateCustomAddOn: [
    ok('the vendor changes its request', async (c) =>
      c.call('POST', '/custom/add-on/update', { token: await c.session(VENDOR), payload: { addon_id: await addOnOn(c, VENDOR), custom: { description: 'Rake and bag', value: 2000 } } })),
    error(400, 'a blank description', async (c) =>
      c.call('POST', '/custom/add-on/update', { token: await c.session(VENDOR), payload: { addon_id: await addOnOn(c, VENDOR), custom: { description: '  ', value: 2000 } } })),
    error(401, 'no token', async (c) => c.call('POST', '/custom/add-on/update', { payload: { addon_id: await addOnOn(c, VENDOR), custom: { description: 'Rake', value: 2000 } } })),
    error(403, 'an affiliate', async (c) =>
      c.call('POST', '/custom/add-on/update', { token: await c.session(AFFILIATE), payload: { addon_id: await addOnOn(c, VENDOR), custom: { description: 'Rake', value: 2000 } } })),
    error(404, 'another customer', async (c) =>
      c.call('POST', '/custom/add-on/update', { token: await c.session(NEWCUSTOMER), payload: { addon_id: await addOnOn(c, VENDOR), custom: { description: 'Rake', value: 2000 } } })),
    error(409, 'a removed add-on', async (c) => {
      const id = await addOnOn(c, VENDOR);
      await c.setup('POST', '/appointments/manage/add-on/remove', { token: await c.session(VENDOR), payload: { addon_id: id } });
      return c.call('POST', '/custom/add-on/update', { token: await c.session(VENDOR), payload: { addon_id: id, custom: { description: 'Rake', value: 2000 } } });
    }),
  ],
  createApproval: [
    ok('a home-size change asked by the vendor', async (c) =>
      c.call('POST', '/approvals', { token: await c.session(VENDOR), payload: { type: 'home_size', appointment_id: await appointmentIn(c, 10), data: { homeSize: 'medium' }, note: 'Bigger.' } }), 201),
    error(400, 'no note', async (c) =>
      c.call('POST', '/approvals', { token: await c.session(VENDOR), payload: { type: 'home_size', appointment_id: await appointmentIn(c, 10), data: { homeSize: 'medium' } } })),
    error(401, 'no token', async (c) => c.call('POST', '/approvals', { payload: { type: 'home_size', appointment_id: await appointmentIn(c, 10), data: { homeSize: 'medium' }, note: 'x' } })),
    error(403, 'the customer', async (c) =>
      c.call('POST', '/approvals', { token: await c.session(CUSTOMER), payload: { type: 'home_size', appointment_id: await appointmentIn(c, 10), data: { homeSize: 'medium' }, note: 'x' } })),
    error(404, 'no such appointment', async (c) =>
      c.call('POST', '/approvals', { token: await c.session(VENDOR), payload: { type: 'home_size', appointment_id: 'f'.repeat(24), data: { homeSize: 'medium' }, note: 'x' } })),
    error(409, 'one is pending already', async (c) =>
      c.call('POST', '/approvals', { token: await c.session(VENDOR), payload: { type: 'home_size', appointment_id: demoId('appointment:customer-later'), data: { homeSize: 'large' }, note: 'x' } })),
  ],
  getApproval: [
    ok('the seeded request, by its customer', async (c) => c.call('GET', `/approvals/${demoId('approval:customer-home-size')}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/approvals/x', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/approvals/${demoId('approval:customer-home-size')}`)),
    error(403, 'an affiliate', async (c) => c.call('GET', `/approvals/${demoId('approval:customer-home-size')}`, { token: await c.session(AFFILIATE) })),
    error(404, 'another customer', async (c) => c.call('GET', `/approvals/${demoId('approval:customer-home-size')}`, { token: await c.session(NEWCUSTOMER) })),
  ],
  decideApproval: [
    ok('declined by the customer', async (c) => c.call('PUT', `/approvals/${await approvalAsked(c)}`, { token: await c.session(CUSTOMER), payload: { status: 'declined' } })),
    error(400, 'an unknown status', async (c) => c.call('PUT', `/approvals/${await approvalAsked(c)}`, { token: await c.session(CUSTOMER), payload: { status: 'maybe' } })),
    error(401, 'no token', async (c) => c.call('PUT', `/approvals/${await approvalAsked(c)}`, { payload: { status: 'declined' } })),
    error(403, 'the vendor', async (c) => c.call('PUT', `/approvals/${await approvalAsked(c)}`, { token: await c.session(VENDOR), payload: { status: 'declined' } })),
    error(404, 'another customer', async (c) => c.call('PUT', `/approvals/${await approvalAsked(c)}`, { token: await c.session(NEWCUSTOMER), payload: { status: 'declined' } })),
    error(409, 'decided twice', async (c) => {
      const id = await approvalAsked(c);
      await c.setup('PUT', `/approvals/${id}`, { token: await c.session(CUSTOMER), payload: { status: 'declined' } });
      return c.call('PUT', `/approvals/${id}`, { token: await c.session(CUSTOMER), payload: { status: 'declined' } });
    }),
  ],
  reinstateAppointment: [
    ok('a canceled appointment, by the organization', async (c) =>
      c.call('PUT', `/appointments/reinstate/${await appointmentIn(c, 10, { status: 'canceled' })}`, { token: await c.session(ORGANIZATION) }),
    ),
    error(400, 'a malformed id', async (c) => c.call('PUT', '/appointments/reinstate/not-an-id', { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', async (c) => c.call('PUT', `/appointments/reinstate/${await appointmentIn(c, 10, { status: 'canceled' })}`)),
    error(403, 'the customer', async (c) => c.call('PUT', `/appointments/reinstate/${await appointmentIn(c, 10, { status: 'canceled' })}`, { token: await c.session(CUSTOMER) })),
    error(404, 'no such appointment', async (c) => c.call('PUT', `/appointments/reinstate/${'f'.repeat(24)}`, { token: await c.session(ORGANIZATION) })),
    error(409, 'an active appointment', async (c) => c.call('PUT', `/appointments/reinstate/${await appointmentIn(c, 10)}`, { token: await c.session(ORGANIZATION) })),
  ],
  rainDelayAppointment: [
    ok('moved by the vendor', async (c) => {
      const start = new Date(c.server.clock.now().getTime() + 2 * DAY_MS).toISOString();
      return c.call('PUT', `/appointments/rain-delay/${await appointmentIn(c, 1)}`, { token: await c.session(VENDOR), payload: { start_time: start } });
    }),
    error(400, 'no start_time', async (c) => c.call('PUT', `/appointments/rain-delay/${await appointmentIn(c, 1)}`, { token: await c.session(VENDOR), payload: {} })),
    error(401, 'no token', async (c) => c.call('PUT', `/appointments/rain-delay/${await appointmentIn(c, 1)}`, { payload: { start_time: '2026-07-01T12:00:00Z' } })),
    error(403, 'the customer', async (c) =>
      c.call('PUT', `/appointments/rain-delay/${await appointmentIn(c, 1)}`, { token: await c.session(CUSTOMER), payload: { start_time: '2026-07-01T12:00:00Z' } }),
    ),
    error(404, 'no such appointment', async (c) =>
      c.call('PUT', `/appointments/rain-delay/${'f'.repeat(24)}`, { token: await c.session(VENDOR), payload: { start_time: '2026-07-01T12:00:00Z' } }),
    ),
    error(409, 'a new start in the past', async (c) =>
      c.call('PUT', `/appointments/rain-delay/${await appointmentIn(c, 1)}`, { token: await c.session(VENDOR), payload: { start_time: '2020-01-01T12:00:00Z' } }),
    ),
  ],
  setAppointmentException: [
    ok('with a note, by the vendor', async (c) => c.call('PUT', `/appointments/exception/${await appointmentIn(c, 1)}`, { token: await c.session(VENDOR), payload: { note: 'Gate locked.' } })),
    error(400, "'Note is required!'", async (c) => c.call('PUT', `/appointments/exception/${await appointmentIn(c, 1)}`, { token: await c.session(VENDOR), payload: {} })),
    error(401, 'no token', async (c) => c.call('PUT', `/appointments/exception/${await appointmentIn(c, 1)}`, { payload: { note: 'x' } })),
    error(403, 'the customer', async (c) => c.call('PUT', `/appointments/exception/${await appointmentIn(c, 1)}`, { token: await c.session(CUSTOMER), payload: { note: 'x' } })),
    error(404, 'no such appointment', async (c) => c.call('PUT', `/appointments/exception/${'f'.repeat(24)}`, { token: await c.session(VENDOR), payload: { note: 'x' } })),
    error(409, 'a pending appointment', async (c) =>
      c.call('PUT', `/appointments/exception/${await appointmentIn(c, 1, { status: 'pending' })}`, { token: await c.session(VENDOR), payload: { note: 'x' } }),
    ),
  ],
  enableAppointment: [
    ok('a pending appointment, by the organization', async (c) => c.call('PUT', `/appointments/enable/${await appointmentIn(c, 20, { status: 'pending' })}`, { token: await c.session(ORGANIZATION) })),
    error(400, 'a malformed id', async (c) => c.call('PUT', '/appointments/enable/not-an-id', { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', async (c) => c.call('PUT', `/appointments/enable/${await appointmentIn(c, 20, { status: 'pending' })}`)),
    error(403, 'the vendor', async (c) => c.call('PUT', `/appointments/enable/${await appointmentIn(c, 20, { status: 'pending' })}`, { token: await c.session(VENDOR) })),
    error(404, 'no such appointment', async (c) => c.call('PUT', `/appointments/enable/${'f'.repeat(24)}`, { token: await c.session(ORGANIZATION) })),
    error(409, 'an active appointment', async (c) => c.call('PUT', `/appointments/enable/${await appointmentIn(c, 20)}`, { token: await c.session(ORGANIZATION) })),
  ],

  // ---- the vendor calendar (test clock: Monday 2026-06-01 12:00 UTC; vendor@ works Mon–Fri 08:00–17:00 Chicago) ----
  updateAvailability: [
    ok("the vendor's seeded hours, set again by its organization", async (c) =>
      c.call('PUT', '/update-availability', { token: await c.session(ORGANIZATION), payload: { vendor_id: DEMO_BOOKINGS.vendor, availability: WEEKDAY_HOURS } })),
    error(400, 'hours before 8AM', async (c) =>
      c.call('PUT', '/update-availability', { token: await c.session(VENDOR), payload: { availability: [{ day_of_week: 'monday', start: '0700', end: '1000' }] } })),
    error(401, 'no token', (c) => c.call('PUT', '/update-availability', { payload: { availability: WEEKDAY_HOURS } })),
    error(403, 'a customer', async (c) => c.call('PUT', '/update-availability', { token: await c.session(CUSTOMER), payload: { availability: WEEKDAY_HOURS } })),
    error(404, 'an organization naming an account that is not its vendor', async (c) =>
      c.call('PUT', '/update-availability', { token: await c.session(ORGANIZATION), payload: { vendor_id: DEMO_BOOKINGS.customer, availability: WEEKDAY_HOURS } })),
  ],
  listOrganizationVendors: [
    ok('its own vendors', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/vendors`, { token: await c.session(ORGANIZATION) })),
    error(400, 'an unknown type', async (c) =>
      c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/vendors?type=maybe`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/vendors`)),
    error(403, 'the vendor', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/vendors`, { token: await c.session(VENDOR) })),
    error(404, 'another organization', async (c) =>
      c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/vendors`, { token: await c.session(OTHER_ORGANIZATION) })),
  ],
  createAppointment: [
    ok('a one-time visit the customer books', async (c) => c.call('POST', '/appointments', { token: await c.session(CUSTOMER), payload: await booking(c, '2026-06-17T14:00:00.000Z') }), 201),
    error(400, 'a plan the service does not have', async (c) =>
      c.call('POST', '/appointments', { token: await c.session(CUSTOMER), payload: { ...(await booking(c, '2026-06-17T15:00:00.000Z')), plan_id: 'no-such-plan' } })),
    error(401, 'no token', async (c) => c.call('POST', '/appointments', { payload: await booking(c, '2026-06-17T15:00:00.000Z') })),
    error(403, 'a vendor', async (c) => c.call('POST', '/appointments', { token: await c.session(VENDOR), payload: await booking(c, '2026-06-17T15:00:00.000Z') })),
    error(404, 'an address that is not the customer’s', async (c) =>
      c.call('POST', '/appointments', { token: await c.session(CUSTOMER), payload: { ...(await booking(c, '2026-06-17T15:00:00.000Z')), address_id: newId() } })),
    error(409, 'the named vendor is not free then', async (c) => {
      const payload = { ...(await booking(c, '2026-06-18T14:00:00.000Z')), vendor_id: DEMO_BOOKINGS.vendor };
      await c.call('POST', '/appointments', { token: await c.session(CUSTOMER), payload });
      return c.call('POST', '/appointments', { token: await c.session(CUSTOMER), payload });
    }),
  ],
  pingLocation: [
    ok("the vendor's position", async (c) => c.call('POST', '/location/ping', { token: await c.session(VENDOR), payload: { lat: 39.78, lng: -89.65, accuracy: 10 } })),
    error(400, 'a latitude out of range', async (c) => c.call('POST', '/location/ping', { token: await c.session(VENDOR), payload: { lat: 91, lng: 0 } })),
    error(401, 'no token', (c) => c.call('POST', '/location/ping', { payload: { lat: 1, lng: 1 } })),
    error(403, 'the organization', async (c) => c.call('POST', '/location/ping', { token: await c.session(ORGANIZATION), payload: { lat: 1, lng: 1 } })),
    error(404, "another vendor's visit", async (c) => {
      const id = await appointmentIn(c, 1, { vendorAccountId: demoId('account:vendor2') });
      return c.call('POST', '/location/ping', { token: await c.session(VENDOR), payload: { lat: 1, lng: 1, appointment_id: id } });
    }),
    error(409, 'a completed visit', async (c) => {
      const id = await appointmentIn(c, -1, { status: 'complete' });
      return c.call('POST', '/location/ping', { token: await c.session(VENDOR), payload: { lat: 1, lng: 1, appointment_id: id } });
    }),
  ],
  moveVendorAppointments: [
    ok('nothing to move in the range', async (c) =>
      c.call('POST', '/admin/move-vendor-appointments', {
        token: await c.session(SUPER),
        payload: { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: demoId('account:vendor2'), start_date: '2027-01-04', end_date: '2027-01-05' },
      })),
    error(400, 'a missing end date', async (c) =>
      c.call('POST', '/admin/move-vendor-appointments', { token: await c.session(SUPER), payload: { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: demoId('account:vendor2'), start_date: '2027-01-04' } })),
    error(401, 'no token', (c) => c.call('POST', '/admin/move-vendor-appointments', { payload: {} })),
    error(403, 'an organization', async (c) =>
      c.call('POST', '/admin/move-vendor-appointments', {
        token: await c.session(ORGANIZATION),
        payload: { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: demoId('account:vendor2'), start_date: '2027-01-04', end_date: '2027-01-05' },
      })),
    error(404, 'an unknown vendor', async (c) =>
      c.call('POST', '/admin/move-vendor-appointments', {
        token: await c.session(SUPER),
        payload: { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: '0123456789abcdef01234567', start_date: '2027-01-04', end_date: '2027-01-05' },
      })),
    error(409, 'a visit the new vendor cannot take', async (c) => {
      // A Saturday visit of vendor@: vendor2@ does not work on Saturdays.
      await c.server.db
        .insert(appointments)
        .values(demoAppointmentRecord({ id: newId(), status: 'active', startTime: new Date('2027-01-09T15:00:00.000Z'), createdAt: c.server.clock.now() }));
      return c.call('POST', '/admin/move-vendor-appointments', {
        token: await c.session(SUPER),
        payload: { from_vendor_id: DEMO_BOOKINGS.vendor, to_vendor_id: demoId('account:vendor2'), start_date: '2027-01-09', end_date: '2027-01-09' },
      });
    }),
  ],
  listAdminVendors: [
    ok('every vendor', async (c) => c.call('GET', '/admin/vendors?search=tendwell', { token: await c.session(SUPER) })),
    error(400, 'a page size over 100', async (c) => c.call('GET', '/admin/vendors?pageSize=101', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', '/admin/vendors')),
    error(403, 'an organization', async (c) => c.call('GET', '/admin/vendors', { token: await c.session(ORGANIZATION) })),
  ],
  getVendorInit: [
    ok('the vendor itself', async (c) => c.call('GET', `/vendor/${DEMO_BOOKINGS.vendor}/init`, { token: await c.session(VENDOR) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/vendor/nope/init', { token: await c.session(VENDOR) })),
    error(401, 'no token', (c) => c.call('GET', `/vendor/${DEMO_BOOKINGS.vendor}/init`)),
    error(403, 'a customer', async (c) => c.call('GET', `/vendor/${DEMO_BOOKINGS.vendor}/init`, { token: await c.session(CUSTOMER) })),
    error(404, "another organization's vendor", async (c) => c.call('GET', `/vendor/${DEMO_BOOKINGS.vendor}/init`, { token: await c.session(OTHER_ORGANIZATION) })),
  ],
  requestTimeOff: [
    ok('asked by the vendor', async (c) =>
      c.call('PUT', '/request-time-off', { token: await c.session(VENDOR), payload: { start_time: '2026-07-06T13:00:00Z', end_time: '2026-07-06T22:00:00Z', note: 'Dentist.' } })),
    error(400, 'an end before the start', async (c) =>
      c.call('PUT', '/request-time-off', { token: await c.session(VENDOR), payload: { start_time: '2026-07-06T13:00:00Z', end_time: '2026-07-06T12:00:00Z' } })),
    error(401, 'no token', (c) => c.call('PUT', '/request-time-off', { payload: { start_time: '2026-07-06T13:00:00Z', end_time: '2026-07-06T22:00:00Z' } })),
    error(403, 'the organization', async (c) =>
      c.call('PUT', '/request-time-off', { token: await c.session(ORGANIZATION), payload: { start_time: '2026-07-06T13:00:00Z', end_time: '2026-07-06T22:00:00Z' } })),
  ],
  listOrganizationTimeOff: [
    ok("its vendors' requests (the seeded pending one)", async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/schedule`, { token: await c.session(ORGANIZATION) })),
    error(400, 'an unknown approval', async (c) =>
      c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/schedule?approval=maybe`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/schedule`)),
    error(403, 'the vendor', async (c) => c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/schedule`, { token: await c.session(VENDOR) })),
    error(404, 'another organization', async (c) =>
      c.call('GET', `/organization/${DEMO_BOOKINGS.organization}/schedule`, { token: await c.session(OTHER_ORGANIZATION) })),
  ],
  decideVendorTimeOff: [
    ok('rejected by the organization', async (c) =>
      c.call('PUT', scheduleOf(await timeOffAsked(c, '2026-08-03')), { token: await c.session(ORGANIZATION), payload: { approval: 'rejected', note: 'Busy season.' } })),
    error(400, 'an unknown approval', async (c) =>
      c.call('PUT', scheduleOf(await timeOffAsked(c, '2026-08-04')), { token: await c.session(ORGANIZATION), payload: { approval: 'maybe' } })),
    error(401, 'no token', async (c) => c.call('PUT', scheduleOf(await timeOffAsked(c, '2026-08-05')), { payload: { approval: 'rejected' } })),
    error(403, 'the vendor', async (c) =>
      c.call('PUT', scheduleOf(await timeOffAsked(c, '2026-08-06')), { token: await c.session(VENDOR), payload: { approval: 'approved' } })),
    error(404, 'another organization', async (c) =>
      c.call('PUT', scheduleOf(await timeOffAsked(c, '2026-08-07')), { token: await c.session(OTHER_ORGANIZATION), payload: { approval: 'rejected' } })),
    error(409, 'decided twice', async (c) => {
      const token = await c.session(ORGANIZATION);
      const url = scheduleOf(await timeOffAsked(c, '2026-08-10'));
      await c.setup('PUT', url, { token, payload: { approval: 'rejected' } });
      return c.call('PUT', url, { token, payload: { approval: 'rejected' } });
    }),
  ],
  deleteVendorTimeOff: [
    ok('removed by the organization', async (c) =>
      c.call('PUT', `${scheduleOf(await timeOffAsked(c, '2026-08-11'))}/delete`, { token: await c.session(ORGANIZATION) })),
    error(400, 'a malformed schedule id', async (c) => c.call('PUT', `${scheduleOf('nope')}/delete`, { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', async (c) => c.call('PUT', `${scheduleOf(await timeOffAsked(c, '2026-08-12'))}/delete`)),
    error(403, 'a customer', async (c) => c.call('PUT', `${scheduleOf(await timeOffAsked(c, '2026-08-13'))}/delete`, { token: await c.session(CUSTOMER) })),
    error(404, 'no such request', async (c) => c.call('PUT', `${scheduleOf(SOME_ID)}/delete`, { token: await c.session(ORGANIZATION) })),
    error(409, 'deleted twice', async (c) => {
      const token = await c.session(ORGANIZATION);
      const url = `${scheduleOf(await timeOffAsked(c, '2026-08-14'))}/delete`;
      await c.setup('PUT', url, { token });
      return c.call('PUT', url, { token });
    }),
  ],
  checkAvailability: [
    ok('Tuesday 08:00 Chicago', async (c) =>
      c.call('GET', '/appointments/availablity/check?start_time=2026-06-09T13%3A00%3A00Z&zip_code=62701&duration=60', { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed start_time', async (c) => c.call('GET', '/appointments/availablity/check?start_time=soon&zip_code=62701', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/appointments/availablity/check?start_time=2026-06-09T13%3A00%3A00Z')),
    error(403, 'an affiliate', async (c) =>
      c.call('GET', '/appointments/availablity/check?start_time=2026-06-09T13%3A00%3A00Z&zip_code=62701', { token: await c.session(AFFILIATE) })),
  ],
  getAvailabilityDay: [
    ok("a weekday's free starts", async (c) =>
      c.call('GET', '/appointments/availablity/day?requested_day=2026-06-09&zip_code=62701&duration=60', { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed day', async (c) => c.call('GET', '/appointments/availablity/day?requested_day=tomorrow&zip_code=62701', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/appointments/availablity/day?requested_day=2026-06-09')),
    error(403, 'an affiliate', async (c) => c.call('GET', '/appointments/availablity/day?requested_day=2026-06-09&zip_code=62701', { token: await c.session(AFFILIATE) })),
  ],
  getAvailabilityRange: [
    ok('a week of free starts', async (c) =>
      c.call('GET', '/appointments/availablity/range?start_time=2026-06-08T00%3A00%3A00Z&end_time=2026-06-15T05%3A00%3A00Z&zip_code=62701', { token: await c.session(CUSTOMER) })),
    error(400, 'a range over 31 days', async (c) =>
      c.call('GET', '/appointments/availablity/range?start_time=2026-06-01T00%3A00%3A00Z&end_time=2026-07-03T00%3A00%3A00Z', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/appointments/availablity/range?start_time=2026-06-08T00%3A00%3A00Z&end_time=2026-06-15T00%3A00%3A00Z')),
    error(403, 'an affiliate', async (c) =>
      c.call('GET', '/appointments/availablity/range?start_time=2026-06-08T00%3A00%3A00Z&end_time=2026-06-15T00%3A00%3A00Z', { token: await c.session(AFFILIATE) })),
  ],
  getNextAvailability: [
    ok('the first free start on a Wednesday', async (c) =>
      c.call('GET', '/appointments/availablity/next?zip_code=62701&day_of_week=wednesday', { token: await c.session(CUSTOMER) })),
    error(400, 'an unknown day of the week', async (c) => c.call('GET', '/appointments/availablity/next?day_of_week=funday', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/appointments/availablity/next?zip_code=62701')),
    error(403, 'an affiliate', async (c) => c.call('GET', '/appointments/availablity/next?zip_code=62701', { token: await c.session(AFFILIATE) })),
  ],
  getPublicNextAvailability: [
    ok('a visitor asks about a ZIP code in the area', (c) => c.call('GET', '/public/availability/next?zip_code=62701')),
    error(400, 'a ZIP code outside the service area', (c) => c.call('GET', '/public/availability/next?zip_code=99999')),
  ],

  // ---- subscriptions ---------------------------------------------------------------------------------
  listSubscriptions: [
    ok("the customer's subscriptions", async (c) => c.call('GET', '/subscriptions', { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed cursor', async (c) => c.call('GET', '/subscriptions?starting_after_id=abc', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/subscriptions')),
    error(403, 'an affiliate', async (c) => c.call('GET', '/subscriptions', { token: await c.session(AFFILIATE) })),
  ],
  getSubscription: [
    ok('by its order id', async (c) => c.call('GET', `/subscriptions/${DEMO_BOOKINGS.order}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/subscriptions/not-an-id', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/subscriptions/${DEMO_BOOKINGS.subscription}`)),
    error(403, 'an affiliate', async (c) => c.call('GET', `/subscriptions/${DEMO_BOOKINGS.subscription}`, { token: await c.session(AFFILIATE) })),
    error(404, "another customer's subscription", async (c) => {
      const { id } = await subscriptionOf(c, { customerAccountId: demoId('account:newcustomer'), vendorAccountId: null, organizationAccountId: null });
      return c.call('GET', `/subscriptions/${id}`, { token: await c.session(CUSTOMER) });
    }),
  ],
  updateSubscription: [
    ok('every two weeks', async (c) =>
      c.call('PUT', '/subscriptions/update', { token: await c.session(CUSTOMER), payload: { subscription_id: (await subscriptionOf(c)).id, frequency: 'biweek' } }),
    ),
    error(400, 'nothing to change', async (c) => c.call('PUT', '/subscriptions/update', { token: await c.session(CUSTOMER), payload: { subscription_id: (await subscriptionOf(c)).id } })),
    error(401, 'no token', async (c) => c.call('PUT', '/subscriptions/update', { payload: { subscription_id: (await subscriptionOf(c)).id, frequency: 'month' } })),
    error(403, 'the vendor', async (c) => c.call('PUT', '/subscriptions/update', { token: await c.session(VENDOR), payload: { subscription_id: (await subscriptionOf(c)).id, frequency: 'month' } })),
    error(404, 'no such subscription', async (c) => c.call('PUT', '/subscriptions/update', { token: await c.session(CUSTOMER), payload: { subscription_id: 'f'.repeat(24), frequency: 'month' } })),
    error(409, 'a canceled subscription', async (c) =>
      c.call('PUT', '/subscriptions/update', { token: await c.session(CUSTOMER), payload: { subscription_id: (await subscriptionOf(c, { status: 'canceled' })).id, frequency: 'month' } }),
    ),
  ],
  cancelSubscription: [
    ok('canceled by the customer', async (c) => c.call('PUT', '/subscriptions/cancel', { token: await c.session(CUSTOMER), payload: { subscription_id: (await subscriptionOf(c)).id } })),
    error(400, 'no subscription_id', async (c) => c.call('PUT', '/subscriptions/cancel', { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', async (c) => c.call('PUT', '/subscriptions/cancel', { payload: { subscription_id: (await subscriptionOf(c)).id } })),
    error(403, 'the organization', async (c) => c.call('PUT', '/subscriptions/cancel', { token: await c.session(ORGANIZATION), payload: { subscription_id: (await subscriptionOf(c)).id } })),
    error(404, 'no such subscription', async (c) => c.call('PUT', '/subscriptions/cancel', { token: await c.session(CUSTOMER), payload: { subscription_id: 'f'.repeat(24) } })),
    error(409, 'already canceled', async (c) =>
      c.call('PUT', '/subscriptions/cancel', { token: await c.session(CUSTOMER), payload: { subscription_id: (await subscriptionOf(c, { status: 'canceled' })).id } }),
    ),
  ],
  pauseSubscription: [
    ok('paused by the customer', async (c) => c.call('POST', '/subscriptions/pause', { token: await c.session(CUSTOMER), payload: { orderId: (await subscriptionOf(c)).orderId } })),
    error(400, 'no orderId', async (c) => c.call('POST', '/subscriptions/pause', { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', async (c) => c.call('POST', '/subscriptions/pause', { payload: { orderId: (await subscriptionOf(c)).orderId } })),
    error(403, 'the vendor', async (c) => c.call('POST', '/subscriptions/pause', { token: await c.session(VENDOR), payload: { orderId: (await subscriptionOf(c)).orderId } })),
    error(404, 'no such subscription', async (c) => c.call('POST', '/subscriptions/pause', { token: await c.session(CUSTOMER), payload: { orderId: 'f'.repeat(24) } })),
    error(409, 'already paused', async (c) =>
      c.call('POST', '/subscriptions/pause', { token: await c.session(CUSTOMER), payload: { orderId: (await subscriptionOf(c, { status: 'paused' })).orderId } }),
    ),
  ],
  unpauseSubscription: [
    ok('a paused subscription', async (c) =>
      c.call('POST', '/subscriptions/unpause', { token: await c.session(CUSTOMER), payload: { orderId: (await subscriptionOf(c, { status: 'paused' })).orderId, beforeSchedule: true } }),
    ),
    error(400, 'beforeSchedule as text', async (c) =>
      c.call('POST', '/subscriptions/unpause', { token: await c.session(CUSTOMER), payload: { orderId: (await subscriptionOf(c, { status: 'paused' })).orderId, beforeSchedule: 'yes' } }),
    ),
    error(401, 'no token', async (c) => c.call('POST', '/subscriptions/unpause', { payload: { orderId: (await subscriptionOf(c, { status: 'paused' })).orderId } })),
    error(403, 'the vendor', async (c) =>
      c.call('POST', '/subscriptions/unpause', { token: await c.session(VENDOR), payload: { orderId: (await subscriptionOf(c, { status: 'paused' })).orderId } }),
    ),
    error(404, 'no such subscription', async (c) => c.call('POST', '/subscriptions/unpause', { token: await c.session(CUSTOMER), payload: { orderId: 'f'.repeat(24) } })),
    error(409, 'an active subscription', async (c) => c.call('POST', '/subscriptions/unpause', { token: await c.session(CUSTOMER), payload: { orderId: (await subscriptionOf(c)).orderId } })),
  ],
  suspendSubscription: [
    ok('suspended by super', async (c) => c.call('POST', '/subscriptions/suspend', { token: await c.session(SUPER), payload: { orderId: (await subscriptionOf(c)).orderId } })),
    error(400, 'no orderId', async (c) => c.call('POST', '/subscriptions/suspend', { token: await c.session(SUPER), payload: {} })),
    error(401, 'no token', async (c) => c.call('POST', '/subscriptions/suspend', { payload: { orderId: (await subscriptionOf(c)).orderId } })),
    error(403, 'the customer', async (c) => c.call('POST', '/subscriptions/suspend', { token: await c.session(CUSTOMER), payload: { orderId: (await subscriptionOf(c)).orderId } })),
    error(404, 'no such subscription', async (c) => c.call('POST', '/subscriptions/suspend', { token: await c.session(SUPER), payload: { orderId: 'f'.repeat(24) } })),
    error(409, 'a paused subscription', async (c) =>
      c.call('POST', '/subscriptions/suspend', { token: await c.session(SUPER), payload: { orderId: (await subscriptionOf(c, { status: 'paused' })).orderId } }),
    ),
  ],
  restoreSubscription: [
    ok('restored by super', async (c) =>
      c.call('POST', '/subscriptions/restore', { token: await c.session(SUPER), payload: { orderId: (await subscriptionOf(c, { status: 'suspended' })).orderId } }),
    ),
    error(400, 'no orderId', async (c) => c.call('POST', '/subscriptions/restore', { token: await c.session(SUPER), payload: {} })),
    error(401, 'no token', async (c) => c.call('POST', '/subscriptions/restore', { payload: { orderId: (await subscriptionOf(c, { status: 'suspended' })).orderId } })),
    error(403, 'the customer', async (c) =>
      c.call('POST', '/subscriptions/restore', { token: await c.session(CUSTOMER), payload: { orderId: (await subscriptionOf(c, { status: 'suspended' })).orderId } }),
    ),
    error(404, 'no such subscription', async (c) => c.call('POST', '/subscriptions/restore', { token: await c.session(SUPER), payload: { orderId: 'f'.repeat(24) } })),
    error(409, 'an active subscription', async (c) => c.call('POST', '/subscriptions/restore', { token: await c.session(SUPER), payload: { orderId: (await subscriptionOf(c)).orderId } })),
  ],

  // ---- admin -----------------------------------------------------------------------------------------
  listAuditEntries: [
    ok('the changes of one record', async (c) => {
      const id = await appointmentIn(c, 10);
      await c.setup('PUT', `/appointments/cancel/${id}`, { token: await c.session(CUSTOMER), payload: {} });
      return c.call('GET', `/admin/audit?recordId=${id}`, { token: await c.session(SUPER) });
    }),
    error(400, 'a malformed time', async (c) => c.call('GET', '/admin/audit?from=yesterday', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', '/admin/audit')),
    error(403, 'a customer', async (c) => c.call('GET', '/admin/audit', { token: await c.session(CUSTOMER) })),
  ],  // ---- help desk -------------------------------------------------------------------------------------
  listTickets: [
    ok("the customer's tickets", async (c) => c.call('GET', '/tickets', { token: await c.session(CUSTOMER) })),
    ok('the history (closed in the past 7 days)', async (c) => c.call('GET', '/tickets?status=closed', { token: await c.session(SUPER) })),
    error(400, 'an unknown status', async (c) => c.call('GET', '/tickets?status=gone', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/tickets')),
    error(403, 'an affiliate', async (c) => c.call('GET', '/tickets', { token: await c.session(AFFILIATE) })),
  ],
  searchAccounts: [
    ok('support finds an account by email', async (c) => c.call('GET', '/accounts/search?text=vendor%40tendwell', { token: await c.session(SUPER) })),
    error(400, 'a limit over 100', async (c) => c.call('GET', '/accounts/search?text=vendor&limit=101', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', '/accounts/search?text=vendor')),
    error(403, 'a customer', async (c) => c.call('GET', '/accounts/search?text=vendor', { token: await c.session(CUSTOMER) })),
  ],

  // ---- the catalogue -------------------------------------------------------------------------------
  listServices: [
    ok('every active service', async (c) => c.call('GET', '/services', { token: await c.session(CUSTOMER) })),
    ok('the add-on services', async (c) => c.call('GET', '/services?addons=true', { token: await c.session(CUSTOMER) })),
    error(400, 'a ZIP code outside the service area', async (c) => c.call('GET', '/services?zip_code=10001', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/services')),
  ],
  getService: [
    ok('lawn mowing', async (c) => c.call('GET', `/services/${MOWING}`, { token: await c.session(CUSTOMER) })),
    ok('an add-on service', async (c) => c.call('GET', `/services/${demoId('addon:gutters')}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/services/not-an-id', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/services/${MOWING}`)),
    error(404, 'an inactive service', async (c) => c.call('GET', `/services/${demoId('service:snow')}`, { token: await c.session(CUSTOMER) })),
  ],
  listZipCodes: [
    ok('the service area', async (c) => c.call('GET', '/zip-codes?state=TX', { token: await c.session(CUSTOMER) })),
    error(400, 'a state that is not a code', async (c) => c.call('GET', '/zip-codes?state=Texas', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/zip-codes')),
  ],
  validateCoupon: [
    ok('a code that applies', async (c) => c.call('GET', `/coupons/validate/WELCOME10/${MOWING}`, { token: await c.session(CUSTOMER) })),
    error(400, 'an expired code', async (c) => c.call('GET', `/coupons/validate/OLD20/${MOWING}`, { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/coupons/validate/WELCOME10/${MOWING}`)),
    error(404, 'an unknown code', async (c) => c.call('GET', `/coupons/validate/NOPE/${MOWING}`, { token: await c.session(CUSTOMER) })),
    error(429, 'after ten unknown codes in an hour', async (c) => {
      const token = await c.session(AFFILIATE);
      for (let i = 0; i < 10; i++) await c.call('GET', `/coupons/validate/GUESS${i}/${MOWING}`, { token });
      return c.call('GET', `/coupons/validate/WELCOME10/${MOWING}`, { token });
    }),
  ],
  listPublicServices: [
    ok('a visitor', (c) => c.call('GET', '/public/services?zip_code=78701')),
    error(400, 'outside the service area', (c) => c.call('GET', '/public/services?zip_code=10001')),
  ],
  getTaxRate: [
    ok('Austin', (c) => c.call('GET', '/public/tax-rates?postalCode=78701')),
    error(400, 'no postal code', (c) => c.call('GET', '/public/tax-rates')),
    error(404, 'outside the service area', (c) => c.call('GET', '/public/tax-rates?postalCode=10001')),
  ],
  validateAddress: [
    ok('in the service area', (c) =>
      c.call('POST', '/public/validate/address', { payload: { address: { street_number: '12', street: 'Elm Street', city: 'Springfield', state: 'IL', postal_code: '62701' } } }),
    ),
    ok('outside it', (c) =>
      c.call('POST', '/public/validate/address', { payload: { address: { street_number: '1', street: 'Broadway', city: 'New York', state: 'NY', postal_code: '10001' } } }),
    ),
    error(400, 'no ZIP code', (c) => c.call('POST', '/public/validate/address', { payload: { address: { street_number: '1', street: 'Main', city: 'Austin', state: 'TX' } } })),
  ],
  // ---- checkout, addresses, credit and billing invoices (issue 8) --------------------------------------
  createSubscription: [
    ok('the first charge taken; the order, subscription and first visits', (c) => checkout(c), 201),
    error(400, 'no Idempotency-Key', async (c) => c.call('POST', '/subscriptions/new', { token: await c.session(CUSTOMER), payload: { service_id: MOWING } })),
    error(401, 'no token', (c) => c.call('POST', '/subscriptions/new', { headers: { 'idempotency-key': 'contract-no-token' }, payload: {} })),
    error(403, 'a vendor', async (c) => checkout(c, {}, await c.session(VENDOR))),
    error(404, "another customer's address", async (c) => checkout(c, { address_id: demoId('address:customer-austin') }, await c.session(NEWCUSTOMER))),
  ],
  getOrder: [
    ok('the order of a checkout', async (c) => c.call('GET', `/services/order/${(await checkedOut(c)).order._id}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/services/order/nope', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/services/order/${SOME_ID}`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/services/order/${SOME_ID}`, { token: await c.session(VENDOR) })),
    error(404, "another customer's order", async (c) => c.call('GET', `/services/order/${(await checkedOut(c)).order._id}`, { token: await c.session(NEWCUSTOMER) })),
  ],
  updateCustomer: [
    ok('a new customer skips the set-up', async (c) =>
      c.call('PUT', `/customers/update/${demoId('account:newcustomer')}`, { token: await c.session(NEWCUSTOMER), payload: { meta: { skipOnboarding: true, initialSetup: true } } }),
    ),
    error(400, 'an empty change', async (c) => c.call('PUT', `/customers/update/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/customers/update/${DEMO_BOOKINGS.customer}`, { payload: { first_name: 'Pat' } })),
    error(403, 'a customer changing its own status', async (c) =>
      c.call('PUT', `/customers/update/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER), payload: { status: 'inactive' } }),
    ),
    error(404, 'another customer', async (c) => c.call('PUT', `/customers/update/${DEMO_BOOKINGS.customer}`, { token: await c.session(NEWCUSTOMER), payload: { first_name: 'Pat' } })),
  ],
  getCustomer: [
    ok('the customer itself', async (c) => c.call('GET', `/customers/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/customers/nope', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/customers/${DEMO_BOOKINGS.customer}`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/customers/${DEMO_BOOKINGS.customer}`, { token: await c.session(VENDOR) })),
    error(404, 'another customer', async (c) => c.call('GET', `/customers/${DEMO_BOOKINGS.customer}`, { token: await c.session(NEWCUSTOMER) })),
  ],
  updateAccountAddress: [
    ok('an address in the service area added', async (c) =>
      c.call('PUT', `/account/update-address/${NEWCUSTOMER_ID}`, {
        token: await c.session(NEWCUSTOMER),
        payload: { account_type: 'customer', address: { street_number: '5', street: 'Blake Street', city: 'Denver', state: 'CO', postal_code: '80205' } },
      }),
    ),
    error(400, 'outside the service area', async (c) =>
      c.call('PUT', `/account/update-address/${NEWCUSTOMER_ID}`, {
        token: await c.session(NEWCUSTOMER),
        payload: { account_type: 'customer', address: { street_number: '1', street: 'Broadway', city: 'New York', state: 'NY', postal_code: '10001' } },
      }),
    ),
    error(401, 'no token', (c) => c.call('PUT', `/account/update-address/${NEWCUSTOMER_ID}`, { payload: {} })),
    error(404, "another person's account", async (c) =>
      c.call('PUT', `/account/update-address/${DEMO_BOOKINGS.customer}`, {
        token: await c.session(NEWCUSTOMER),
        payload: { account_type: 'customer', address: { street_number: '5', street: 'Blake Street', city: 'Denver', state: 'CO', postal_code: '80205' } },
      }),
    ),
  ],
  deleteAccountAddress: [
    ok('an address no subscription serves', async (c) =>
      c.call('PUT', `/account/delete-address/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER), payload: { account_type: 'customer', address_id: await freshAddress(c) } }),
    ),
    error(400, 'no address named', async (c) => c.call('PUT', `/account/delete-address/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER), payload: { account_type: 'customer' } })),
    error(401, 'no token', (c) => c.call('PUT', `/account/delete-address/${DEMO_BOOKINGS.customer}`, { payload: {} })),
    error(404, 'an address the account does not have', async (c) =>
      c.call('PUT', `/account/delete-address/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER), payload: { account_type: 'customer', address_id: SOME_ID } }),
    ),
    error(409, 'the address a subscription serves', async (c) =>
      c.call('PUT', `/account/delete-address/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER), payload: { account_type: 'customer', address_id: demoId('address:customer') } }),
    ),
  ],
  getCreditLedger: [
    ok("a customer's balance (super)", async (c) => c.call('GET', `/admin/credit/${DEMO_BOOKINGS.customer}`, { token: await c.session(SUPER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/admin/credit/nope', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', `/admin/credit/${DEMO_BOOKINGS.customer}`)),
    error(403, 'a customer', async (c) => c.call('GET', `/admin/credit/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER) })),
    error(404, 'no such customer', async (c) => c.call('GET', `/admin/credit/${SOME_ID}`, { token: await c.session(SUPER) })),
  ],
  createCreditAdjustment: [
    ok(
      'a credit of $5',
      async (c) =>
        c.call('POST', `/admin/credit/${DEMO_BOOKINGS.customer}`, {
          token: await c.session(SUPER),
          headers: { 'idempotency-key': `contract-${newId()}` },
          payload: { amount: -500, description: 'Goodwill', currency: 'usd' },
        }),
      201,
    ),
    error(400, 'zero', async (c) =>
      c.call('POST', `/admin/credit/${DEMO_BOOKINGS.customer}`, { token: await c.session(SUPER), headers: { 'idempotency-key': 'contract-zero-1' }, payload: { amount: 0, description: 'x', currency: 'usd' } }),
    ),
    error(401, 'no token', (c) => c.call('POST', `/admin/credit/${DEMO_BOOKINGS.customer}`, { headers: { 'idempotency-key': 'contract-nobody' }, payload: {} })),
    error(403, 'a customer', async (c) =>
      c.call('POST', `/admin/credit/${DEMO_BOOKINGS.customer}`, { token: await c.session(CUSTOMER), headers: { 'idempotency-key': 'contract-cust-1' }, payload: { amount: -5, description: 'x', currency: 'usd' } }),
    ),
    error(404, 'no such customer', async (c) =>
      c.call('POST', `/admin/credit/${SOME_ID}`, { token: await c.session(SUPER), headers: { 'idempotency-key': 'contract-none-1' }, payload: { amount: -5, description: 'x', currency: 'usd' } }),
    ),
  ],
  listSubscriptionInvoices: [
    ok('the invoices of a subscription and the upcoming one', async (c) => {
      const sub = (await checkedOut(c)).subscription._id as string;
      return c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/invoice/list/${sub}`, { token: await c.session(CUSTOMER) });
    }),
    error(400, 'a malformed id', async (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/invoice/list/nope`, { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/invoice/list/${DEMO_BOOKINGS.subscription}`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/invoice/list/${DEMO_BOOKINGS.subscription}`, { token: await c.session(VENDOR) })),
    error(404, "another customer's", async (c) =>
      c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/invoice/list/${DEMO_BOOKINGS.subscription}`, { token: await c.session(NEWCUSTOMER) }),
    ),
  ],
  listInvoices: [
    ok("the customer's invoices", async (c) => c.call('GET', '/invoices', { token: await c.session(CUSTOMER) })),
    ok("the organization's invoices", async (c) => {
      await orgInvoice(c, false);
      return c.call('GET', '/invoices', { token: await c.session(ORGANIZATION) });
    }),
    error(400, 'a page size of 0', async (c) => c.call('GET', '/invoices?pageSize=0', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/invoices')),
    error(403, 'a vendor', async (c) => c.call('GET', '/invoices', { token: await c.session(VENDOR) })),
  ],
  getInvoice: [
    ok('the receipt of the checkout charge', async (c) => {
      const sub = (await checkedOut(c)).subscription._id as string;
      const [cycle] = await c.server.db.select().from(billingCycles).where(eq(billingCycles.subscriptionId, sub));
      return c.call('GET', `/invoice/${cycle!.id}`, { token: await c.session(CUSTOMER) });
    }),
    ok('a manual invoice, to its organization', async (c) => c.call('GET', `/invoice/${await orgInvoice(c)}`, { token: await c.session(ORGANIZATION) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/invoice/nope', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/invoice/${SOME_ID}`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/invoice/${SOME_ID}`, { token: await c.session(VENDOR) })),
    error(404, 'no such invoice', async (c) => c.call('GET', `/invoice/${SOME_ID}`, { token: await c.session(CUSTOMER) })),
  ],
  createInvoice: [
    ok(
      'organization@ writes a draft to a customer it serves',
      async (c) => c.call('POST', '/invoice/new', { token: await c.session(ORGANIZATION), payload: { customer_id: DEMO_BOOKINGS.customer, lines: INVOICE_LINES, tax_rate_bps: 825 } }),
      201,
    ),
    error(400, 'a zero total', async (c) =>
      c.call('POST', '/invoice/new', { token: await c.session(ORGANIZATION), payload: { customer_id: DEMO_BOOKINGS.customer, lines: [{ description: 'x', quantity: 1, unit_amount: 0 }] } }),
    ),
    error(401, 'no token', (c) => c.call('POST', '/invoice/new', { payload: { customer_id: DEMO_BOOKINGS.customer, lines: INVOICE_LINES } })),
    error(403, 'a customer', async (c) => c.call('POST', '/invoice/new', { token: await c.session(CUSTOMER), payload: { customer_id: DEMO_BOOKINGS.customer, lines: INVOICE_LINES } })),
    error(404, 'a customer the organization does not serve', async (c) =>
      c.call('POST', '/invoice/new', { token: await c.session(ORGANIZATION), payload: { customer_id: NEWCUSTOMER_ID, lines: INVOICE_LINES } }),
    ),
  ],
  updateInvoice: [
    ok('organization@ sends its draft', async (c) => c.call('PUT', `/update/invoice/${await orgInvoice(c, false)}`, { token: await c.session(ORGANIZATION), payload: { send: true } })),
    error(400, 'no change at all', async (c) => c.call('PUT', `/update/invoice/${SOME_ID}`, { token: await c.session(ORGANIZATION), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/update/invoice/${SOME_ID}`, { payload: { send: true } })),
    error(403, 'a customer', async (c) => c.call('PUT', `/update/invoice/${SOME_ID}`, { token: await c.session(CUSTOMER), payload: { send: true } })),
    error(404, 'no such invoice', async (c) => c.call('PUT', `/update/invoice/${SOME_ID}`, { token: await c.session(ORGANIZATION), payload: { send: true } })),
    error(409, 'sending an invoice already sent', async (c) => c.call('PUT', `/update/invoice/${await orgInvoice(c)}`, { token: await c.session(ORGANIZATION), payload: { send: true } })),
  ],
  deleteInvoice: [
    ok('organization@ deletes its draft', async (c) => c.call('PUT', `/invoice/delete/${await orgInvoice(c, false)}`, { token: await c.session(ORGANIZATION) })),
    error(400, 'a malformed id', async (c) => c.call('PUT', '/invoice/delete/nope', { token: await c.session(ORGANIZATION) })),
    error(401, 'no token', (c) => c.call('PUT', `/invoice/delete/${SOME_ID}`)),
    error(403, 'a customer', async (c) => c.call('PUT', `/invoice/delete/${SOME_ID}`, { token: await c.session(CUSTOMER) })),
    error(404, 'no such invoice', async (c) => c.call('PUT', `/invoice/delete/${SOME_ID}`, { token: await c.session(ORGANIZATION) })),
    error(409, 'a paid invoice', async (c) => {
      const id = await orgInvoice(c);
      expect((await payInvoice(c, id)).statusCode).toBe(200);
      return c.call('PUT', `/invoice/delete/${id}`, { token: await c.session(ORGANIZATION) });
    }),
  ],
  payInvoice: [
    ok('customer@ pays with its saved Visa 4242', async (c) => payInvoice(c, await orgInvoice(c))),
    error(400, 'no idempotency key', async (c) => c.call('PUT', `/customer/pay/invoice/${SOME_ID}`, { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/customer/pay/invoice/${SOME_ID}`, { headers: { 'idempotency-key': 'contract-invoice-none' }, payload: {} })),
    error(403, 'the organization', async (c) => payInvoice(c, SOME_ID, ORGANIZATION)),
    error(404, "another customer's invoice", async (c) => payInvoice(c, await orgInvoice(c), NEWCUSTOMER)),
    error(409, 'a paid invoice', async (c) => {
      const id = await orgInvoice(c);
      expect((await payInvoice(c, id)).statusCode).toBe(200);
      return payInvoice(c, id);
    }),
  ],
  declineInvoice: [
    ok('customer@ declines it', async (c) => c.call('PUT', `/customer/decline/invoice/${await orgInvoice(c)}`, { token: await c.session(CUSTOMER), payload: { reason: 'Not agreed' } })),
    error(400, 'an unknown field', async (c) => c.call('PUT', `/customer/decline/invoice/${SOME_ID}`, { token: await c.session(CUSTOMER), payload: { why: 'x' } })),
    error(401, 'no token', (c) => c.call('PUT', `/customer/decline/invoice/${SOME_ID}`, { payload: {} })),
    error(403, 'the organization', async (c) => c.call('PUT', `/customer/decline/invoice/${SOME_ID}`, { token: await c.session(ORGANIZATION), payload: {} })),
    error(404, 'no such invoice', async (c) => c.call('PUT', `/customer/decline/invoice/${SOME_ID}`, { token: await c.session(CUSTOMER), payload: {} })),
    error(409, 'declined twice', async (c) => {
      const id = await orgInvoice(c);
      await c.setup('PUT', `/customer/decline/invoice/${id}`, { token: await c.session(CUSTOMER), payload: {} });
      return c.call('PUT', `/customer/decline/invoice/${id}`, { token: await c.session(CUSTOMER), payload: {} });
    }),
  ],
  // ---- payments: the customer's cards (sandbox provider), the sandbox card form, the Stripe webhook -------
  listBillingSources: [
    ok("the customer's cards", async (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/list`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/customer/not-an-id/billing/list', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/list`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/list`, { token: await c.session(VENDOR) })),
    error(404, "another customer's cards", async (c) =>
      c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/list`, { token: await c.session(NEWCUSTOMER) }),
    ),
  ],
  updateBillingSource: [
    ok('a test card saved through a SetupIntent', async (c) => saveCard(c, 'pm_card_mastercard')),
    error(400, 'a payment method the provider does not know', async (c) => saveCard(c, 'pm_sandbox_unknown')),
    error(401, 'no token', (c) => c.call('POST', `/customer/${NEWCUSTOMER_ID}/billing/update`, { payload: { stripe_src: 'pm_card_visa', customer_id: NEWCUSTOMER_ID } })),
    error(403, 'super (cards are the customer\'s to change)', async (c) =>
      c.call('POST', `/customer/${NEWCUSTOMER_ID}/billing/update`, { token: await c.session(SUPER), payload: { stripe_src: 'pm_card_visa', customer_id: NEWCUSTOMER_ID } }),
    ),
    error(404, "another customer's cards", async (c) =>
      c.call('POST', `/customer/${DEMO_BOOKINGS.customer}/billing/update`, {
        token: await c.session(NEWCUSTOMER),
        payload: { stripe_src: 'pm_card_visa', customer_id: DEMO_BOOKINGS.customer },
      }),
    ),
  ],
  removeBillingSource: [
    ok('a saved card removed', async (c) => {
      const saved = await (await saveCard(c, 'pm_card_visa', { make_default: false })).json() as Json;
      const visa = (saved.items as Json[]).find((card) => !card.is_default && card.brand === 'Visa')!;
      return c.call('PUT', `/customer/${NEWCUSTOMER_ID}/billing/remove`, { token: await c.session(NEWCUSTOMER), payload: { stripe_src_id: visa.stripe_src_id } });
    }),
    error(400, 'no card named', async (c) => c.call('PUT', `/customer/${NEWCUSTOMER_ID}/billing/remove`, { token: await c.session(NEWCUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/customer/${NEWCUSTOMER_ID}/billing/remove`, { payload: { stripe_src_id: 'pm_x' } })),
    error(403, 'a vendor', async (c) => c.call('PUT', `/customer/${NEWCUSTOMER_ID}/billing/remove`, { token: await c.session(VENDOR), payload: { stripe_src_id: 'pm_x' } })),
    error(404, 'a card the customer does not have', async (c) =>
      c.call('PUT', `/customer/${NEWCUSTOMER_ID}/billing/remove`, { token: await c.session(NEWCUSTOMER), payload: { stripe_src_id: 'pm_sandbox_nope' } }),
    ),
    error(409, 'the only card of a customer with an active subscription', async (c) =>
      c.call('PUT', `/customer/${DEMO_BOOKINGS.customer}/billing/remove`, { token: await c.session(CUSTOMER), payload: { stripe_src_id: 'pm_sandbox_demo_customer_visa' } }),
    ),
  ],
  setDefaultBillingSource: [
    ok('the default card', async (c) =>
      c.call('PUT', `/customer/${DEMO_BOOKINGS.customer}/billing/default`, { token: await c.session(CUSTOMER), payload: { stripe_src_id: 'pm_sandbox_demo_customer_visa' } }),
    ),
    error(400, 'no card named', async (c) => c.call('PUT', `/customer/${DEMO_BOOKINGS.customer}/billing/default`, { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/customer/${DEMO_BOOKINGS.customer}/billing/default`, { payload: { stripe_src_id: 'pm_x' } })),
    error(403, 'a vendor', async (c) => c.call('PUT', `/customer/${DEMO_BOOKINGS.customer}/billing/default`, { token: await c.session(VENDOR), payload: { stripe_src_id: 'pm_x' } })),
    error(404, 'a card the customer does not have', async (c) =>
      c.call('PUT', `/customer/${DEMO_BOOKINGS.customer}/billing/default`, { token: await c.session(CUSTOMER), payload: { stripe_src_id: 'pm_sandbox_nope' } }),
    ),
  ],
  getBillingHistory: [
    ok('the charges, newest first', async (c) => {
      await c.server.services.charges.charge({ customerId: DEMO_BOOKINGS.customer, amountCents: 3500, description: 'Lawn mowing', idempotencyKey: `contract-${newId()}` });
      return c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/history`, { token: await c.session(CUSTOMER) });
    }),
    error(400, 'a malformed day', async (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/history?from=yesterday`, { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/history`)),
    error(403, 'a vendor', async (c) => c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/history`, { token: await c.session(VENDOR) })),
    error(404, "another customer's history", async (c) =>
      c.call('GET', `/customer/${DEMO_BOOKINGS.customer}/billing/history`, { token: await c.session(NEWCUSTOMER) }),
    ),
  ],
  createSandboxPaymentMethod: [
    ok(
      'a typed test card',
      async (c) =>
        c.call('POST', '/payments/sandbox/payment-methods', { token: await c.session(CUSTOMER), payload: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' } }),
      201,
    ),
    error(400, 'a number failing the Luhn check', async (c) =>
      c.call('POST', '/payments/sandbox/payment-methods', { token: await c.session(CUSTOMER), payload: { number: '4242 4242 4242 4241', exp_month: 12, exp_year: 2030, cvc: '123' } }),
    ),
    error(401, 'no token', (c) => c.call('POST', '/payments/sandbox/payment-methods', { payload: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } })),
  ],
  receiveStripeWebhook: [
    ok('a signed event (a server configured for Stripe)', async () => withStripeServer((app, payload, signature) => webhook(app, payload, signature))),
    error(400, 'a signature that does not match (a server configured for Stripe)', async () =>
      withStripeServer((app, payload) => webhook(app, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }))),
    ),
    error(404, 'the sandbox has no webhook', async (c) => webhook(c.server.app, STRIPE_EVENT, 't=1,v1=abc')),
  ],
  getTicket: [
    ok('its own', async (c) => c.call('GET', `/tickets/${customerTicket}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/tickets/nope', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/tickets/${customerTicket}`)),
    error(403, 'an affiliate', async (c) => c.call('GET', `/tickets/${customerTicket}`, { token: await c.session(AFFILIATE) })),
    error(404, "another account's", async (c) => c.call('GET', `/tickets/${customerTicket}`, { token: await c.session(VENDOR) })),
  ],
  createTicket: [
    ok('an open ticket', async (c) => c.call('POST', '/tickets', { token: await c.session(CUSTOMER), payload: { subject: 'Hello', comment: 'A question', type: 'general' } }), 201),
    ok('a draft', async (c) => c.call('POST', '/tickets', { token: await c.session(VENDOR), payload: { subject: 'Hello', comment: 'A qu', type: 'general', status: 'draft' } }), 201),
    error(400, 'no subject', async (c) => c.call('POST', '/tickets', { token: await c.session(CUSTOMER), payload: { comment: 'x', type: 'general' } })),
    error(401, 'no token', (c) => c.call('POST', '/tickets', { payload: { subject: 'x', comment: 'x', type: 'general' } })),
    error(403, 'a customer for another account', async (c) =>
      c.call('POST', '/tickets', { token: await c.session(CUSTOMER), payload: { subject: 'x', comment: 'x', type: 'general', account_id: DEMO_BOOKINGS.vendor } })),
    error(404, 'an appointment ticket without an appointment', async (c) =>
      c.call('POST', '/tickets', { token: await c.session(CUSTOMER), payload: { subject: 'x', comment: 'x', type: 'appointment' } })),
  ],
  commentTicket: [
    ok('on its own open ticket', async (c) => c.call('PUT', '/tickets/comment', { token: await c.session(CUSTOMER), payload: { ticket_id: customerTicket, comment: 'Any news?' } })),
    error(400, 'an empty comment', async (c) => c.call('PUT', '/tickets/comment', { token: await c.session(CUSTOMER), payload: { ticket_id: customerTicket, comment: '' } })),
    error(401, 'no token', (c) => c.call('PUT', '/tickets/comment', { payload: { ticket_id: customerTicket, comment: 'x' } })),
    error(403, 'an affiliate', async (c) => c.call('PUT', '/tickets/comment', { token: await c.session(AFFILIATE), payload: { ticket_id: customerTicket, comment: 'x' } })),
    error(404, "another account's", async (c) => c.call('PUT', '/tickets/comment', { token: await c.session(VENDOR), payload: { ticket_id: customerTicket, comment: 'x' } })),
    error(409, 'a closed ticket', async (c) => c.call('PUT', '/tickets/comment', { token: await c.session(CUSTOMER), payload: { ticket_id: closedTicket, comment: 'x' } })),
  ],
  setTicketStatus: [
    ok('support closes a ticket', async (c) => {
      const t = await c.setup('POST', '/tickets', { token: await c.session(CUSTOMER), payload: { subject: 'Close me', comment: 'x', type: 'general' } });
      return c.call('PUT', '/tickets', { token: await c.session(SUPER), payload: { ticket_id: t._id, status: 'closed' } });
    }),
    error(400, 'an unknown status', async (c) => c.call('PUT', '/tickets', { token: await c.session(SUPER), payload: { ticket_id: customerTicket, status: 'gone' } })),
    error(401, 'no token', (c) => c.call('PUT', '/tickets', { payload: { ticket_id: customerTicket, status: 'closed' } })),
    error(403, 'an affiliate', async (c) => c.call('PUT', '/tickets', { token: await c.session(AFFILIATE), payload: { ticket_id: customerTicket, status: 'closed' } })),
    error(404, "another account's", async (c) => c.call('PUT', '/tickets', { token: await c.session(VENDOR), payload: { ticket_id: customerTicket, status: 'closed' } })),
    error(409, 'reopening a closed ticket', async (c) => c.call('PUT', '/tickets', { token: await c.session(SUPER), payload: { ticket_id: closedTicket, status: 'open' } })),
  ],
  updateTicket: [
    ok('the priority', async (c) => c.call('PUT', `/tickets/${customerTicket}`, { token: await c.session(SUPER), payload: { priority: 'high' } })),
    error(400, 'an empty body', async (c) => c.call('PUT', `/tickets/${customerTicket}`, { token: await c.session(SUPER), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/tickets/${customerTicket}`, { payload: { priority: 'low' } })),
    error(403, 'an affiliate', async (c) => c.call('PUT', `/tickets/${customerTicket}`, { token: await c.session(AFFILIATE), payload: { priority: 'low' } })),
    error(404, "another account's", async (c) => c.call('PUT', `/tickets/${customerTicket}`, { token: await c.session(VENDOR), payload: { priority: 'low' } })),
    error(409, 'a closed ticket', async (c) => c.call('PUT', `/tickets/${closedTicket}`, { token: await c.session(SUPER), payload: { priority: 'low' } })),
  ],
  listTicketResponses: [
    ok('the saved replies', async (c) => c.call('GET', '/tickets/responses', { token: await c.session(SUPER) })),
    error(400, 'an unknown type', async (c) => c.call('GET', '/tickets/responses?type=gone', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', '/tickets/responses')),
    error(403, 'a customer', async (c) => c.call('GET', '/tickets/responses', { token: await c.session(CUSTOMER) })),
  ],
  getTicketCommentDraft: [
    ok('its own (empty)', async (c) => c.call('GET', `/tickets/${customerTicket}/draft-comment`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/tickets/nope/draft-comment', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/tickets/${customerTicket}/draft-comment`)),
    error(403, 'an affiliate', async (c) => c.call('GET', `/tickets/${customerTicket}/draft-comment`, { token: await c.session(AFFILIATE) })),
    error(404, "another account's", async (c) => c.call('GET', `/tickets/${customerTicket}/draft-comment`, { token: await c.session(VENDOR) })),
  ],
  saveTicketCommentDraft: [
    ok('as the customer types', async (c) => c.call('PUT', `/tickets/${customerTicket}/draft-comment`, { token: await c.session(CUSTOMER), payload: { comment: 'I wonder' } })),
    error(400, 'no comment', async (c) => c.call('PUT', `/tickets/${customerTicket}/draft-comment`, { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', `/tickets/${customerTicket}/draft-comment`, { payload: { comment: 'x' } })),
    error(403, 'an affiliate', async (c) => c.call('PUT', `/tickets/${customerTicket}/draft-comment`, { token: await c.session(AFFILIATE), payload: { comment: 'x' } })),
    error(404, "another account's", async (c) => c.call('PUT', `/tickets/${customerTicket}/draft-comment`, { token: await c.session(VENDOR), payload: { comment: 'x' } })),
  ],  // ---- media -----------------------------------------------------------------------------------------
  getUploadUrl: [
    ok('a ticket photo', async (c) => c.call('PUT', '/media/upload/getUrl', { token: await c.session(CUSTOMER), payload: photoRequest })),
    error(400, 'a pdf for a ticket', async (c) =>
      c.call('PUT', '/media/upload/getUrl', { token: await c.session(CUSTOMER), payload: { ...photoRequest, file: { name: 'a.pdf', type: 'application/pdf', size: 10 } } })),
    error(401, 'no token', (c) => c.call('PUT', '/media/upload/getUrl', { payload: photoRequest })),
  ],
  getUploadUrlForAccount: [
    ok('support, for a vendor', async (c) =>
      c.call('PUT', '/media/upload/getUrlForAccount', { token: await c.session(SUPER), payload: { data: { purpose: 'document', account_id: DEMO_BOOKINGS.vendor }, file: photoRequest.file } })),
    error(400, 'no account', async (c) => c.call('PUT', '/media/upload/getUrlForAccount', { token: await c.session(SUPER), payload: { data: { purpose: 'document' }, file: photoRequest.file } })),
    error(401, 'no token', (c) => c.call('PUT', '/media/upload/getUrlForAccount', { payload: photoRequest })),
    error(403, 'a customer', async (c) =>
      c.call('PUT', '/media/upload/getUrlForAccount', { token: await c.session(CUSTOMER), payload: { data: { purpose: 'document', account_id: DEMO_BOOKINGS.vendor }, file: photoRequest.file } })),
    error(404, 'an unknown account', async (c) =>
      c.call('PUT', '/media/upload/getUrlForAccount', { token: await c.session(SUPER), payload: { data: { purpose: 'document', account_id: 'f'.repeat(24) }, file: photoRequest.file } })),
  ],
  uploadMedia: [
    ok('a png to its address', async (c) => uploadPhoto(c, await c.session(CUSTOMER)), 201),
    error(400, 'text named .png', async (c) => uploadPhoto(c, await c.session(CUSTOMER), new TextEncoder().encode('not an image'))),
    error(401, 'no token', (c) => c.server.app.inject({ method: 'POST', url: '/api/media/upload', payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x' } })),
    error(403, 'a forged signature', async (c) => uploadPhoto(c, await c.session(CUSTOMER), undefined, { signature: 'f'.repeat(64) })),
  ],
  getMedia: [
    ok("the demo ticket's photo", async (c) => c.call('GET', `/media/one/${demoPhoto}`, { token: await c.session(CUSTOMER) })),
    error(400, 'a malformed id', async (c) => c.call('GET', '/media/one/nope', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/media/one/${demoPhoto}`)),
    error(404, "another customer's", async (c) => c.call('GET', `/media/one/${demoPhoto}`, { token: await c.session(VENDOR) })),
  ],
  createReview: [
    ok('the customer reviews a completed visit', async (c) => c.call('POST', '/review', { token: await c.session(CUSTOMER), payload: { appointment_id: demoId('appointment:customer-past-4'), rating: 5 } }), 201),
    error(400, 'a rating of 6', async (c) => c.call('POST', '/review', { token: await c.session(CUSTOMER), payload: { appointment_id: demoId('appointment:customer-past-3'), rating: 6 } })),
    error(401, 'no token', (c) => c.call('POST', '/review', { payload: { appointment_id: demoId('appointment:customer-past-3'), rating: 5 } })),
    error(403, 'the vendor', async (c) => c.call('POST', '/review', { token: await c.session(VENDOR), payload: { appointment_id: demoId('appointment:customer-past-3'), rating: 5 } })),
    error(404, "another customer's visit", async (c) =>
      c.call('POST', '/review', { token: await c.session(NEWCUSTOMER), payload: { appointment_id: demoId('appointment:customer-past-3'), rating: 5 } }),
    ),
    error(409, 'a visit reviewed already', async (c) => c.call('POST', '/review', { token: await c.session(CUSTOMER), payload: { appointment_id: demoId('appointment:customer-past-2'), rating: 5 } })),
  ],
  getAppointmentReview: [
    ok("a visit's review", async (c) => c.call('GET', `/review?appointment_id=${demoId('appointment:customer-past-2')}`, { token: await c.session(VENDOR) })),
    error(400, 'no appointment_id', async (c) => c.call('GET', '/review', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', `/review?appointment_id=${demoId('appointment:customer-past-2')}`)),
    error(403, 'an affiliate', async (c) => c.call('GET', `/review?appointment_id=${demoId('appointment:customer-past-2')}`, { token: await c.session(AFFILIATE) })),
    error(404, "another customer's visit", async (c) => c.call('GET', `/review?appointment_id=${demoId('appointment:customer-past-2')}`, { token: await c.session(NEWCUSTOMER) })),
  ],
  listAppointmentImages: [
    ok('every visit photo', async (c) => c.call('GET', '/admin/appointment-images', { token: await c.session(SUPER) })),
    error(400, 'a page of 0', async (c) => c.call('GET', '/admin/appointment-images?page=0', { token: await c.session(SUPER) })),
    error(401, 'no token', (c) => c.call('GET', '/admin/appointment-images')),
    error(403, 'the vendor', async (c) => c.call('GET', '/admin/appointment-images', { token: await c.session(VENDOR) })),
  ],
  getMediaFile: [
    ok("the demo ticket's photo", async (c) => c.call('GET', `/media/file?key=${encodeURIComponent('demo/driveway.png')}`, { token: await c.session(CUSTOMER) })),
    error(400, 'no key', async (c) => c.call('GET', '/media/file', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/media/file?key=demo%2Fdriveway.png')),
    error(404, "another customer's", async (c) => c.call('GET', '/media/file?key=demo%2Fdriveway.png', { token: await c.session(VENDOR) })),
  ],
  deleteMediaFile: [
    ok('an unsent upload', async (c) => {
      const token = await c.session(CUSTOMER);
      const stored = (await uploadPhoto(c, token)).json() as Json;
      return c.call('PUT', '/media/file/delete', { token, payload: { key: stored.key } });
    }),
    error(400, 'no key', async (c) => c.call('PUT', '/media/file/delete', { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('PUT', '/media/file/delete', { payload: { key: 'demo/driveway.png' } })),
    error(403, 'a sent photo, by its customer', async (c) => c.call('PUT', '/media/file/delete', { token: await c.session(CUSTOMER), payload: { key: 'demo/driveway.png' } })),
    error(404, "another customer's", async (c) => c.call('PUT', '/media/file/delete', { token: await c.session(VENDOR), payload: { key: 'demo/driveway.png' } })),
  ],  // ---- the assistant ---------------------------------------------------------------------------------
  replyToBot: [
    ok('a question', async (c) => c.call('POST', '/bot/reply-to-bot', { token: await c.session(CUSTOMER), payload: { message: 'When is my next visit?' } })),
    error(400, 'an empty message', async (c) => c.call('POST', '/bot/reply-to-bot', { token: await c.session(CUSTOMER), payload: { message: '' } })),
    error(401, 'no token', (c) => c.call('POST', '/bot/reply-to-bot', { payload: { message: 'hi' } })),
    error(403, 'super (no chat help in the admin area)', async (c) => c.call('POST', '/bot/reply-to-bot', { token: await c.session(SUPER), payload: { message: 'hi' } })),
    error(404, "another user's conversation", async (c) => c.call('POST', '/bot/reply-to-bot', { token: await c.session(VENDOR), payload: { taskId: await botTask(c), message: 'hi' } })),
    error(409, 'an ended conversation', async (c) => {
      const token = await c.session(CUSTOMER);
      const taskId = await botTask(c);
      await c.setup('POST', '/bot/cancel-conversation', { token, payload: { taskId } });
      return c.call('POST', '/bot/reply-to-bot', { token, payload: { taskId, message: 'hi' } });
    }),
  ],
  getBotConversationStatus: [
    ok('its own', async (c) => c.call('GET', `/bot/conversation-status?taskId=${await botTask(c)}`, { token: await c.session(CUSTOMER) })),
    error(400, 'no task id', async (c) => c.call('GET', '/bot/conversation-status', { token: await c.session(CUSTOMER) })),
    error(401, 'no token', (c) => c.call('GET', '/bot/conversation-status?taskId=x')),
    error(403, 'super', async (c) => c.call('GET', '/bot/conversation-status?taskId=x', { token: await c.session(SUPER) })),
    error(404, "another user's", async (c) => c.call('GET', `/bot/conversation-status?taskId=${await botTask(c)}`, { token: await c.session(VENDOR) })),
  ],
  cancelBotConversation: [
    ok('its own', async (c) => c.call('POST', '/bot/cancel-conversation', { token: await c.session(CUSTOMER), payload: { taskId: await botTask(c) } })),
    error(400, 'no task id', async (c) => c.call('POST', '/bot/cancel-conversation', { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('POST', '/bot/cancel-conversation', { payload: { taskId: 'x' } })),
    error(403, 'super', async (c) => c.call('POST', '/bot/cancel-conversation', { token: await c.session(SUPER), payload: { taskId: 'x' } })),
    error(404, "another user's", async (c) => c.call('POST', '/bot/cancel-conversation', { token: await c.session(VENDOR), payload: { taskId: await botTask(c) } })),
    error(409, 'twice', async (c) => {
      const token = await c.session(CUSTOMER);
      const taskId = await botTask(c);
      await c.setup('POST', '/bot/cancel-conversation', { token, payload: { taskId } });
      return c.call('POST', '/bot/cancel-conversation', { token, payload: { taskId } });
    }),
  ],
  cancelBotConversationTask: [
    ok('the pending ticket offer', async (c) => c.call('POST', '/bot/cancel-conversation-task', { token: await c.session(CUSTOMER), payload: { taskId: await botTask(c, 'Weird noise from the mower') } })),
    error(400, 'no task id', async (c) => c.call('POST', '/bot/cancel-conversation-task', { token: await c.session(CUSTOMER), payload: {} })),
    error(401, 'no token', (c) => c.call('POST', '/bot/cancel-conversation-task', { payload: { taskId: 'x' } })),
    error(403, 'super', async (c) => c.call('POST', '/bot/cancel-conversation-task', { token: await c.session(SUPER), payload: { taskId: 'x' } })),
    error(404, "another user's", async (c) => c.call('POST', '/bot/cancel-conversation-task', { token: await c.session(VENDOR), payload: { taskId: await botTask(c) } })),
    error(409, 'nothing pending', async (c) => c.call('POST', '/bot/cancel-conversation-task', { token: await c.session(CUSTOMER), payload: { taskId: await botTask(c) } })),
  ],
  promptBotConversationResponse: [
    ok('no to the ticket offer', async (c) =>
      c.call('POST', '/bot/prompt-conversation-response', { token: await c.session(CUSTOMER), payload: { taskId: await botTask(c, 'Weird noise'), response: 'no' } })),
    error(400, 'no response', async (c) => c.call('POST', '/bot/prompt-conversation-response', { token: await c.session(CUSTOMER), payload: { taskId: 'x' } })),
    error(401, 'no token', (c) => c.call('POST', '/bot/prompt-conversation-response', { payload: { taskId: 'x', response: 'y' } })),
    error(403, 'super', async (c) => c.call('POST', '/bot/prompt-conversation-response', { token: await c.session(SUPER), payload: { taskId: 'x', response: 'y' } })),
    error(404, "another user's", async (c) =>
      c.call('POST', '/bot/prompt-conversation-response', { token: await c.session(VENDOR), payload: { taskId: await botTask(c), response: 'yes' } })),
    error(409, 'nothing asked', async (c) =>
      c.call('POST', '/bot/prompt-conversation-response', { token: await c.session(CUSTOMER), payload: { taskId: await botTask(c), response: 'yes' } })),
  ],
  generateReviews: [
    ok('recently served customers', async (c) => c.call('PUT', '/bot/call/generate-reviews', { token: await c.session(SUPER), payload: {} })),
    error(400, 'an unknown field', async (c) => c.call('PUT', '/bot/call/generate-reviews', { token: await c.session(SUPER), payload: { all: true } })),
    error(401, 'no token', (c) => c.call('PUT', '/bot/call/generate-reviews', { payload: {} })),
    error(403, 'a customer', async (c) => c.call('PUT', '/bot/call/generate-reviews', { token: await c.session(CUSTOMER), payload: {} })),
  ],
};

/** A new conversation of customer@ (the message decides whether a ticket is offered). */
const botTask = async (c: Ctx, message = 'hello'): Promise<string> =>
  String((await c.setup('POST', '/bot/reply-to-bot', { token: await c.session(CUSTOMER), payload: { message } })).taskId);

const photoRequest = { data: { purpose: 'ticket' }, file: { name: 'lawn.png', type: 'image/png', size: 130 } } as const;
const demoPhoto = demoId('media:lawn-photo');
/** Asks for an upload address and posts `file` (the demo png by default) to it as multipart/form-data. */
const uploadPhoto = async (c: Ctx, token: string, file: Uint8Array = DEMO_LAWN_PHOTO, fields: Record<string, string> = {}) => {
  const issued = await c.setup('PUT', '/media/upload/getUrl', { token, payload: photoRequest });
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...issued.fields, ...fields })) form.append(k, String(v));
  form.append('file', new Blob([new Uint8Array(file)]), 'lawn.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return c.server.app.inject({ method: 'POST', url: '/api/media/upload', payload, headers: { ...bearer(token), 'content-type': request.headers.get('content-type')! } });
};

// ---- the server and the helpers ------------------------------------------------------------------

let server: TestServer;
let ctx: Ctx;
const checkers = new Map<string, ResponseCheck>();

beforeAll(async () => {
  server = await startTestServer();
  // OTHER_ORGANIZATION (pending-organization@) is "another organization" here: approved, so its calls reach the
  // ownership checks (an organization awaiting approval: tests/server/pending-organization.test.ts).
  await approvePendingOrganization(server.app);
  let serial = 0;
  const sessions = new Map<string, Promise<string>>();
  // Every request comes from its own address: this file sends hundreds of refused sign-ins, codes and
  // resets on purpose, which the limits per client address (server/services/rate-limit.ts) would
  // otherwise answer with 429. Those limits have their own test (tests/server/client-limits.test.ts).
  let address = 0;
  const remoteAddress = () => `198.18.${(address >> 8) & 255}.${address++ & 255}`;
  const call: Ctx['call'] = (method, url, { payload, token, headers = {}, from } = {}) =>
    server.app.inject({
      method,
      url: `/api${url}`,
      remoteAddress: from ?? remoteAddress(),
      ...(payload ? { payload } : {}),
      headers: { ...(token ? bearer(token) : {}), ...headers },
    });
  const setup: Ctx['setup'] = async (method, url, options) => {
    const res = await call(method, url, options);
    if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`setup ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.body ? (res.json() as Json) : {};
  };
  const uniqueEmail = (tag: string) => `${tag}-${++serial}@contract.test`;
  ctx = {
    server,
    call,
    setup,
    login: (email, password) => login(server.app, email, password),
    session: (email) => {
      let token = sessions.get(email);
      if (!token) sessions.set(email, (token = login(server.app, email)));
      return token;
    },
    uniqueEmail,
    // +1 and ten digits; the seed uses +1555555xxxx.
    uniquePhone: () => `+1555666${String(++serial).padStart(4, '0')}`,
    async freshUser(tag, { temporaryPassword = false } = {}) {
      const email = uniqueEmail(tag);
      const password = 'contract-pass-1';
      const body = await setup('POST', '/auth/register', { payload: { email, first_name: 'Fresh', last_name: 'User', password } });
      const userId = String(body.userData._id);
      if (temporaryPassword) await server.db.update(users).set({ temporaryPassword: true }).where(eq(users.id, userId));
      return { email, password, userId, token: String(body.token) };
    },
    async lastMessage(to) {
      const messages = await server.services.outbox.list(to);
      const last = messages.at(-1);
      if (!last) throw new Error(`no message was sent to ${to}`);
      return last;
    },
    async repeat(times, status, request) {
      for (let i = 0; i < times; i++) {
        const res = await request();
        if (res.statusCode !== status) throw new Error(`attempt ${i + 1}: expected ${status}, got ${res.statusCode} ${res.body}`);
      }
    },
  };
});
afterAll(() => server?.close());

const operationOf = (id: string): ContractOperation => {
  const op = server.operations.find((o) => o.operationId === id);
  if (!op) throw new Error(`'${id}' is not an operation of openapi/`);
  return op;
};
const checkerOf = (op: ContractOperation): ResponseCheck => {
  let check = checkers.get(op.operationId);
  if (!check) checkers.set(op.operationId, (check = responseChecker(op)));
  return check;
};
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The declared response for a status (exact, then 2XX-style, then default). */
const declaredResponse = (op: ContractOperation, status: number): JsonObject | undefined => {
  const responses = isObject(op.spec.responses) ? op.spec.responses : {};
  const found = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return isObject(found) ? found : undefined;
};

/** `/notification/{id}/read` → a pattern for the request url `/api/notification/<id>/read?…`. */
const urlPattern = (path: string) =>
  new RegExp(`^/api${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/?]+')}(\\?.*)?$`);

const implemented = [...allOperations().keys()];

describe('the contract examples cover every implemented operation', () => {
  it('every implemented operation has an entry in EXAMPLES', () => {
    const missing = implemented.filter((id) => !(id in EXAMPLES));
    expect(missing, `implemented operations without a contract example — add them to EXAMPLES: ${missing.join(', ')}`).toEqual([]);
  });

  it('every entry of EXAMPLES is an implemented operation', () => {
    const stray = Object.keys(EXAMPLES).filter((id) => !implemented.includes(id));
    expect(stray, `EXAMPLES entries for operations that are not implemented: ${stray.join(', ')}`).toEqual([]);
  });

  it('every entry has a success (2xx) example, and every error example is a 4xx the contract declares', () => {
    const problems: string[] = [];
    for (const [id, examples] of Object.entries(EXAMPLES)) {
      const op = operationOf(id);
      if (!examples.some((e) => e.status >= 200 && e.status < 300)) problems.push(`${id}: no 2xx example`);
      for (const e of examples) {
        if (!declaredResponse(op, e.status)) problems.push(`${id}: ${e.status} (${e.what}) is not declared in openapi/`);
        if (e.status >= 300 && (e.status < 400 || e.status >= 500)) problems.push(`${id}: ${e.status} (${e.what}) is neither a success nor a 4xx`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('every response of every implemented operation matches openapi/', () => {
  for (const [id, examples] of Object.entries(EXAMPLES)) {
    describe(id, () => {
      for (const example of examples) {
        it(`${example.status} ${example.what}`, async () => {
          const op = operationOf(id);
          const res = await example.run(ctx);
          const request = `${res.raw.req.method} ${res.raw.req.url}`;

          // The example addressed this operation.
          expect(res.raw.req.method, `${id}: the request ${request} is not ${op.method.toUpperCase()} ${op.path}`).toBe(op.method.toUpperCase());
          expect(res.raw.req.url, `${id}: the request ${request} is not ${op.method.toUpperCase()} ${op.path}`).toMatch(urlPattern(op.path));

          const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : undefined;
          const json = contentType?.includes('application/json') && res.body ? (res.json() as Json) : undefined;
          // The harness replaces a response that breaks the contract with a 500 contract_violation.
          if (json?.code === 'contract_violation') expect.fail(`${request}: ${String(json.message)}`);
          expect(res.statusCode, `${request} answered ${res.statusCode} ${res.body}`).toBe(example.status);
          expect(checkerOf(op)(res.statusCode, contentType, res.body), `${request}: responseChecker`).toBeNull();

          // A declared JSON body is sent as JSON (the checker lets a missing body through).
          const declared = declaredResponse(op, res.statusCode);
          const content = declared && isObject(declared.content) ? declared.content : undefined;
          if (content?.['application/json']) {
            // responseChecker lets an empty or non-JSON body through; openapi/ promises a JSON body here.
            expect(contentType ?? '(none)', `${request}: openapi/ declares a JSON body for ${res.statusCode}; content-type`).toMatch(/^application\/json/);
            expect(json, `${request}: openapi/ declares a JSON body for ${res.statusCode}; got '${res.body}'`).toBeDefined();
          } else if (content && Object.keys(content).length) {
            // A declared binary body (a stored file): one of the declared types, and not empty.
            expect(Object.keys(content), `${request}: content-type ${contentType ?? '(none)'} is declared`).toContain((contentType ?? '').split(';')[0]);
            expect(res.rawPayload.length, `${request}: openapi/ declares a body for ${res.statusCode}`).toBeGreaterThan(0);
          } else if (op.method !== 'head') {
            expect(res.body, `${request}: openapi/ declares no body for ${res.statusCode}`).toBe('');
          }
          // An empty list would prove nothing about its items.
          if (Array.isArray(json)) expect(json.length, `${request}: the example should answer a non-empty list`).toBeGreaterThan(0);
          if (res.statusCode >= 400) {
            // The bot calls also nest the message (bookings §8: the SPA reads the nested error field).
            const nested = op.tag === 'bot' && json && 'error' in json ? { error: { message: json.message } } : {};
            expect(json, `${request}: an error body`).toEqual({ message: expect.any(String), code: expect.any(String), ...nested });
          }

          // Declared headers are sent; x-api-version on every response.
          const headers = declared && isObject(declared.headers) ? Object.keys(declared.headers) : [];
          for (const name of headers) expect(res.headers[name.toLowerCase()], `${request}: header ${name}`).toBeDefined();
          if (res.statusCode < 300) expect(headers, `${id}: openapi/ declares x-api-version on ${res.statusCode}`).toContain('x-api-version');
          expect(res.headers['x-api-version'], `${request}: x-api-version`).toBe(server.config.apiVersion);
        });
      }
    });
  }
});
