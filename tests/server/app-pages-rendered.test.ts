import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagesFile } from '../../src/core/model/build-files';
import { startTestServer, type TestServer } from './harness';

// A small build with pages rendered ahead of time (tools/prerender.ts writes .vite/pages.json): the login page in both
// languages, a frame per layout, the login screen's stylesheet to inline, and the Spanish catalogue's chunk.
const clientDir = mkdtempSync(join(tmpdir(), 'tendwell-rendered-'));
const index = `<!doctype html><html lang="en"><head><title>Tendwell</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"><!--app--><div class="boot-header"></div><!--/app--></div></body></html>`;
const manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true },
  'src/ui/screens/auth/LoginScreen.tsx': { file: 'assets/LoginScreen-l1.js', isDynamicEntry: true, css: ['assets/LoginScreen-l1.css'] },
  'src/ui/screens/notifications/DashboardScreen.tsx': { file: 'assets/DashboardScreen-d1.js', isDynamicEntry: true, css: ['assets/DashboardScreen-d1.css'] },
  'src/ui/i18n/es.json': { file: 'assets/es-c1.js', isDynamicEntry: true },
};
const screens = { screens: { login: ['src/ui/screens/auth/LoginScreen.tsx'], 'customer.dashboard': ['src/ui/screens/notifications/DashboardScreen.tsx'] }, signedIn: [] };
const pages: PagesFile = {
  pages: {
    login: { en: '<main><h1>Log in to Tendwell</h1></main>', es: '<main><h1>Inicie sesión en Tendwell</h1></main>' },
    'login?password_reset': { en: '<main><h1>Choose a new password</h1></main>', es: '<main><h1>Elija una contraseña nueva</h1></main>' },
  },
  frames: { en: { card: '<header></header><main role="status" aria-label="Loading…"></main>' }, es: { card: '<header></header><main role="status" aria-label="Cargando…"></main>' } },
  routes: { login: 'card', register: 'card', 'customer.dashboard': 'card', home: 'card' },
};
mkdirSync(join(clientDir, '.vite'), { recursive: true });
mkdirSync(join(clientDir, 'assets'), { recursive: true });
writeFileSync(join(clientDir, 'index.html'), index);
writeFileSync(join(clientDir, 'assets', 'LoginScreen-l1.css'), '.field{color:green}\n');
writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
writeFileSync(join(clientDir, '.vite', 'screens.json'), JSON.stringify(screens));
writeFileSync(join(clientDir, '.vite', 'pages.json'), JSON.stringify(pages));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, language?: string) => server.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });
const rootOf = (html: string) => /<div id="root"[^>]*>[\s\S]*<\/div><\/body>/.exec(html)?.[0];

describe('the pages rendered ahead of time (server/app-pages.ts, src/core/rules/prerender.ts)', () => {
  it("/login is the rendered page in the visitor's language, marked for the app to take over, its styles inline", async () => {
    const english = await get('/login');
    expect(english.headers.vary).toMatch(/accept-language/i);
    expect(english.body).toContain('<html lang="en">');
    expect(rootOf(english.body)).toBe('<div id="root" data-prerendered="login:en"><main><h1>Log in to Tendwell</h1></main></div></body>');
    expect(english.body).toContain('<style>.field{color:green}</style>');
    expect(english.body).not.toContain('rel="preload" as="style"');

    const spanish = await get('/login', 'es-MX,es;q=0.9,en;q=0.5');
    expect(spanish.body).toContain('<html lang="es">');
    expect(rootOf(spanish.body)).toBe('<div id="root" data-prerendered="login:es"><main><h1>Inicie sesión en Tendwell</h1></main></div></body>');
    // The Spanish catalogue arrives beside the entry: the app takes the page over once it has.
    expect(spanish.body).toContain('<link rel="modulepreload" crossorigin href="/assets/es-c1.js">');
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
  });

  it('the language is the most preferred one the header names; English when it names none the product speaks', async () => {
    expect((await get('/login', 'fr-FR,es;q=0.8')).body).toContain('data-prerendered="login:en"');
    expect((await get('/login', 'en;q=0.4, es;q=0.9')).body).toContain('data-prerendered="login:es"');
    expect((await get('/login', 'de')).body).toContain('<html lang="en">');
  });

  it('query parameters that change nothing on screen keep the rendered page; those that do get their own or the frame', async () => {
    expect((await get('/login?redirectFrom=%2Fbilling')).body).toContain('data-prerendered="login:en"');
    expect((await get('/login?password_reset=abc123')).body).toContain('data-prerendered="login?password_reset:en"');
    expect((await get('/login?password_reset=abc123')).body).toContain('Choose a new password');
    // A sign-up page opened with a prefilled e-mail is not the page rendered at build time: the app renders it.
    const prefilled = await get('/register?email=someone%40example.com');
    expect(prefilled.body).not.toContain('data-prerendered');
    expect(rootOf(prefilled.body)).toBe('<div id="root"><header></header><main role="status" aria-label="Loading…"></main></div></body>');
  });

  it('/ is the sign-in page (a visitor goes there); a signed-in page is the frame of its layout, styles preloaded only', async () => {
    expect((await get('/')).body).toContain('data-prerendered="login:en"');
    const dashboard = await get('/dashboard', 'es');
    expect(rootOf(dashboard.body)).toBe('<div id="root"><header></header><main role="status" aria-label="Cargando…"></main></div></body>');
    expect(dashboard.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/DashboardScreen-d1.css">');
    expect(dashboard.body).toContain('<html lang="es">');
  });
});
