/**
 * An organization's team (issue 11 "Team"): the paged list with search, inviting a vendor by e-mail (the account is
 * created through the user chart's invite, the claim link lands in the outbox), the maximum vendor count, and a
 * vendor of another organization refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, users } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ORGANIZATION = demoId('account:organization');
const OTHER = demoId('account:pending-organization');
const VENDOR = demoId('account:vendor');
const MAX = 'Max vendors for your organization has been reached';
const NOT_OURS = 'Vendor not found or not part of this organization';

let server: TestServer;
let organization: Record<string, string>;
let other: Record<string, string>;
/** organization@'s team size in the seed; the server's maximum is set to leave room for exactly one more. */
let seeded = 0;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const invite = (who: Record<string, string>, organizationId: string, email: string) =>
  call('POST', `/organization/${organizationId}/vendors`, who, { first_name: 'Nia', last_name: 'Newhire', email });
const team = async (query = '') => (await call('GET', `/organization/${ORGANIZATION}/vendors?type=all${query}`, organization)).body;

beforeAll(async () => {
  // The seeded team size is read from a first server, then a second one runs with room for exactly one more vendor.
  const probe = await startTestServer();
  const token = bearer(await login(probe.app, 'organization@tendwell.test'));
  seeded = (await probe.app.inject({ method: 'GET', url: `/api/organization/${ORGANIZATION}/vendors?type=all`, headers: token })).json().total;
  await probe.close();
  server = await startTestServer({ maxVendorsPerOrganization: seeded + 1 });
  // pending-organization@ is "another organization" here: approved, so its calls reach the ownership checks.
  await approvePendingOrganization(server.app);
  organization = bearer(await login(server.app, 'organization@tendwell.test'));
  other = bearer(await login(server.app, 'pending-organization@tendwell.test'));
});
afterAll(() => server?.close());

describe('the team list', () => {
  it('pages the organization’s vendors, with search by name or e-mail', async () => {
    const all = await team();
    expect(all.total).toBe(seeded);
    expect((all.items as Json[]).map((v) => v._id)).toContain(VENDOR);
    expect((all.items as Json[]).find((v) => v._id === VENDOR)).toMatchObject({ is_part_of_org: true, organization_id: ORGANIZATION, primary_email: 'vendor@tendwell.test' });
    expect((await team('&search=vendor@tendwell')).items.map((v: Json) => v._id)).toEqual([VENDOR]);
    expect((await team('&search=ve')).items).toEqual([]); // fewer than 3 characters: an empty result
    const page = await team('&num=1&start=0');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(seeded);
  });

  it('another organization’s team is not to be read: 404', async () => {
    expect((await call('GET', `/organization/${ORGANIZATION}/vendors`, other)).status).toBe(404);
  });
});

describe('inviting a vendor, up to the maximum vendor count', () => {
  it('creates the vendor account through the user chart, e-mails the claim link, and refuses the next one at the maximum', async () => {
    const res = await invite(organization, ORGANIZATION, 'Nia.Newhire@Example.test');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ first_name: 'Nia', last_name: 'Newhire', primary_email: 'nia.newhire@example.test', is_part_of_org: true, organization_id: ORGANIZATION, invitation_pending: true });
    const [user] = await server.db.select().from(users).where(eq(users.email, 'nia.newhire@example.test'));
    expect(user?.status).toBe('claim_account');
    const trail = await server.db.select().from(auditLog).where(eq(auditLog.recordId, user!.id));
    expect(trail.map((r) => `${r.chart} ${r.event} ${r.fromState}→${r.toState} by ${r.role}`)).toEqual(['user user.invite new→claim_account by organization']);
    const mail = (await call('GET', '/dev/outbox?to=nia.newhire@example.test', {})).body as unknown as Json[];
    expect(mail.at(-1)!.link).toMatch(/\/login\?claim_account=/);
    expect((await team()).total).toBe(seeded + 1);

    // now at the maximum: refused with the spec's text, and nothing is created
    const full = await invite(organization, ORGANIZATION, 'one.more@example.test');
    expect(full).toMatchObject({ status: 409, body: { message: MAX, code: 'max_vendors_reached' } });
    expect(await server.db.select().from(users).where(eq(users.email, 'one.more@example.test'))).toEqual([]);
    expect((await team()).total).toBe(seeded + 1);
  });

  it("an organization's own maximum wins over the server's", async () => {
    // pending-organization@ has no vendors; its own maximum of 0 refuses at once
    const [row] = await server.db.select().from(accounts).where(eq(accounts.id, OTHER));
    await server.db.update(accounts).set({ meta: { ...row!.meta, max_vendors: 0 } }).where(eq(accounts.id, OTHER));
    expect((await invite(other, OTHER, 'zero@example.test')).body.message).toBe(MAX);
    await server.db.update(accounts).set({ meta: row!.meta }).where(eq(accounts.id, OTHER));
  });

  it('an e-mail that already has an account is refused; bad input is 400; only for its own organization (another one: 404)', async () => {
    expect((await invite(other, OTHER, 'vendor@tendwell.test')).body.code).toBe('email_exists');
    expect((await call('POST', `/organization/${OTHER}/vendors`, other, { first_name: 'A', last_name: 'B', email: 'not-an-email' })).status).toBe(400);
    expect((await invite(other, ORGANIZATION, 'sneaky@example.test')).status).toBe(404);
    const vendor = bearer(await login(server.app, 'vendor@tendwell.test'));
    expect((await invite(vendor, ORGANIZATION, 'by-vendor@example.test')).status).toBe(403);
  });
});

describe('removing a vendor', () => {
  it('a vendor of another organization is refused: Vendor not found or not part of this organization', async () => {
    const theirs = await invite(other, OTHER, 'their.vendor@example.test');
    expect(theirs.status).toBe(201);
    const refused = await call('PUT', `/organization/${ORGANIZATION}/vendors/${theirs.body._id}/delete`, organization);
    expect(refused).toMatchObject({ status: 404, body: { message: NOT_OURS } });
    expect((await call('GET', `/organization/${ORGANIZATION}/vendors?_id=${theirs.body._id}&type=all`, organization)).body.items).toEqual([]);
    // still on the other team
    expect((await call('GET', `/organization/${OTHER}/vendors?type=all`, other)).body.items.map((v: Json) => v._id)).toEqual([theirs.body._id]);
  });

  it('removes its own vendor from the team; a vendor with visits to come is kept (409)', async () => {
    const nia = (await team('&search=newhire')).items[0] as Json;
    expect((await call('PUT', `/organization/${ORGANIZATION}/vendors/${nia._id}/delete`, organization)).body).toMatchObject({ success: true });
    expect((await team()).items.map((v: Json) => v._id)).not.toContain(nia._id);
    expect((await call('PUT', `/organization/${ORGANIZATION}/vendors/${nia._id}/delete`, organization)).body.message).toBe(NOT_OURS);
    const busy = await call('PUT', `/organization/${ORGANIZATION}/vendors/${VENDOR}/delete`, organization);
    expect(busy).toMatchObject({ status: 409, body: { code: 'vendor_has_appointments' } });
  });
});
