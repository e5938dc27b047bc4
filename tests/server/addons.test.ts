/**
 * Add-ons and approval requests on appointments (issue 9), on the real server and database:
 * - every legal transition of the add-on chart and the approval chart, each with its audit row;
 * - illegal ones 409 (and nothing changes), other roles 403, non-owners 404, bad input 400 with the spec's text;
 * - an approved home-size change moves the subscription to the plan of the new size, and approved add-ons and
 *   the new plan show on the customer's upcoming invoice;
 * - every change is pushed live ('updated') to the customer, the vendor, the organization and super.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../server/db/ids';
import { appointmentAddOns, appointments, approvals, auditLog, pricePlans, subscriptions } from '../../server/db/schema';
import { DEMO_APPROVAL } from '../../server/db/seed-approvals';
import { DEMO_BOOKINGS, demoAppointmentRecord, demoId, demoSubscriptionRecord } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY = 86_400_000;
const LOGINS = ['super', 'customer', 'vendor', 'organization', 'affiliate', 'newcustomer'] as const;
let server: TestServer;
const tokens = {} as Record<(typeof LOGINS)[number], string>;

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object) => {
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const now = () => server.clock.now();
const inDays = (days: number) => new Date(now().getTime() + days * DAY);
const trail = async (recordId: string) =>
  (await server.db.select().from(auditLog).where(eq(auditLog.recordId, recordId)).orderBy(auditLog.at)).map((r) => `${r.chart} ${r.event} ${r.fromState}→${r.toState} ${r.role}`);

/** A visit of customer@'s demo subscription (vendor@, organization@), written directly. */
const newVisit = async (fields: Partial<typeof appointments.$inferInsert> = {}) => {
  const id = newId();
  await server.db.insert(appointments).values(demoAppointmentRecord({ id, status: 'active', startTime: inDays(10), createdAt: now(), ...fields }));
  return id;
};
const addOnRow = async (id: string) => (await server.db.select().from(appointmentAddOns).where(eq(appointmentAddOns.id, id)))[0]!;

const NO_SUCH = '0123456789abcdef01234567';
const MOWING_EXTRA = { service_id: demoId('addon:bag-clippings'), plan_id: `addon-${demoId('addon:bag-clippings')}` };

