/**
 * After the visit (issue 9) on the real server: the vendor completes with photos it uploaded, the customer,
 * the vendor, the organization and super see them (anyone else: 404), support lists every photo
 * (GET admin/appointment-images), and the customer reviews a completed visit once (POST review).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lawnPng } from '../../server/adapters/media/demo-png';
import { newId } from '../../server/db/ids';
import { appointmentImages, appointments } from '../../server/db/schema';
import { demoAppointmentRecord, demoId } from '../../server/db/seed';
import { DEMO_TODAY, DEMO_VISIT_EXTRAS } from '../../server/db/seed-visits';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const LOGINS = ['customer', 'newcustomer', 'vendor', 'organization', 'super', 'affiliate'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(async () => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const json = res.headers['content-type']?.toString().includes('json');
  return { status: res.statusCode, body: (json && res.body ? res.json() : {}) as Json, raw: res.rawPayload, type: res.headers['content-type'] };
};

/** Uploads a png as `token` through the media flow (purpose 'appointment'); answers the media id. */
const uploadPhoto = async (token: string, bytes: Buffer = lawnPng(3)) => {
  const issued = await call('PUT', '/media/upload/getUrl', token, { data: { purpose: 'appointment' }, file: { name: 'lawn.png', type: 'image/png', size: bytes.length } });
  expect(issued.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(issued.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'lawn.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type')! },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as Json)._id as string;
};

const visit = async (fields: Partial<typeof appointments.$inferInsert> = {}) => {
  const id = newId();
  await server.db
    .insert(appointments)
    .values(demoAppointmentRecord({ id, status: 'active', startTime: new Date(server.clock.now().getTime() + 3_600_000), createdAt: server.clock.now(), ...fields }));
  return id;
};

describe('photos on completion', () => {
  it('the vendor completes with two photos and a note; the customer sees them on the appointment and can open the file', async () => {
    const id = await visit();
    const photos = [await uploadPhoto(tokens.vendor), await uploadPhoto(tokens.vendor, lawnPng(5))];
    const done = await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id, note: 'Mowed, bagged the clippings.', images: photos });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'complete', note: 'Mowed, bagged the clippings.', images: photos });
    const seen = await call('GET', `/appointments/${id}`, tokens.customer);
    expect(seen.body.images).toEqual(photos);
    const file = await call('GET', `/media/one/${photos[0]}`, tokens.customer);
    expect(file.status).toBe(200);
    const bytes = await call('GET', `/media/file?key=${encodeURIComponent(file.body.key)}`, tokens.customer);
    expect(bytes.status).toBe(200);
    expect(bytes.type).toBe('image/png');
    expect(Buffer.compare(bytes.raw, lawnPng(3))).toBe(0);
  });

  it('who may see a visit photo: the customer, the vendor, the organization and super; another customer and an affiliate get 404', async () => {
    const id = await visit();
    const [photo] = [await uploadPhoto(tokens.vendor)];
    expect((await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id, images: [photo] })).status).toBe(200);
    for (const who of ['customer', 'vendor', 'organization', 'super'] as const) expect((await call('GET', `/media/one/${photo}`, tokens[who])).status).toBe(200);
    for (const who of ['newcustomer', 'affiliate'] as const) expect((await call('GET', `/media/one/${photo}`, tokens[who])).status).toBe(404);
  });

  it("refuses a file that is not the vendor's own unattached visit photo (400) and then completes nothing", async () => {
    const id = await visit();
    const customers = await uploadPhoto(tokens.customer);
    const refused = await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id, images: [customers] });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Photos must be images you uploaded for this visit' } });
    const [row] = await server.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row!.status).toBe('active');
    // A photo attached to one visit cannot be attached to another.
    const first = await visit();
    const photo = await uploadPhoto(tokens.vendor);
    expect((await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: first, images: [photo] })).status).toBe(200);
    expect((await call('POST', '/appointments/complete', tokens.vendor, { appointment_id: id, images: [photo] })).status).toBe(400);
    expect(await server.db.select().from(appointmentImages).where(eq(appointmentImages.appointmentId, id))).toEqual([]);
  });

  it('GET admin/appointment-images: super sees every photo with its visit, newest first; others are refused', async () => {
    const res = await call('GET', '/admin/appointment-images?pageSize=100', tokens.super);
    expect(res.status).toBe(200);
    const seeded = DEMO_VISIT_EXTRAS.reduce((n, [, photos]) => n + photos.length, 0);
    expect(res.body.total).toBeGreaterThanOrEqual(seeded);
    const last = DEMO_VISIT_EXTRAS[0]!;
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          appointment_id: demoId(`appointment:${last[0]}`),
          // The visit's address zone, for the list to show its time in (src/core/rules/visit-time.ts).
          time_zone: 'America/Chicago',
          service_name: 'Lawn mowing',
          customer_data: expect.objectContaining({ first_name: 'Casey' }),
          media: expect.objectContaining({ purpose: 'appointment', file: expect.objectContaining({ type: 'image/png' }) }),
        }),
      ]),
    );
    const created = (res.body.items as Json[]).map((i) => Date.parse(i.created));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    for (const who of ['customer', 'vendor', 'organization'] as const) expect((await call('GET', '/admin/appointment-images', tokens[who])).status).toBe(403);
  });
});

