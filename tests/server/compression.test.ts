import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../tools/precompress';
import { bearer, login, startTestServer, type TestServer } from './harness';

// A small built web app of our own, precompressed the way `npm run build` does (tools/precompress.ts).
const clientDir = mkdtempSync(join(tmpdir(), 'tendwell-client-'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const html = `<!doctype html><html><head><title>Tendwell</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), html);
writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), script);
writeFileSync(join(clientDir, 'assets', 'tiny-abc123.js'), 'export {};\n');
mkdirSync(join(clientDir, '.vite'));
writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{}');
precompressDir(clientDir);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, token?: string) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(token ? bearer(token) : {}) },
  });

describe('built assets are sent precompressed by the Accept-Encoding of the client', () => {
  it('sends brotli to a client that accepts it, and the bytes decode to the asset', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('sends a file under 1 KiB as it is, still immutable', async () => {
    const res = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('export {};\n');
  });

  it('sends index.html compressed and never cached, at any client route', async () => {
    for (const url of ['/', '/login', '/dashboard/anything']) {
      const res = await get(url, 'br');
      expect({ url, status: res.statusCode, encoding: res.headers['content-encoding'] }).toEqual({ url, status: 200, encoding: 'br' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });
});

describe('the web app at its folders and at paths that are no file', () => {
  it('sends index.html, to a client that accepts no compression too, and never a dot file', async () => {
    for (const url of ['/', '/assets/', '/assets', '/login/', '/assets/gone-abc123.js', '/.vite/manifest.json']) {
      const res = await get(url);
      expect({ url, status: res.statusCode, type: res.headers['content-type'] }).toEqual({ url, status: 200, type: expect.stringMatching(/text\/html/) });
      expect(res.body).toBe(html);
    }
  });

  it('answers an unknown API path with the JSON 404, not the web app', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('API answers', () => {
  it('compresses JSON of at least 1 KiB by the Accept-Encoding, and the JSON survives', async () => {
    const token = await login(server.app, 'vendor@tendwell.test');
    const plain = await get('/api/appointments', undefined, token);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get('/api/appointments', 'br', token);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/appointments', 'gzip', token);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends JSON under 1 KiB as it is', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-encoding': 'br, gzip' }, payload: { username: 'nobody@tendwell.test', password: 'wrong-password', platform: 'web' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('message');
  });
});
