/**
 * A vendor's profile (issue 11 "/vendor/profile"; PUT vendors/{id}/update) and the ZIP-code search
 * (GET search/zipcodes) — through the real server and its database:
 * - the vendor changes its own name and bio, and vendor/{id}/init shows them with its organization's name;
 * - its organization changes the vendors of its team; another organization, another vendor and a customer are
 *   refused ('Vendor not found or not part of this organization', 403) and nothing changes;
 * - a status change goes through the user chart with its audit row, and only staff may do it;
 * - bad input is 400 with a message naming the field;
 * - the ZIP-code search: prefix of the code first, then city; fewer than 3 characters is empty; who may search.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, users } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const VENDOR = demoId('account:vendor');
const VENDOR2 = demoId('account:vendor2');
const NOT_OURS = 'Vendor not found or not part of this organization';

let server: TestServer;
let tokens: Record<'organization' | 'other' | 'vendor' | 'customer' | 'super', Record<string, string>>;

const call = async (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const update = (who: Record<string, string>, id: string, payload: object) => call('PUT', `/vendors/${id}/update`, who, payload);
const stored = async (id: string) => {
  const [row] = await server.db
    .select({ first: accounts.firstName, bio: accounts.bio, userFirst: users.firstName, userLast: users.lastName, status: users.status, userId: users.id })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.id, id));
  return row!;
};

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

describe('the vendor changes its own profile', () => {
  it('name and bio are stored, answered, and shown by vendor/{id}/init with its organization', async () => {
    const res = await update(tokens.vendor, VENDOR, { first_name: ' Victor ', last_name: 'Vendorson', bio: '  Hedges and lawns since 2015.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: VENDOR, first_name: 'Victor', last_name: 'Vendorson', bio: 'Hedges and lawns since 2015.', company_name: 'Greenway Lawn Co.', is_part_of_org: true });
    expect(await stored(VENDOR)).toMatchObject({ first: 'Victor', userFirst: 'Victor', userLast: 'Vendorson', bio: 'Hedges and lawns since 2015.' });
    const init = await call('GET', `/vendor/${VENDOR}/init`, tokens.vendor);
    expect(init.body.vendor).toMatchObject({ first_name: 'Victor', bio: 'Hedges and lawns since 2015.', company_name: 'Greenway Lawn Co.' });
    // the signed-in person sees the new name too
    expect((await call('GET', '/user', tokens.vendor)).body).toMatchObject({ first_name: 'Victor', last_name: 'Vendorson' });
  });

  it('an empty bio clears it; profile fields leave no audit row (they are not a lifecycle)', async () => {
    const { userId } = await stored(VENDOR);
    const res = await update(tokens.vendor, VENDOR, { bio: '' });
    expect(res.status).toBe(200);
    expect(res.body.bio).toBeNull();
    const trail = await server.db.select().from(auditLog).where(and(eq(auditLog.recordId, userId), eq(auditLog.chart, 'user')));
    expect(trail.filter((r) => r.event !== 'user.register')).toEqual([]);
  });

  it('bad input is 400 with a message naming the field, and nothing changes', async () => {
    const before = await stored(VENDOR);
    for (const [payload, message] of [
      [{ first_name: '   ' }, 'first_name: Text Field is required'],
      [{ last_name: '' }, /last_name/],
      [{ zip_codes: ['62701'] }, /zip_codes/],
      [{ services: [] }, /services/],
      [{ bio: 'x'.repeat(2001) }, /bio/],
      [{}, /.+/],
    ] as const) {
      const res = await update(tokens.vendor, VENDOR, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await stored(VENDOR)).toEqual(before);
  });
});

describe('ownership: who may change which vendor', () => {
  it('the organization changes a vendor of its team', async () => {
    const res = await update(tokens.organization, VENDOR2, { bio: 'Our edging specialist.' });
    expect(res.status).toBe(200);
    expect((await stored(VENDOR2)).bio).toBe('Our edging specialist.');
  });

  it('another organization is refused with the spec message and nothing changes', async () => {
    const res = await update(tokens.other, VENDOR2, { bio: 'Poached.' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(NOT_OURS);
    expect((await stored(VENDOR2)).bio).toBe('Our edging specialist.');
  });

  it('a vendor cannot change another vendor; an id that is no vendor is the same 404', async () => {
    const other = await update(tokens.vendor, VENDOR2, { bio: 'Not mine.' });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(NOT_OURS);
    const notVendor = await update(tokens.super, demoId('account:customer'), { bio: 'A customer.' });
    expect(notVendor.status).toBe(404);
    expect((await stored(VENDOR2)).bio).toBe('Our edging specialist.');
  });

  it('a customer is 403', async () => {
    expect((await update(tokens.customer, VENDOR, { bio: 'x' })).status).toBe(403);
  });
});

describe('status goes through the user chart', () => {
  it('super deactivates and reactivates a vendor, each with its audit row', async () => {
    const { userId } = await stored(VENDOR2);
    const off = await update(tokens.super, VENDOR2, { status: 'inactive' });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('inactive');
    expect((await stored(VENDOR2)).status).toBe('inactive');
    const on = await update(tokens.super, VENDOR2, { status: 'active' });
    expect(on.body.status).toBe('active');
    const trail = (await server.db.select().from(auditLog).where(eq(auditLog.recordId, userId)).orderBy(auditLog.at)).map((r) => `${r.chart} ${r.event} ${r.fromState}→${r.toState} ${r.role}`);
    expect(trail).toEqual(['user user.deactivate active→inactive super', 'user user.activate inactive→active super']);
  });

  it('the same status again changes nothing and writes nothing', async () => {
    const { userId } = await stored(VENDOR2);
    const before = (await server.db.select().from(auditLog).where(eq(auditLog.recordId, userId))).length;
    expect((await update(tokens.super, VENDOR2, { status: 'active' })).status).toBe(200);
    expect((await server.db.select().from(auditLog).where(eq(auditLog.recordId, userId))).length).toBe(before);
  });

  it('the organization and the vendor may not change a status (the chart: staff only); nothing changes', async () => {
    const fromOrganization = await update(tokens.organization, VENDOR2, { status: 'inactive', bio: 'Should not stick.' });
    expect(fromOrganization.status).toBe(403);
    expect((await update(tokens.vendor, VENDOR, { status: 'inactive' })).status).toBe(403);
    expect(await stored(VENDOR2)).toMatchObject({ status: 'active', bio: 'Our edging specialist.' });
    expect((await stored(VENDOR)).status).toBe('active');
  });
});

describe('GET search/zipcodes', () => {
  const search = (text: string, who = tokens.organization) => call('GET', `/search/zipcodes?text=${encodeURIComponent(text)}`, who);

  it('finds ZIP codes by their start, with city, state, zone and whether someone serves them', async () => {
    const res = await search('6270');
    expect(res.status).toBe(200);
    expect((res.body as unknown as Json[]).map((z) => z.zip_code)).toEqual(['62701', '62702', '62703', '62704']);
    expect((res.body as unknown as Json[])[0]).toMatchObject({ city: 'Springfield', state: 'IL', time_zone: 'America/Chicago', serviced: true });
  });

  it('finds them by the start of the city, case-insensitive; the limit is kept', async () => {
    const res = await search('SPRING');
    expect(res.status).toBe(200);
    const items = res.body as unknown as Json[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((z) => /^spring/i.test(z.city))).toBe(true);
    const limited = await call('GET', '/search/zipcodes?text=787&limit=2', tokens.super);
    expect((limited.body as unknown as Json[]).length).toBe(2);
  });

  it('fewer than 3 characters, or nothing matching, is an empty list, not an error', async () => {
    for (const text of ['', '6', '62', '  62  ', '00000', '%%%']) {
      const res = await search(text);
      expect(res.status, text).toBe(200);
      expect(res.body, text).toEqual([]);
    }
  });

  it('super, admin and organizations search; a vendor and a customer are 403, no token 401', async () => {
    expect((await search('627', tokens.super)).status).toBe(200);
    expect((await search('627', tokens.vendor)).status).toBe(403);
    expect((await search('627', tokens.customer)).status).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/search/zipcodes?text=627' })).statusCode).toBe(401);
  });
});
