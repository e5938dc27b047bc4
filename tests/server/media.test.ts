/**
 * Ticket files through the upload-address flow (bookings §5: jpg or png under 500 kb) on the real server:
 * the type is read from the bytes, not the name; oversize and forged uploads are refused with 400/403; only
 * people who may read the ticket may read its files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LAWN_PHOTO } from '../../server/adapters/media/demo-files';
import { demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const LOGINS = ['super', 'customer', 'newcustomer', 'vendor'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;

beforeAll(async () => {
  server = await startTestServer({ mediaDir: `.data-test/media-${process.pid}-${Date.now()}` });
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(() => server?.close());

const json = async (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: bearer(token) });
  return { status: res.statusCode, body: (res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : {}) as Json, raw: res.rawPayload, type: res.headers['content-type'] };
};

/** The multipart body a browser would send for the issued fields and the file. */
const multipart = async (fields: Record<string, string>, file: Uint8Array, name: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
};

const upload = async (token: string, fields: Record<string, string>, file: Uint8Array, name = 'photo.png') => {
  const { payload, contentType } = await multipart(fields, file, name);
  const res = await server.app.inject({ method: 'POST', url: '/api/media/upload', payload, headers: { ...bearer(token), 'content-type': contentType } });
  return { status: res.statusCode, body: res.json() as Json };
};

const address = async (token: string, type: string, size: number, ticket_id?: string) =>
  json('PUT', '/media/upload/getUrl', token, { data: { purpose: 'ticket', ...(ticket_id ? { ticket_id } : {}) }, file: { name: 'photo', type, size } });

/** A png of `size` bytes: the real signature and header, padded. */
const pngOf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(DEMO_LAWN_PHOTO.subarray(0, Math.min(size, DEMO_LAWN_PHOTO.length)));
  return bytes;
};

describe('ticket files: jpg or png under 500 KB', () => {
  it('refuses other types and sizes before upload, with clear messages', async () => {
    expect(await address(tokens.customer, 'application/pdf', 1000)).toMatchObject({ status: 400, body: { message: 'Ticket files must be jpg or png images' } });
    expect(await address(tokens.customer, 'image/webp', 1000)).toMatchObject({ status: 400, body: { message: 'Ticket files must be jpg or png images' } });
    expect(await address(tokens.customer, 'image/png', 500 * 1024)).toMatchObject({ status: 400, body: { message: 'Ticket files must be under 500 KB' } });
  });

  it('refuses a file whose bytes are not a jpg or png, whatever its name says', async () => {
    const issued = await address(tokens.customer, 'image/png', 100);
    const text = new TextEncoder().encode('#!/bin/sh\necho not an image\n');
    expect(await upload(tokens.customer, issued.body.fields, text, 'innocent.png')).toMatchObject({ status: 400, body: { message: 'Ticket files must be jpg or png images' } });
  });

  it('refuses a file of 500 KB or more even when a smaller size was declared', async () => {
    const issued = await address(tokens.customer, 'image/png', 1000);
    expect(await upload(tokens.customer, issued.body.fields, pngOf(500 * 1024))).toMatchObject({ status: 400, body: { message: 'Ticket files must be under 500 KB' } });
  });

  it('refuses a forged signature (403) and another user using the issued fields (403)', async () => {
    const issued = await address(tokens.customer, 'image/png', 1000);
    expect((await upload(tokens.customer, { ...issued.body.fields, signature: 'f'.repeat(64) }, pngOf(1000))).status).toBe(403);
    expect((await upload(tokens.newcustomer, issued.body.fields, pngOf(1000))).status).toBe(403);
  });

  it('refuses unexpected form fields', async () => {
    const issued = await address(tokens.customer, 'image/png', 1000);
    const res = await upload(tokens.customer, { ...issued.body.fields, acl: 'public-read' }, pngOf(1000));
    expect(res).toMatchObject({ status: 400, body: { message: expect.stringContaining("Unexpected form field 'acl'") } });
  });
});

describe('only people who may read the ticket may read its files', () => {
  it('a png attached to a comment: the customer, its vendor-less ticket\'s support read it; another customer and a vendor get 404', async () => {
    const ticket = demoId('ticket:customer-waiting');
    const issued = await address(tokens.customer, 'image/png', 2000, ticket);
    expect(issued.status).toBe(200);
    const stored = await upload(tokens.customer, issued.body.fields, pngOf(2000), 'lawn.png');
    expect(stored).toMatchObject({ status: 201, body: { file: { type: 'image/png', size: 2000, name: 'lawn.png' }, purpose: 'ticket', ticket_id: null } });
    const id = stored.body._id as string;

    // Another customer cannot attach it to anything of theirs.
    const theft = await json('POST', '/tickets', tokens.newcustomer, { subject: 'mine', comment: 'look', type: 'general', media: [id] });
    expect(theft.status).toBe(400);

    const sent = await json('PUT', '/tickets/comment', tokens.customer, { ticket_id: ticket, comment: 'Here is a photo.', media: [id] });
    expect(sent.status).toBe(200);
    expect(sent.body.comments.at(-1).media).toEqual([id]);

    const key = encodeURIComponent(stored.body.key as string);
    for (const who of ['customer', 'super'] as const) {
      expect((await json('GET', `/media/one/${id}`, tokens[who])).body).toMatchObject({ _id: id, ticket_id: ticket });
      const file = await json('GET', `/media/file?key=${key}`, tokens[who]);
      expect(file.status).toBe(200);
      expect(file.type).toBe('image/png');
      expect(Buffer.compare(file.raw, Buffer.from(pngOf(2000)))).toBe(0);
    }
    for (const who of ['newcustomer', 'vendor'] as const) {
      expect(await json('GET', `/media/one/${id}`, tokens[who])).toMatchObject({ status: 404, body: { message: 'Media not found' } });
      expect((await json('GET', `/media/file?key=${key}`, tokens[who])).status).toBe(404);
    }
  });

  it("the demo ticket's photo is served to its customer and not to another", async () => {
    const id = demoId('media:lawn-photo');
    const mine = await json('GET', `/media/one/${id}`, tokens.customer);
    expect(mine.body).toMatchObject({ file: { type: 'image/png' }, ticket_id: demoId('ticket:customer-open') });
    const file = await json('GET', mine.body.file.path.replace(/^\/api/, ''), tokens.customer);
    expect(file.raw.subarray(0, 8)).toEqual(DEMO_LAWN_PHOTO.subarray(0, 8));
    expect((await json('GET', `/media/one/${id}`, tokens.newcustomer)).status).toBe(404);
  });

  it('an unsent upload can be removed by its uploader only', async () => {
    const issued = await address(tokens.customer, 'image/jpeg', 10);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const stored = await upload(tokens.customer, issued.body.fields, jpeg, 'a.jpg');
    expect(stored.status).toBe(201);
    expect((await json('PUT', '/media/file/delete', tokens.newcustomer, { key: stored.body.key })).status).toBe(404);
    expect((await json('PUT', '/media/file/delete', tokens.customer, { key: stored.body.key })).status).toBe(200);
    expect((await json('GET', `/media/one/${stored.body._id}`, tokens.customer)).status).toBe(404);
  });
});
