/**
 * The organization's dashboard (issue 11 "/organization"; GET organization/{id}/init): today's visits in the
 * organization's zone, this month's earnings from the visit ledger (a completed visit adds its price), what waits
 * (approval requests, time-off requests), and who may read it — through the real server and its database.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/db/seed';
import { DEMO_ORGANIZATION_PROFILE } from '../../server/db/seed-service-areas';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ORGANIZATION = demoId('account:organization');
const OTHER = demoId('account:pending-organization');
const VENDOR = demoId('account:vendor');

let server: TestServer;
let tokens: Record<'organization' | 'other' | 'vendor' | 'customer' | 'super', Record<string, string>>;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const init = (who = tokens.organization, id = ORGANIZATION) => call('GET', `/organization/${id}/init`, who);

beforeAll(async () => {
  server = await startTestServer();
  // pending-organization@ is "another organization" here: approved, so its calls reach the ownership checks.
  await approvePendingOrganization(server.app);
  tokens = {
    organization: bearer(await login(server.app, 'organization@tendwell.test')),
    other: bearer(await login(server.app, 'pending-organization@tendwell.test')),
    vendor: bearer(await login(server.app, 'vendor@tendwell.test')),
    customer: bearer(await login(server.app, 'customer@tendwell.test')),
    super: bearer(await login(server.app, 'super@tendwell.test')),
  };
});
afterAll(() => server?.close());

describe('the dashboard', () => {
  it('shows the organization, its team, today’s visits in its zone and the time off waiting', async () => {
    const { status, body } = await init();
    expect(status).toBe(200);
    expect(body.organization).toMatchObject({ _id: ORGANIZATION, company_name: expect.any(String) });
    expect((body.vendors as Json[]).map((v) => v._id)).toContain(VENDOR);
    expect(body.time_zone).toBe('America/Chicago'); // its first circle is around Austin
    const today = DateTime.fromJSDate(server.clock.now()).setZone(body.time_zone).toISODate();
    expect(body.today).toBe(today);
    for (const visit of body.today_appointments as Json[]) {
      expect(visit.organization_id).toBe(ORGANIZATION);
      expect(DateTime.fromISO(visit.start_time).setZone(body.time_zone).toISODate()).toBe(today);
      expect(visit.status).not.toBe('deleted');
    }
    expect((body.pending_time_off as Json[]).every((t) => t.approval === 'pending')).toBe(true);
    expect(body.pending_time_off.length).toBeGreaterThan(0); // the seeded request
    expect(body.month_earnings).toMatchObject({ month: DateTime.fromJSDate(server.clock.now()).setZone('America/Chicago').toFormat('yyyy-MM'), currency: 'usd' });
    expect(body.pending_approvals).toEqual(expect.any(Number));
  });

  it('a visit completed today adds its price to this month’s earnings', async () => {
    const before = (await init()).body;
    const open = (before.today_appointments as Json[]).find((v) => v.status === 'active' && v.vendor_data?._id === VENDOR && v.price > 0);
    expect(open, 'the demo calendar has an active visit of vendor@ today').toBeDefined();
    const done = await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: open!._id, note: 'Mowed.' });
    expect(done.status).toBe(200);
    const after = (await init()).body;
    expect(after.month_earnings.amount).toBe(before.month_earnings.amount + open!.price);
    expect(after.month_earnings.visits).toBe(before.month_earnings.visits + 1);
    expect((after.today_appointments as Json[]).find((v) => v._id === open!._id)?.status).toBe('complete');
  });

  it('super reads any organization’s; a vendor or customer may not (403); another organization’s id is 404', async () => {
    expect((await init(tokens.super)).status).toBe(200);
    expect((await init(tokens.vendor)).status).toBe(403);
    expect((await init(tokens.customer)).status).toBe(403);
    expect((await init(tokens.other)).status).toBe(404);
    expect((await init(tokens.other, OTHER)).status).toBe(200);
  });
});

describe('the profile: names, business phone, contacts', () => {
  const url = (path: string, id = ORGANIZATION) => `/organization/${id}/${path}`;

  it('the dashboard’s organization carries its business phone and contact', async () => {
    const { organization } = (await init()).body;
    expect(organization.phones).toEqual([{ phoneID: ORGANIZATION, number: DEMO_ORGANIZATION_PROFILE.phone, type: 'work', is_default: true }]);
    expect(organization.contacts).toEqual([expect.objectContaining({ first_name: 'Dana', last_name: 'Field', title: 'Operations manager' })]);
  });

  it('changes its company name and business phone; business details are onboarding’s (400); bad phone 400', async () => {
    const res = await call('PUT', url('update'), tokens.organization, { company_name: ' Greenway Lawn & Garden ', phone: '+15125550199' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ company_name: 'Greenway Lawn & Garden', phones: [{ number: '+15125550199' }] });
    expect((await init()).body.organization.company_name).toBe('Greenway Lawn & Garden');
    expect((await call('PUT', url('update'), tokens.organization, { phone: '512-555-0199' })).status).toBe(400);
    expect((await call('PUT', url('update'), tokens.organization, {})).status).toBe(400);
    const business = await call('PUT', url('update'), tokens.organization, { tax_id: '12-3456789' });
    expect(business).toMatchObject({ status: 400, body: { message: 'tax_id: Business details are set in payout onboarding' } });
  });

  it('adds, changes and deletes a contact', async () => {
    const added = await call('PUT', url('update-contact'), tokens.organization, { first_name: 'Lee', last_name: 'Park', phone: '+15125550111', email: 'Lee@Example.test' });
    expect(added.status).toBe(200);
    const lee = (added.body.contacts as Json[]).find((c) => c.first_name === 'Lee')!;
    expect(lee).toMatchObject({ last_name: 'Park', phone: '+15125550111', email: 'lee@example.test' });
    const changed = await call('PUT', url('update-contact'), tokens.organization, { contact_id: lee.contact_id, first_name: 'Lee', last_name: 'Parker', title: 'Dispatcher' });
    expect((changed.body.contacts as Json[]).find((c) => c.contact_id === lee.contact_id)).toMatchObject({ last_name: 'Parker', title: 'Dispatcher', email: null });
    const deleted = await call('PUT', url('delete-contact'), tokens.organization, { contact_id: lee.contact_id });
    expect(deleted.status).toBe(200);
    expect((deleted.body.contacts as Json[]).map((c) => c.contact_id)).not.toContain(lee.contact_id);
    expect((await call('PUT', url('delete-contact'), tokens.organization, { contact_id: lee.contact_id })).status).toBe(404);
  });

  it('bad input is 400; another organization’s id 404; a vendor 403; another organization’s contact is not found', async () => {
    expect((await call('PUT', url('update-contact'), tokens.organization, { first_name: 'Lee' })).status).toBe(400);
    expect((await call('PUT', url('update-contact'), tokens.organization, { first_name: 'Lee', last_name: 'Park', phone: '5125550111' })).status).toBe(400);
    expect((await call('PUT', url('update'), tokens.other, { company_name: 'Mine now' })).status).toBe(404);
    expect((await call('PUT', url('update-contact'), tokens.vendor, { first_name: 'A', last_name: 'B' })).status).toBe(403);
    const seeded = demoId('contact:organization');
    expect((await call('PUT', url('delete-contact', OTHER), tokens.other, { contact_id: seeded })).status).toBe(404);
    expect((await call('PUT', url('update-contact', OTHER), tokens.other, { contact_id: seeded, first_name: 'X', last_name: 'Y' })).status).toBe(404);
    expect((await init()).body.organization.contacts.map((c: Json) => c.contact_id)).toContain(seeded);
    // super may change any organization's
    expect((await call('PUT', url('update', OTHER), tokens.super, { company_name: 'Pending Lawns' })).body.company_name).toBe('Pending Lawns');
  });
});

describe('the customers it serves', () => {
  const CUSTOMER = demoId('account:customer');
  const address = { street_number: '500', street: 'Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' };

  it('lists the customers of its visits (type active, count 100, skip 0 by default), with search', async () => {
    const page = await call('GET', `/organization/${ORGANIZATION}/customers`, tokens.organization);
    expect(page.status).toBe(200);
    expect((page.body.items as Json[]).map((c) => c._id)).toContain(CUSTOMER);
    expect(page.body.total).toBe(page.body.items.length);
    expect((page.body.items as Json[]).find((c) => c._id === CUSTOMER)).toMatchObject({ primary_email: 'customer@tendwell.test', status: 'active', address: expect.any(Array) });
    expect((await call('GET', `/organization/${ORGANIZATION}/customers?text=customer@tendwell`, tokens.organization)).body.items.map((c: Json) => c._id)).toEqual([CUSTOMER]);
    expect((await call('GET', `/organization/${ORGANIZATION}/customers?type=inactive`, tokens.organization)).body.items).toEqual([]);
    expect((await call('GET', `/organization/${ORGANIZATION}/customers?count=1&skip=0`, tokens.organization)).body.items).toHaveLength(1);
    // an organization that serves nobody lists nobody; another organization's list is 404; a customer 403; count 0 is 400
    expect((await call('GET', `/organization/${OTHER}/customers`, tokens.other)).body).toEqual({ items: [], total: 0 });
    expect((await call('GET', `/organization/${ORGANIZATION}/customers`, tokens.other)).status).toBe(404);
    expect((await call('GET', `/organization/${ORGANIZATION}/customers`, tokens.customer)).status).toBe(403);
    expect((await call('GET', `/organization/${ORGANIZATION}/customers?count=0`, tokens.organization)).status).toBe(400);
  });

  it('changes the address of a visit it serves (adding one is refused); outside every area is Not in service area; not its customer is 404', async () => {
    const url = `/organization/${ORGANIZATION}/customers/${CUSTOMER}/update-address`;
    const listed = (await call('GET', `/organization/${ORGANIZATION}/customers?type=all`, tokens.organization)).body.items as Json[];
    const served = String(((listed.find((c) => c._id === CUSTOMER)!.address as Json[])[0]!)._id);
    const added = await call('PUT', url, tokens.organization, { address });
    expect(added).toMatchObject({ status: 403, body: { code: 'served_address_only' } });
    const changed = await call('PUT', url, tokens.organization, { address_id: served, address });
    expect(changed.status).toBe(200);
    expect((changed.body.address as Json[]).some((a) => a._id === served && a.street === 'Congress Ave' && a.postal_code === '78701')).toBe(true);
    const outside = await call('PUT', url, tokens.organization, { address_id: served, address: { ...address, city: 'New York', state: 'NY', postal_code: '10001' } });
    expect(outside.status).toBe(400);
    expect((await call('PUT', `/organization/${OTHER}/customers/${CUSTOMER}/update-address`, tokens.other, { address })).status).toBe(404);
    expect((await call('PUT', url, tokens.vendor, { address })).status).toBe(403);
    expect((await call('PUT', url, tokens.organization, { address_id: served, address: { ...address, postal_code: '787' } })).status).toBe(400);
  });
});
