import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

// A small build of our own: an entry that imports a shared chunk, the login screen (which imports the same
// shared chunk and one of its own, with a stylesheet), the dashboard screen, and the signed-in HTTP adapters.
const clientDir = mkdtempSync(join(tmpdir(), 'tendwell-pages-'));
const index = `<!doctype html><html><head><title>Tendwell</title><script type="module" crossorigin src="/assets/index-e1.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-s1.js"></head><body><div id="root"></div></body></html>`;
const manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_shared-s1.js'], css: ['assets/index-e1.css'] },
  '_shared-s1.js': { file: 'assets/shared-s1.js' },
  'src/ui/screens/auth/LoginScreen.tsx': { file: 'assets/LoginScreen-l1.js', isDynamicEntry: true, imports: ['_shared-s1.js', '_PasswordField-p1.js'], css: ['assets/LoginScreen-l1.css'] },
  '_PasswordField-p1.js': { file: 'assets/PasswordField-p1.js', css: ['assets/PasswordField-p1.css'] },
  'src/ui/screens/notifications/DashboardScreen.tsx': { file: 'assets/DashboardScreen-d1.js', isDynamicEntry: true, imports: ['_shared-s1.js'] },
  'src/adapters/http/api.ts': { file: 'assets/api-a1.js', isDynamicEntry: true },
};
const screens = { screens: { login: ['src/ui/screens/auth/LoginScreen.tsx'], 'customer.dashboard': ['src/ui/screens/notifications/DashboardScreen.tsx'] }, signedIn: ['src/adapters/http/api.ts'] };
mkdirSync(join(clientDir, '.vite'), { recursive: true });
writeFileSync(join(clientDir, 'index.html'), index);
writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
writeFileSync(join(clientDir, '.vite', 'screens.json'), JSON.stringify(screens));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const links = (html: string) => html.match(/<link [^>]*>/g) ?? [];

describe("each route's page preloads its screen's chunks (server/app-pages.ts)", () => {
  it("/login: the login screen's chunk, its own import and both stylesheets, nothing index.html already loads", async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(links(res.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/shared-s1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/LoginScreen-l1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/PasswordField-p1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/LoginScreen-l1.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/PasswordField-p1.css">',
    ]);
    // Everything else of index.html is unchanged, and the links go in its head.
    expect(res.body.replace(/<link rel="(modulepreload|preload)"[^>]*href="\/assets\/(LoginScreen|PasswordField)[^>]*>/g, '')).toBe(index);
  });

  it("a signed-in route: its screen and what every signed-in page loads (the HTTP adapters)", async () => {
    const res = await get('/dashboard');
    expect(links(res.body).slice(1)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/DashboardScreen-d1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/api-a1.js">',
    ]);
  });

  it('the root (signed in, it redirects to the role home): only what every signed-in page loads', async () => {
    const res = await get('/');
    expect(res.body).toBe(index.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/api-a1.js"></head>'));
  });

  it('an unknown path: index.html as it is', async () => {
    const res = await get('/no/such/page');
    expect({ status: res.statusCode, body: res.body }).toEqual({ status: 200, body: index });
  });

  it('sends brotli or gzip by the Accept-Encoding, the same page either way', async () => {
    const plain = (await get('/login')).body;
    const br = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it("honours a refusal in Accept-Encoding (q=0), and sends the plain page when nothing else is taken", async () => {
    expect((await get('/login', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await get('/login', { 'accept-encoding': 'br; q=0.0, gzip;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('LoginScreen-l1.js');
  });

  it('answers 304 to a browser that has the page, and a new page when the route differs', async () => {
    const first = await get('/login');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/login', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('/dashboard', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await server.app.inject({ method: 'HEAD', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe('');
  });
});