describe('add-ons: the add-on chart on the server, with audit rows', () => {
  it('the customer adds a catalogue add-on (approved at once), changes its plan, and removes it; removing twice is 409', async () => {
    const visit = await newVisit();
    const added = await call('POST', '/appointments/manage/add-on/add', tokens.customer, { appointment_id: visit, ...MOWING_EXTRA });
    expect(added.status).toBe(201);
    expect(added.body.addon).toMatchObject({ status: 'approved', appointment_id: visit, plan_id: MOWING_EXTRA.plan_id, service_data: { name: expect.any(String) } });
    expect(added.body.addon.price).toBeGreaterThan(0);
    expect(added.body.appointment.appointmentAddOnData.map((a: Json) => a._id)).toEqual([added.body.addon._id]);
    const id = String(added.body.addon._id);

    const shown = await call('GET', `/appointments/${visit}`, tokens.customer);
    expect(shown.body.appointmentAddOnData).toEqual([expect.objectContaining({ _id: id, status: 'approved' })]);

    const changed = await call('POST', '/add-ons/update', tokens.customer, { addon_id: id, plan_id: `addon-${demoId('addon:weed-beds')}` });
    expect(changed.status).toBe(200);
    expect(changed.body.addon).toMatchObject({ status: 'approved', plan_id: `addon-${demoId('addon:weed-beds')}` });

    const removed = await call('POST', '/appointments/manage/add-on/remove', tokens.customer, { addon_id: id });
    expect(removed.status).toBe(200);
    expect(removed.body.addon.status).toBe('removed');
    expect((await call('GET', `/appointments/${visit}`, tokens.customer)).body.appointmentAddOnData).toEqual([]);

    const again = await call('POST', '/appointments/manage/add-on/remove', tokens.customer, { addon_id: id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('illegal_transition');
    expect(again.body.message).toContain("'addon.remove'");
    expect(await trail(id)).toEqual([
      'addon addon.add new→approved customer',
      'addon addon.update approved→approved customer',
      'addon addon.remove approved→removed customer',
    ]);
  });

  it('the vendor proposes a custom add-on (pending); the customer approves; the vendor changes it (pending again); the customer declines; nothing more', async () => {
    const visit = await newVisit();
    const proposed = await call('POST', '/appointments/manage/add-on/add', tokens.vendor, { appointment_id: visit, custom: { description: 'Haul away the branches', value: 3000 } });
    expect(proposed.status).toBe(201);
    expect(proposed.body.addon).toMatchObject({ status: 'pending', custom: { description: 'Haul away the branches', value: 3000 }, price: 3000 });
    const id = String(proposed.body.addon._id);

    // The vendor does not decide for the customer.
    const self = await call('PUT', '/appointments/manage/add-on/approve', tokens.vendor, { addon_id: id, approved: true });
    expect(self.status).toBe(403);

    expect((await call('PUT', '/appointments/manage/add-on/approve', tokens.customer, { addon_id: id, approved: true })).body.addon.status).toBe('approved');
    const changed = await call('POST', '/custom/add-on/update', tokens.vendor, { addon_id: id, custom: { description: 'Haul away the branches and the stump', value: 4500 } });
    expect(changed.status).toBe(200);
    expect(changed.body.addon).toMatchObject({ status: 'pending', price: 4500 });
    expect((await call('PUT', '/appointments/manage/add-on/approve', tokens.customer, { addon_id: id, approved: false })).body.addon.status).toBe('declined');

    const late = await call('PUT', '/appointments/manage/add-on/approve', tokens.customer, { addon_id: id, approved: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain("status 'declined'");
    expect(await trail(id)).toEqual([
      'addon addon.add new→pending vendor',
      'addon addon.approve pending→approved customer',
      'addon addon.update approved→pending vendor',
      'addon addon.decline pending→declined customer',
    ]);
  });

  it('the organization proposes and removes a pending add-on; super adds one for the customer', async () => {
    const visit = await newVisit();
    const proposed = await call('POST', '/appointments/manage/add-on/add', tokens.organization, { appointment_id: visit, ...MOWING_EXTRA });
    expect(proposed.body.addon.status).toBe('pending');
    const id = String(proposed.body.addon._id);
    expect((await call('POST', '/appointments/manage/add-on/remove', tokens.organization, { addon_id: id })).body.addon.status).toBe('removed');
    expect(await trail(id)).toEqual(['addon addon.add new→pending organization', 'addon addon.remove pending→removed organization']);

    const bySuper = await call('POST', '/appointments/manage/add-on/add', tokens.super, { appointment_id: visit, custom: { description: 'Weed the beds', value: 1500 } });
    expect(bySuper.body.addon.status).toBe('approved');
  });

  it('a customer adds an add-on to a subscription through the subscription chart; a vendor may not', async () => {
    const added = await call('POST', '/appointments/manage/add-on/add', tokens.customer, { subscription_id: DEMO_BOOKINGS.subscription, ...MOWING_EXTRA });
    expect(added.status).toBe(201);
    expect(added.body.addon).toMatchObject({ status: 'approved', subscription_id: DEMO_BOOKINGS.subscription, appointment_id: null });
    const rows = await server.db.select().from(auditLog).where(and(eq(auditLog.recordId, DEMO_BOOKINGS.subscription), eq(auditLog.event, 'subscription.addAddOn')));
    expect(rows).toHaveLength(1);
    const later = await call('GET', `/appointments/${demoId('appointment:customer-later')}`, tokens.customer);
    expect(later.body.subscriptionAddOnData.map((a: Json) => a._id)).toContain(added.body.addon._id);

    const byVendor = await call('POST', '/appointments/manage/add-on/add', tokens.vendor, { subscription_id: DEMO_BOOKINGS.subscription, ...MOWING_EXTRA });
    expect(byVendor.status).toBe(403);
    // Cleaned up, so the invoice test below starts from the plan alone.
    expect((await call('POST', '/appointments/manage/add-on/remove', tokens.customer, { addon_id: added.body.addon._id })).status).toBe(200);
  });

  it('refuses an add-on on a visit that is closed or past (409), and changes nothing', async () => {
    const canceled = await newVisit({ status: 'canceled' });
    const past = await newVisit({ startTime: inDays(-2) });
    for (const visit of [canceled, past]) {
      const res = await call('POST', '/appointments/manage/add-on/add', tokens.customer, { appointment_id: visit, ...MOWING_EXTRA });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('illegal_transition');
      expect(await server.db.select().from(appointmentAddOns).where(eq(appointmentAddOns.appointmentId, visit))).toEqual([]);
    }
  });

  it('bad input is 400 with the spec\'s words, never 500', async () => {
    const visit = await newVisit();
    const cases: [object, string][] = [
      [{ appointment_id: visit }, 'Missing required fields'],
      [{ ...MOWING_EXTRA }, 'Missing required fields'],
      [{ appointment_id: visit, subscription_id: DEMO_BOOKINGS.subscription, ...MOWING_EXTRA }, 'Missing required fields'],
      [{ appointment_id: visit, ...MOWING_EXTRA, custom: { description: 'x', value: 100 } }, 'Missing required fields'],
      [{ appointment_id: visit, service_id: MOWING_EXTRA.service_id }, 'Missing required fields'],
      [{ appointment_id: visit, custom: { description: '   ', value: 100 } }, 'Missing required fields'],
      [{ appointment_id: visit, custom: { description: 'Rake', value: 0 } }, 'Invalid value'],
      [{ appointment_id: visit, service_id: NO_SUCH, plan_id: `addon-${NO_SUCH}` }, `Unknown add-on '${NO_SUCH}'`],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/appointments/manage/add-on/add', tokens.customer, payload);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
  });

  it('only the parties of the visit: another customer gets 404, an affiliate 403', async () => {
    const visit = await newVisit();
    expect((await call('POST', '/appointments/manage/add-on/add', tokens.newcustomer, { appointment_id: visit, ...MOWING_EXTRA })).status).toBe(404);
    expect((await call('POST', '/appointments/manage/add-on/add', tokens.affiliate, { appointment_id: visit, ...MOWING_EXTRA })).status).toBe(403);
    const mine = await call('POST', '/appointments/manage/add-on/add', tokens.customer, { appointment_id: visit, ...MOWING_EXTRA });
    const id = String(mine.body.addon._id);
    expect((await call('POST', '/appointments/manage/add-on/remove', tokens.newcustomer, { addon_id: id })).status).toBe(404);
    expect((await addOnRow(id)).status).toBe('approved');
  });
});

describe('approval requests: the approval chart on the server, with audit rows', () => {
  it('the seeded request waits for customer@ on the visit ten days ahead', async () => {
    const shown = await call('GET', `/appointments/${demoId(DEMO_APPROVAL.appointmentKey)}`, tokens.customer);
    expect(shown.body.approval_data).toMatchObject({ _id: demoId(DEMO_APPROVAL.key), status: 'pending', type: 'home_size', data: { homeSize: 'medium' } });
    const read = await call('GET', `/approvals/${demoId(DEMO_APPROVAL.key)}`, tokens.customer);
    expect(read.body).toMatchObject({ status: 'pending', requested_by_account_type: 'vendor', data: { homeSize: 'medium', subscriptionData: { service_data: { name: 'Lawn mowing' } } } });
    // A second home-size request on that visit is refused while it is pending.
    const second = await call('POST', '/approvals', tokens.vendor, { type: 'home_size', appointment_id: demoId(DEMO_APPROVAL.appointmentKey), data: { homeSize: 'large' }, note: 'Bigger still.' });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('appointment.noPendingHomeSize');
  });

  it('a vendor asks for a home-size change; the customer approves; the subscription moves to the medium plan and the visits ahead follow', async () => {
    const sub = newId();
    await server.db.insert(subscriptions).values(demoSubscriptionRecord({ id: sub, createdAt: now(), nextBillingAt: inDays(5), billingAnchorAt: inDays(-2) }));
    const visit = await newVisit({ subscriptionId: sub });
    const ahead = await newVisit({ subscriptionId: sub, startTime: inDays(17) });
    const toAccount = vi.spyOn(server.live, 'toAccount');
    const toSupers = vi.spyOn(server.live, 'toSupers');

    const asked = await call('POST', '/approvals', tokens.vendor, { type: 'home_size', appointment_id: visit, data: { homeSize: 'medium' }, note: 'The lawn wraps around the house.' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: 'pending', type: 'home_size', data: { appointmentId: visit, homeSize: 'medium' }, note: 'The lawn wraps around the house.' });
    const id = String(asked.body._id);
    expect(await trail(visit)).toEqual(['appointment appointment.requestHomeSize active→active vendor']);
    const pushed = { reason: 'updated', resourceType: 'appointment', resourceId: visit };
    expect(toAccount.mock.calls.filter((c) => (c[2] as Json).resourceId === visit).map((c) => c[0]).sort()).toEqual(
      [DEMO_BOOKINGS.customer, DEMO_BOOKINGS.organization, DEMO_BOOKINGS.vendor].sort(),
    );
    expect(toSupers).toHaveBeenCalledWith('resource:update', pushed);

    // Other roles do not decide; another customer does not see it.
    expect((await call('PUT', `/approvals/${id}`, tokens.vendor, { status: 'approved' })).status).toBe(403);
    expect((await call('GET', `/approvals/${id}`, tokens.newcustomer)).status).toBe(404);
    expect((await call('PUT', `/approvals/${id}`, tokens.newcustomer, { status: 'approved' })).status).toBe(404);

    const before = (await call('GET', `/customer/${DEMO_BOOKINGS.customer}/invoice/list/${sub}`, tokens.customer)).body.upcoming;
    expect(before.subtotal).toBe(3500);

    toAccount.mockClear();
    const approved = await call('PUT', `/approvals/${id}`, tokens.customer, { status: 'approved', note: 'Fair enough.' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decision_note: 'Fair enough.', decided_by: { _id: DEMO_BOOKINGS.customer } });
    expect(await trail(id)).toEqual(['approval approval.request new→pending vendor', 'approval approval.approve pending→approved customer']);
    expect(await trail(sub)).toEqual(['subscription subscription.update active→active customer']);
    expect(toAccount.mock.calls.filter((c) => (c[2] as Json).resourceId === visit).map((c) => c[0]).sort()).toEqual(
      [DEMO_BOOKINGS.customer, DEMO_BOOKINGS.organization, DEMO_BOOKINGS.vendor].sort(),
    );
    toAccount.mockRestore();
    toSupers.mockRestore();

    const [row] = await server.db.select().from(subscriptions).where(eq(subscriptions.id, sub));
    expect(row).toMatchObject({ planId: 'mowing-medium-week', addressData: { address_meta: { home_size: 'medium' } } });
    const visits = await server.db.select().from(appointments).where(eq(appointments.subscriptionId, sub));
    expect(visits.map((v) => [v.id === ahead, v.addressData.address_meta?.home_size, v.facts.pendingApprovals])).toEqual(
      expect.arrayContaining([
        [false, 'medium', []],
        [true, 'medium', []],
      ]),
    );

    // The upcoming invoice carries the medium plan's price.
    const after = (await call('GET', `/customer/${DEMO_BOOKINGS.customer}/invoice/list/${sub}`, tokens.customer)).body.upcoming;
    expect(after.subtotal).toBeGreaterThan(before.subtotal);
    const [medium] = await server.db.select().from(pricePlans).where(eq(pricePlans.planId, 'mowing-medium-week'));
    expect(after.subtotal).toBe(medium!.value);

    // Deciding twice is 409; the pending fact is gone, so the vendor may ask again.
    const twice = await call('PUT', `/approvals/${id}`, tokens.customer, { status: 'declined' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain("status 'approved'");
    const next = await call('POST', '/approvals', tokens.organization, { type: 'home_size', appointment_id: visit, data: { homeSize: 'large' }, note: 'Measured again.' });
    expect(next.status).toBe(201);
    const declined = await call('PUT', `/approvals/${next.body._id}`, tokens.customer, { status: 'declined' });
    expect(declined.body.status).toBe('declined');
    const [still] = await server.db.select().from(subscriptions).where(eq(subscriptions.id, sub));
    expect(still!.planId).toBe('mowing-medium-week');
  });

  it('approved add-ons show on the upcoming invoice: the subscription\'s each time, a visit\'s with the period it falls in', async () => {
    const sub = newId();
    await server.db.insert(subscriptions).values(demoSubscriptionRecord({ id: sub, createdAt: now(), nextBillingAt: inDays(3), billingAnchorAt: inDays(-4) }));
    const soon = await newVisit({ subscriptionId: sub, startTime: inDays(8) });
    const farAhead = await newVisit({ subscriptionId: sub, startTime: inDays(40) });
    const upcoming = async () => (await call('GET', `/customer/${DEMO_BOOKINGS.customer}/invoice/list/${sub}`, tokens.customer)).body.upcoming as Json;
    const base = (await upcoming()).subtotal as number;

    const proposed = await call('POST', '/appointments/manage/add-on/add', tokens.vendor, { appointment_id: soon, custom: { description: 'Clear the gutters', value: 2000 } });
    expect((await upcoming()).subtotal).toBe(base); // pending: not billed
    await call('PUT', '/appointments/manage/add-on/approve', tokens.customer, { addon_id: proposed.body.addon._id, approved: true });
    const withVisit = await upcoming();
    expect(withVisit.subtotal).toBe(base + 2000);
    expect(withVisit.lines.map((l: Json) => l.description)).toEqual(expect.arrayContaining([expect.stringContaining('Clear the gutters')]));

    await call('POST', '/appointments/manage/add-on/add', tokens.customer, { appointment_id: farAhead, custom: { description: 'Aerate', value: 5000 } });
    expect((await upcoming()).subtotal).toBe(base + 2000); // a visit of a later period waits for its own charge

    const onSub = await call('POST', '/appointments/manage/add-on/add', tokens.customer, { subscription_id: sub, custom: { description: 'Bag the clippings', value: 700 } });
    expect((await upcoming()).subtotal).toBe(base + 2700);
    await call('POST', '/appointments/manage/add-on/remove', tokens.customer, { addon_id: onSub.body.addon._id });
    expect((await upcoming()).subtotal).toBe(base + 2000);

    // Billing the cycle charges the visit's add-on once: it is no longer on the next upcoming invoice.
    server.clock.advance(4 * DAY);
    await server.services.billingEngine.run();
    const charged = await addOnRow(String(proposed.body.addon._id));
    expect(charged.billedCycleId).not.toBeNull();
    expect((await upcoming()).lines.map((l: Json) => l.description)).not.toEqual(expect.arrayContaining([expect.stringContaining('Clear the gutters')]));
  });

  it('bad input and roles: 400 with the spec\'s words, 403 for who may not ask', async () => {
    const visit = await newVisit();
    for (const note of [{ note: '   ' }, {}]) {
      const blank = await call('POST', '/approvals', tokens.vendor, { type: 'home_size', appointment_id: visit, data: { homeSize: 'large' }, ...note });
      expect({ status: blank.status, message: blank.body.message }).toEqual({ status: 400, message: 'Note is required!' });
    }
    const noSize = await call('POST', '/approvals', tokens.vendor, { type: 'home_size', appointment_id: visit, data: {}, note: 'Why' });
    expect({ status: noSize.status, message: noSize.body.message }).toEqual({ status: 400, message: 'Missing required fields' });
    expect((await call('POST', '/approvals', tokens.customer, { type: 'home_size', appointment_id: visit, data: { homeSize: 'large' }, note: 'Me' })).status).toBe(403);
    // Start-time approval: allowed for no roles presently.
    expect((await call('POST', '/approvals', tokens.vendor, { type: 'start_time', appointment_id: visit, data: { startTime: inDays(12).toISOString() }, note: 'Later' })).status).toBe(403);
    // Not past or deleted.
    const deleted = await newVisit({ status: 'deleted' });
    expect((await call('POST', '/approvals', tokens.vendor, { type: 'home_size', appointment_id: deleted, data: { homeSize: 'large' }, note: 'Big' })).status).toBe(409);
    // Nothing was written by any refusal.
    expect(await server.db.select().from(approvals).where(eq(approvals.appointmentId, visit))).toEqual([]);
    expect(await trail(visit)).toEqual([]);
  });
});
