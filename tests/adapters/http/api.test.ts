import { describe, expect, it } from 'vitest';
import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import { createHttpApi, httpApiFrom } from '../../../src/adapters/http/api';
import type { Uploader, UploadRequest } from '../../../src/adapters/http/media';
import type { UploadFile } from '../../../src/core/ports/api/media';
import { AppointmentId, OrderId, ReferralId } from '../../../src/core/model/ids';
import { Invalid } from '../../../src/core/ports/errors';
import { BASE_URL, TOKEN, failureOf, json, testClient } from './fake-fetch';
import { ACCOUNT_ID, ids, notification } from './fixtures';

const APPOINTMENT_ID = '9d1e3b2a9c8d7e6f5a4b3c2d';
const MEDIA_ID = 'ad1e3b2a9c8d7e6f5a4b3c2d';
const SUBSCRIPTION_ID = 'be1e3b2a9c8d7e6f5a4b3c2d';

const appointment = {
  _id: APPOINTMENT_ID,
  status: 'active',
  start_time: '2025-05-02T14:00:00.000Z',
  service_data: { name: 'Lawn mowing', category: { name: 'Lawn' } },
  customer_data: { _id: ACCOUNT_ID, first_name: 'Casey' },
};

describe('createHttpApi', () => {
  it('assembles every tag over one client (the composition root calls this)', async () => {
    const seen: string[] = [];
    const api = createHttpApi({
      baseUrl: BASE_URL,
      token: () => TOKEN,
      fetch: async (request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization')}`);
        return json(200, [notification]);
      },
    });
    expect(Object.keys(api).sort()).toEqual(
      ['account', 'admin', 'affiliates', 'appointments', 'approvals', 'auth', 'bot', 'customers', 'invoices', 'media', 'notifications',
        'organizations', 'public', 'reviews', 'search', 'services', 'subscriptions', 'system', 'tickets', 'user', 'vendors'].sort(),
    );
    expect(await Effect.runPromise(api.notifications.alerts())).toEqual([notification]);
    expect(seen).toEqual([`GET /api/notification-alerts Bearer ${TOKEN}`]);
  });
});

describe('tags the server does not implement yet call their contract operation', () => {
  it('a page reply hands the port its items; ids are decoded', async () => {
    const { http, requests } = testClient(() => json(200, { items: [appointment], total: 1 }));
    const api = httpApiFrom(http);
    const list = await Effect.runPromise(api.appointments.list({ status: 'active', page: 1 }));
    expect(list).toEqual([appointment]);
    expect(requests[0]?.url.pathname).toBe('/api/appointments');
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({ status: 'active', page: '1' });
  });

  it("the vendor's day decodes with its note; the appointment changes call their own paths", async () => {
    const day = { date: '2026-11-23', note: { note: 'Edger', status: 'done', date: '2026-11-23' }, items: [appointment] };
    const { http, requests } = testClient((request) => json(200, new URL(request.url).pathname === '/api/appointments/today' ? day : appointment));
    const api = httpApiFrom(http);
    expect(await Effect.runPromise(api.appointments.today({ date: '2026-11-23' }))).toEqual(day);
    expect(requests[0]?.url.search).toBe('?date=2026-11-23');
    const id = Schema.decodeUnknownSync(AppointmentId)(APPOINTMENT_ID);
    await Effect.runPromise(api.appointments.cancel(id, { note: 'Away' }));
    await Effect.runPromise(api.appointments.rainDelay(id, { start_time: '2026-11-27T15:00:00.000Z' }));
    await Effect.runPromise(api.appointments.exception(id, { note: 'Gate locked' }));
    await Effect.runPromise(api.appointments.reinstate(id));
    await Effect.runPromise(api.appointments.enable(id));
    expect(requests.slice(1).map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      `PUT /api/appointments/cancel/${APPOINTMENT_ID}`,
      `PUT /api/appointments/rain-delay/${APPOINTMENT_ID}`,
      `PUT /api/appointments/exception/${APPOINTMENT_ID}`,
      `PUT /api/appointments/reinstate/${APPOINTMENT_ID}`,
      `PUT /api/appointments/enable/${APPOINTMENT_ID}`,
    ]);
  });

  it('the 501 of an unimplemented operation reaches the caller as it is', async () => {
    const { http } = testClient(() => json(501, { message: 'Not implemented yet: getCustomer', code: 'not_implemented' }));
    const error = await failureOf(httpApiFrom(http).customers.get(ids.account));
    expect(error).toMatchObject({ _tag: 'ApiError', status: 501, code: 'not_implemented', message: 'Not implemented yet: getCustomer' });
  });

  it('a record without its typed id is Invalid', async () => {
    const { http } = testClient(() => json(200, { _id: 'not-an-id', status: 'active' }));
    const id = Schema.decodeUnknownSync(AppointmentId)(APPOINTMENT_ID);
    expect(await failureOf(httpApiFrom(http).appointments.get(id))).toBeInstanceOf(Invalid);
  });

  it('a state change answers the decoded record', async () => {
    const subscription = {
      _id: SUBSCRIPTION_ID,
      status: 'paused',
      customer_id: ACCOUNT_ID,
      service_data: { name: 'Lawn mowing' },
      plan_id: 'plan-week-m',
      frequency: 'week',
    };
    const { http, requests } = testClient(() => json(200, subscription));
    const orderId = Schema.decodeUnknownSync(OrderId)(ACCOUNT_ID);
    expect(await Effect.runPromise(httpApiFrom(http).subscriptions.pause({ orderId }))).toEqual(subscription);
    expect(requests[0]).toMatchObject({ method: 'POST', body: { orderId: ACCOUNT_ID } });
  });

  it('the referral card of an unknown referral id is NotFound', async () => {
    const { http } = testClient(() => json(200, { valid: false, affiliate: null }));
    const error = await failureOf(httpApiFrom(http).public.referralId({ affiliate_id: Schema.decodeUnknownSync(ReferralId)('nobody') }));
    expect(error).toMatchObject({ _tag: 'NotFound' });
  });

  it("address validation gives the normalised address and its ZIP code's time zone, or 'Not in service area'", async () => {
    const address = { address_formatted: '12 Elm Street, Springfield, IL 62701', street_number: '12', street: 'Elm Street', unit: null, city: 'Springfield', state: 'IL', postal_code: '62701' };
    const input = { address: { street_number: '12', street: 'Elm Street', city: 'springfield', state: 'IL', postal_code: '62701' } };
    const served = testClient(() => json(200, { valid: true, inServiceArea: true, address, time_zone: 'America/Chicago' }));
    expect(await Effect.runPromise(httpApiFrom(served.http).public.validateAddress(input))).toEqual({ valid: true, inServiceArea: true, address, timeZone: 'America/Chicago' });
    const outside = testClient(() => json(200, { valid: true, inServiceArea: false, address: null, time_zone: null, message: 'Not in service area' }));
    expect(await Effect.runPromise(httpApiFrom(outside.http).public.validateAddress(input))).toEqual({ valid: true, inServiceArea: false, message: 'Not in service area' });
  });
});

