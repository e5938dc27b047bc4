/**
 * Limits before work (issue 21 §4) and the Content-Security-Policy's connect-src (§5): a body is limited while it
 * streams — the Stripe webhook's raw-body hook included — and multipart is parsed only on the upload route.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_PATH } from '../../server/operations/payments';
import { persistentData, startListeningServer } from './harness';

type Listening = Awaited<ReturnType<typeof startListeningServer>>;

let server: Listening;
let drop: () => Promise<void>;
/** What the server read from the socket of each webhook request, as it answered. */
const read: number[] = [];

beforeAll(async () => {
  const data = await persistentData();
  drop = data.drop;
  server = await startListeningServer(await data.open(), {
    beforeListening: async (app) => {
      // The socket is captured when the request comes: by the answer it may be detached from the request.
      const sockets = new WeakMap<object, { bytesRead: number }>();
      app.addHook('onRequest', async (request) => {
        sockets.set(request, request.raw.socket);
      });
      app.addHook('onResponse', async (request) => {
        if (request.url.split('?')[0] === WEBHOOK_PATH) read.push(sockets.get(request)?.bytesRead ?? Number.NaN);
      });
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await drop?.();
});

/** Streams up to `total` bytes chunked (no content-length) to `path`, stopping when the answer comes. */
const streamBody = (path: string, total: number, headers: Record<string, string>) =>
  new Promise<{ status: number; written: number }>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = httpRequest(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      answered = true;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, written }));
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });

describe('body limits hold while the body streams', () => {
  it('a 150 MB chunked body on the Stripe webhook is refused (413) before 1 MB of it is read', async () => {
    const res = await streamBody(WEBHOOK_PATH, 150 * 1024 * 1024, { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' });
    expect(res.status).toBe(413);
    expect(read.at(-1)).toBeLessThan(1024 * 1024);
    expect(res.written).toBeLessThan(150 * 1024 * 1024);
  });

  it('a declared length over the limit is refused before anything is read', async () => {
    const res = await fetch(`${server.url}${WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(600 * 1024) }) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
  });
});

describe('multipart is parsed on the upload route only', () => {
  it('a public route refuses a multipart body (415) and reads next to none of it', async () => {
    const res = await streamBody('/api/auth/login', 20 * 1024 * 1024, { 'content-type': 'multipart/form-data; boundary=x' });
    expect(res.status).toBe(415);
    expect(res.written).toBeLessThan(20 * 1024 * 1024);
  });

  it('the upload route still takes multipart (refused for its fields, not its type)', async () => {
    const form = new FormData();
    form.set('key', 'nothing');
    const res = await fetch(`${server.url}/api/media/upload`, { method: 'POST', body: form });
    expect(res.status).not.toBe(415);
    expect(res.status).toBeLessThan(500);
  });
});

describe('Content-Security-Policy', () => {
  it("connect-src allows the app's own WebSocket origin, not any ws: or wss: host", async () => {
    const res = await fetch(`${server.url}/api/ping`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const connect = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'))!;
    expect(connect.split(/\s+/)).toEqual(['connect-src', "'self'", `ws://${new URL(server.config.publicUrl).host}`]);
  });
});
