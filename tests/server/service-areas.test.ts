/**
 * Organizations' service areas (issue 11 "Team and area"): the service-areas and zip-codes calls (their owner, super,
 * the wrong role, another organization, bad input), and the areas deciding 'Not in service area' for address
 * validation and which vendors the free start times offer — through the real server and its database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/db/seed';
import { DEMO_SERVICE_AREAS } from '../../server/db/seed-service-areas';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ORGANIZATION = demoId('account:organization');
const OTHER = demoId('account:pending-organization');
const NOT_IN_AREA = 'Not in service area';

let server: TestServer;
let organization: Record<string, string>;
let other: Record<string, string>;
let vendor: Record<string, string>;
let customer: Record<string, string>;
let superUser: Record<string, string>;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const areasUrl = (id = ORGANIZATION) => `/organization/${id}/service-areas`;
const zipsUrl = (id = ORGANIZATION) => `/organization/${id}/zip-codes`;
const validate = (postal_code: string, city: string, state: string) =>
  call('POST', '/public/validate/address', {}, { address: { street_number: '1', street: 'Main St', city, state, postal_code } });
const nextFree = (zip: string) => call('GET', `/public/availability/next?zip_code=${zip}`, {});

beforeAll(async () => {
  server = await startTestServer();
  // pending-organization@ is "another organization" here: approved, so its calls reach the ownership checks.
  await approvePendingOrganization(server.app);
  organization = bearer(await login(server.app, 'organization@tendwell.test'));
  other = bearer(await login(server.app, 'pending-organization@tendwell.test'));
  vendor = bearer(await login(server.app, 'vendor@tendwell.test'));
  customer = bearer(await login(server.app, 'customer@tendwell.test'));
  superUser = bearer(await login(server.app, 'super@tendwell.test'));
});
afterAll(() => server?.close());

describe('reading the service area', () => {
  it('the organization reads its circles (with their centres) and its listed ZIP codes; super reads them too', async () => {
    const areas = await call('GET', areasUrl(), organization);
    expect(areas.status).toBe(200);
    expect((areas.body.items as Json[]).map((a) => [a.label, a.postal_code, a.radius_miles])).toEqual(DEMO_SERVICE_AREAS.areas.map((a) => [...a]));
    expect(areas.body.items[0]).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
    expect((await call('GET', zipsUrl(), organization)).body).toEqual({ zip_codes: [...DEMO_SERVICE_AREAS.zipCodes] });
    expect((await call('GET', areasUrl(), superUser)).body.items).toHaveLength(DEMO_SERVICE_AREAS.areas.length);
  });

  it('a vendor or a customer may not: 403; another organization’s id is not there: 404', async () => {
    for (const who of [vendor, customer]) {
      expect((await call('GET', areasUrl(), who)).status).toBe(403);
      expect((await call('PUT', zipsUrl(), who, { zip_codes: ['78701'] })).status).toBe(403);
    }
    expect((await call('GET', areasUrl(), other)).status).toBe(404);
    expect((await call('PUT', areasUrl(), other, { items: [] })).status).toBe(404);
    expect((await call('GET', zipsUrl(), other)).status).toBe(404);
    expect((await call('GET', areasUrl(OTHER), other)).body).toEqual({ items: [] }); // its own: none yet
    // and nothing changed
    expect((await call('GET', areasUrl(), organization)).body.items).toHaveLength(DEMO_SERVICE_AREAS.areas.length);
  });
});

describe('bad input is 400 and changes nothing', () => {
  it.each([
    ['a radius of 0', { items: [{ postal_code: '78701', radius_miles: 0 }] }],
    ['a radius over 200 miles', { items: [{ postal_code: '78701', radius_miles: 201 }] }],
    ['a malformed ZIP code', { items: [{ postal_code: '7870', radius_miles: 5 }] }],
    ['no items', {}],
  ])('%s', async (_, body) => {
    expect((await call('PUT', areasUrl(), organization, body)).status).toBe(400);
  });

  it('a ZIP code the platform does not know: Invalid ZIP code', async () => {
    const res = await call('PUT', areasUrl(), organization, { items: [{ postal_code: '10001', radius_miles: 5 }] });
    expect(res).toMatchObject({ status: 400, body: { message: 'Invalid ZIP code 10001' } });
    expect((await call('PUT', zipsUrl(), organization, { zip_codes: ['78701', '10001'] })).body.message).toBe('Invalid ZIP code 10001');
    expect((await call('GET', zipsUrl(), organization)).body).toEqual({ zip_codes: [...DEMO_SERVICE_AREAS.zipCodes] });
  });
});

describe('the areas decide who is served', () => {
  it('every demo address is in the seeded area; Boulder through its listed ZIP code, Austin through a circle', async () => {
    expect((await validate('78746', 'West Lake Hills', 'TX')).body.inServiceArea).toBe(true);
    expect((await validate('80302', 'Boulder', 'CO')).body.inServiceArea).toBe(true);
    expect((await call('GET', '/zip-codes?serviced=false', customer)).body.items).toEqual([]);
  });

  it('narrowing the area takes a ZIP code out: validation says Not in service area and no vendor is offered there', async () => {
    expect((await nextFree('80302')).status).toBe(200);
    // Boulder is 24 miles from Denver's centre: no longer listed, a 10-mile circle does not reach it
    const zips = await call('PUT', zipsUrl(), organization, { zip_codes: [] });
    expect(zips).toEqual({ status: 200, body: { zip_codes: [] } });
    expect(await validate('80302', 'Boulder', 'CO')).toMatchObject({ status: 200, body: { inServiceArea: false, message: NOT_IN_AREA } });
    expect(await nextFree('80302')).toMatchObject({ status: 400, body: { message: NOT_IN_AREA } });
    expect((await call('GET', '/zip-codes?serviced=false', customer)).body.items.map((z: Json) => z.zip_code)).toEqual(['80302']);

    // a 30-mile circle around Denver reaches it again
    const widened = await call('PUT', areasUrl(), organization, {
      items: [...DEMO_SERVICE_AREAS.areas.filter(([, zip]) => zip !== '80202').map(([label, postal_code, radius_miles]) => ({ label, postal_code, radius_miles })), { label: 'Front Range', postal_code: '80202', radius_miles: 30 }],
    });
    expect(widened.status).toBe(200);
    expect((widened.body.items as Json[]).at(-1)).toMatchObject({ label: 'Front Range', postal_code: '80202', radius_miles: 30 });
    expect((await validate('80302', 'Boulder', 'CO')).body.inServiceArea).toBe(true);
    expect((await nextFree('80302')).status).toBe(200);
  });

  it('super sets an organization’s ZIP codes; an empty area serves nothing', async () => {
    expect((await call('PUT', zipsUrl(), superUser, { zip_codes: ['80302', '80302-1234'] })).body).toEqual({ zip_codes: ['80302'] });
    expect((await call('PUT', areasUrl(), superUser, { items: [] })).body).toEqual({ items: [] });
    expect((await validate('78701', 'Austin', 'TX')).body).toMatchObject({ inServiceArea: false, message: NOT_IN_AREA });
    expect((await validate('80302', 'Boulder', 'CO')).body.inServiceArea).toBe(true);
    // the organization's own vendor is not offered outside its area
    const day = await call('GET', '/appointments/availablity/day?requested_day=2026-06-03&zip_code=78701&duration=60', organization);
    expect(day).toMatchObject({ status: 400, body: { message: NOT_IN_AREA } });
  });
});
