/**
 * The server enforces organization approval (issue 21 §2; accounts §1 "A new organization must be approved before
 * use", §4). Until super approves it, an organization can only finish onboarding and wait: it cannot invite, claim
 * an area, set hours, read customers or invoice; its vendors are not offered to customers. A vendor who has not
 * claimed the account or finished onboarding is never offered a visit; an organization reads and edits only the
 * customers it actually serves and only what the visit needs; the public next free time names no vendor.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, organizationZipCodes, users, vendorOrganizations } from '../../server/db/schema';
import { DEMO_BOOKINGS, demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PENDING = demoId('account:pending-organization');
const APPROVED = demoId('account:organization');
const VENDOR2 = demoId('account:vendor2');
const WAITING = { code: 'organization_pending_approval', message: 'Your organization is waiting for approval: until then it can only finish onboarding.' };

let server: TestServer;
let pending: Record<string, string>;
let customer: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  pending = bearer(await login(server.app, 'pending-organization@tendwell.test'));
  customer = bearer(await login(server.app, 'customer@tendwell.test'));
  admin = bearer(await login(server.app, 'super@tendwell.test'));
  // vendor2@ (onboarded, with working hours) joined the pending organization before this fix: a vendor it invited then.
  await server.db.update(vendorOrganizations).set({ organizationAccountId: PENDING }).where(eq(vendorOrganizations.vendorAccountId, VENDOR2));
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
/** vendor2@'s free start times on a Tuesday it works (the seed's hours), asked by `who`. */
const vendor2Slots = async (who: Record<string, string>) => {
  const res = await call('GET', `/appointments/availablity/day?requested_day=2026-06-02&vendor_id=${VENDOR2}&duration=60`, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.slots as Json[]).length;
};

describe('a pending organization only finishes onboarding and waits', () => {
  it('the review\'s requests — invite, area, hours, customers, invoice — are refused with 403 and change nothing', async () => {
    const refused = [
      await call('POST', `/organization/${PENDING}/vendors`, pending, { first_name: 'Ivy', last_name: 'Invite', email: 'ivy.invite@example.test' }),
      await call('PUT', `/organization/${PENDING}/zip-codes`, pending, { zip_codes: ['78701'] }),
      await call('PUT', `/organization/${PENDING}/service-areas`, pending, { items: [{ postal_code: '78701', radius_miles: 30 }] }),
      await call('PUT', '/update-availability', pending, { vendor_id: VENDOR2, availability: [{ day_of_week: 'sunday', start: '0800', end: '2000' }] }),
      await call('GET', `/organization/${PENDING}/customers`, pending),
      await call('PUT', `/organization/${PENDING}/customers/${DEMO_BOOKINGS.customer}/update-address`, pending, {
        address: { street_number: '1', street: 'Elm St', city: 'Austin', state: 'TX', postal_code: '78701' },
      }),
      await call('POST', '/invoice/new', pending, { customer_id: DEMO_BOOKINGS.customer, lines: [{ description: 'Pruning', quantity: 1, unit_amount: 6000 }] }),
    ];
    expect(refused).toEqual(refused.map(() => ({ status: 403, body: WAITING })));
    expect(await server.db.select().from(users).where(eq(users.email, 'ivy.invite@example.test'))).toEqual([]);
    expect(await server.db.select().from(organizationZipCodes).where(eq(organizationZipCodes.organizationAccountId, PENDING))).toEqual([]);
  });

  it('its onboarding and its own user answer', async () => {
    expect((await call('GET', `/organization/${PENDING}/onboarding`, pending)).status).toBe(200);
    expect((await call('GET', '/user', pending)).body.account.meta).toMatchObject({ isApproved: false, approval_status: 'pending' });
  });

  it('its vendors are not offered to customers until super approves it; then they are', async () => {
    expect(await vendor2Slots(customer)).toBe(0);
    const approved = await call('PUT', `/admin/organizations/${PENDING}/approve`, admin, {});
    expect(approved.status).toBe(200);
    expect(await vendor2Slots(customer)).toBeGreaterThan(0);
    // and the same session may now run its organization
    expect((await call('GET', `/organization/${PENDING}/customers`, pending)).status).toBe(200);
  });
});