describe('media.upload (accounts §7)', () => {
  const ticket = { url: `${BASE_URL}/media/upload`, key: 'k1', expires: '2025-05-01T10:00:00.000Z', fields: { key: 'k1', expires: '1746093600', signature: 'sig' } };
  const file: UploadFile = { name: 'lawn.png', type: 'image/png', size: 4, body: new Blob(['abcd'], { type: 'image/png' }) };
  const stored = { _id: MEDIA_ID, key: 'k1', file: { type: 'image/png', name: 'lawn.png', size: 4, path: '/api/media/file?key=k1' } };

  const recording = (status: number, body: unknown) => {
    const calls: UploadRequest[] = [];
    const uploader: Uploader = async (request) => {
      calls.push(request);
      request.onProgress?.(0.5);
      return { status, statusText: '', headers: new Headers({ 'x-api-version': '3.0.0' }), body };
    };
    return { calls, uploader };
  };

  it('posts exactly the issued fields, then the content type and the file, with the bearer token; reports progress', async () => {
    const { http } = testClient(() => json(200, {}));
    const { calls, uploader } = recording(201, stored);
    const progress: number[] = [];
    const media = await Effect.runPromise(httpApiFrom(http, { uploader }).media.upload(ticket, file, (f) => progress.push(f)));
    expect(media).toEqual(stored);
    expect(progress).toEqual([0.5, 1]);
    const form = calls[0]?.form;
    expect([...(form?.keys() ?? [])]).toEqual(['key', 'expires', 'signature', 'Content-Type', 'file']);
    expect(form?.get('Content-Type')).toBe('image/png');
    expect(calls[0]?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}`, 'x-platform': 'web', 'x-device-type': 'browser' });
    expect(http.apiVersion()).toBe('3.0.0');
  });

  it('a foreign upload address gets no headers (no token leaves the API)', async () => {
    const { http } = testClient(() => json(200, {}));
    const { calls, uploader } = recording(201, stored);
    await Effect.runPromise(httpApiFrom(http, { uploader }).media.upload({ ...ticket, url: 'https://bucket.example.com/' }, file));
    expect(calls[0]?.headers).toEqual({});
  });

  it('a refused upload carries the server message; a token failure is reported', async () => {
    const { http, unauthorized } = testClient(() => json(200, {}));
    const refused = recording(400, { message: 'The upload address has expired', code: 'invalid_request' });
    expect(await failureOf(httpApiFrom(http, { uploader: refused.uploader }).media.upload(ticket, file))).toMatchObject({
      _tag: 'ApiError',
      message: 'The upload address has expired',
    });
    const expired = recording(401, { message: 'User token authentication failed', code: 'unauthorized' });
    expect(await failureOf(httpApiFrom(http, { uploader: expired.uploader }).media.upload(ticket, file))).toMatchObject({ _tag: 'Unauthorized' });
    expect(unauthorized).toHaveLength(1);
  });

  it('fileUrl is the media/file address of the key', () => {
    const { http } = testClient(() => json(200, {}));
    expect(httpApiFrom(http).media.fileUrl('a b/c')).toBe(`${BASE_URL}/media/file?key=a%20b%2Fc`);
  });
});