describe('the lived-in demo calendar', () => {
  it("customer@ has past completed visits with photos, vendor@ a visit today, and upcoming visits", async () => {
    const list = await call('GET', '/appointments?pageSize=100', tokens.customer);
    const byStatus = (s: string) => (list.body.items as Json[]).filter((a) => a.status === s);
    expect(byStatus('complete').length).toBeGreaterThanOrEqual(4);
    const past = await call('GET', `/appointments/${demoId('appointment:customer-past-2')}`, tokens.customer);
    expect(past.body.images).toHaveLength(2);
    const today = await call('GET', '/appointments/today', tokens.vendor);
    expect(today.body.date).toBe('2026-06-01');
    expect((today.body.items as Json[]).map((a) => a._id)).toContain(demoId(`appointment:${DEMO_TODAY.key}`));
    const upcoming = (list.body.items as Json[]).filter((a) => a.status === 'active' && Date.parse(a.start_time) > server.clock.now().getTime());
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
  });
});

describe('POST review', () => {
  it('the customer reviews a completed visit once (201, then 409); the review is read back', async () => {
    const id = demoId('appointment:customer-completed');
    expect((await call('GET', `/review?appointment_id=${id}`, tokens.customer)).body).toEqual({ review: null });
    const first = await call('POST', '/review', tokens.customer, { appointment_id: id, rating: 5, comment: '  Lovely stripes.  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ appointment_id: id, rating: 5, comment: 'Lovely stripes.', public: false, source: 'customer' });
    const again = await call('POST', '/review', tokens.customer, { appointment_id: id, rating: 1 });
    expect(again).toMatchObject({ status: 409, body: { message: 'This visit has been reviewed already' } });
    expect((await call('GET', `/review?appointment_id=${id}`, tokens.vendor)).body.review).toMatchObject({ rating: 5 });
  });

  it('refuses a visit not complete (409), a vendor (403), another customer (404) and a rating outside 1–5 (400)', async () => {
    const upcoming = demoId('appointment:customer-upcoming');
    expect((await call('POST', '/review', tokens.customer, { appointment_id: upcoming, rating: 4 })).status).toBe(409);
    const done = demoId('appointment:customer-past-4');
    expect((await call('POST', '/review', tokens.vendor, { appointment_id: done, rating: 4 })).status).toBe(403);
    expect((await call('POST', '/review', tokens.newcustomer, { appointment_id: done, rating: 4 })).status).toBe(404);
    expect((await call('POST', '/review', tokens.customer, { appointment_id: done, rating: 6 })).status).toBe(400);
  });
});