describe('a vendor who has not claimed the account, or not finished onboarding, is never offered a visit', () => {
  it('an invited vendor with working hours has no free start times until it claims and onboards', async () => {
    const organization = bearer(await login(server.app, 'organization@tendwell.test'));
    const invited = await call('POST', `/organization/${APPROVED}/vendors`, organization, { first_name: 'Una', last_name: 'Claimed', email: 'una.claimed@example.test' });
    expect(invited.status).toBe(201);
    const vendorId = String(invited.body._id);
    const hours = await call('PUT', '/update-availability', admin, { vendor_id: vendorId, availability: [{ day_of_week: 'tuesday', start: '0800', end: '2000' }] });
    expect(hours.status).toBe(200);
    const slots = async () => (await call('GET', `/appointments/availablity/day?requested_day=2026-06-02&vendor_id=${vendorId}&zip_code=62701&duration=60`, customer)).body.slots as Json[];
    expect(await slots()).toEqual([]);
    // Claimed but not onboarded: still nothing.
    const [account] = await server.db.select().from(accounts).where(eq(accounts.id, vendorId));
    await server.db.update(users).set({ status: 'active' }).where(eq(users.id, account!.userId));
    expect(await slots()).toEqual([]);
    // Onboarded too: offered.
    await server.db.update(accounts).set({ meta: { ...account!.meta, initialSetup: true } }).where(eq(accounts.id, vendorId));
    expect((await slots()).length).toBeGreaterThan(0);
  });
});

describe('an organization reads and edits only the customers it serves, and only what the visit needs', () => {
  it("a customer's other addresses are not listed, and only a served address may be changed", async () => {
    const organization = bearer(await login(server.app, 'organization@tendwell.test'));
    const list = await call('GET', `/organization/${APPROVED}/customers?type=all&count=100`, organization);
    expect(list.status).toBe(200);
    const casey = (list.body.items as Json[]).find((c) => c._id === DEMO_BOOKINGS.customer)!;
    // customer@ has an Austin address (500 Congress Avenue) that no subscription or visit serves: not shown.
    const mine = await call('GET', `/customers/${DEMO_BOOKINGS.customer}`, customer);
    const all = (mine.body.address as Json[]).map((a) => String(a.address_formatted));
    const shown = (casey.address as Json[]).map((a) => String(a.address_formatted));
    expect(all.some((a) => a.includes('Congress'))).toBe(true);
    expect(shown.some((a) => a.includes('Congress'))).toBe(false);
    expect(shown.length).toBeGreaterThan(0);

    const congress = (mine.body.address as Json[]).find((a) => String(a.address_formatted).includes('Congress'))!;
    const input = { street_number: '500', street: 'Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701' };
    const url = `/organization/${APPROVED}/customers/${DEMO_BOOKINGS.customer}/update-address`;
    expect(await call('PUT', url, organization, { address_id: String(congress._id), address: input })).toMatchObject({ status: 404 });
    expect(await call('PUT', url, organization, { address: input })).toMatchObject({ status: 403, body: { code: 'served_address_only' } });
    const served = (casey.address as Json[])[0]!;
    const changed = await call('PUT', url, organization, { address_id: String(served._id), address: { ...input, street_number: '501' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body.address as Json[]).map((a) => String(a._id))).toEqual((casey.address as Json[]).map((a) => String(a._id)));
  });
});

describe('the public next free time names no vendor', () => {
  it('has the time, and no vendor id, e-mail or name', async () => {
    const res = await call('GET', '/public/availability/next?zip_code=62701', {});
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.next).sort()).toEqual(['end_time', 'start_time']);
    const signedIn = await call('GET', '/appointments/availablity/next?zip_code=62701', customer);
    expect(signedIn.body.next.vendor_data).not.toHaveProperty('primary_email');
    expect(signedIn.body.next.vendor_data).not.toHaveProperty('last_name');
  });
});

it('the approval gate reads the stored decision: a rejected organization is refused too', async () => {
  const [row] = await server.db.select().from(accounts).where(and(eq(accounts.id, PENDING)));
  await server.db.update(accounts).set({ meta: { ...row!.meta, isApproved: false, approval_status: 'rejected' } }).where(eq(accounts.id, PENDING));
  expect(await call('GET', `/organization/${PENDING}/customers`, pending)).toMatchObject({ status: 403, body: WAITING });
});
