import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';

/** How many times the page fetched each built script, by file name (a preload used is one fetch, not two). */
const scriptFetches = (page: Page): Map<string, number> => {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const file = /\/assets\/([^/?]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
    if (file) counts.set(file, (counts.get(file) ?? 0) + 1);
  });
  return counts;
};

test.describe("each route's page (server/app-pages.ts)", () => {
  test("/login is served with its screen's chunk preloaded, and the browser fetches that chunk once", async ({ page }) => {
    const served = await (await page.request.get('/login', { headers: { 'accept-encoding': 'br' } })).text();
    const chunk = /<link rel="modulepreload" crossorigin href="\/assets\/(LoginScreen-[\w-]+\.js)">/.exec(served)?.[1];
    expect(chunk, 'the login screen chunk is preloaded in the page').toBeTruthy();

    const fetches = scriptFetches(page);
    await new LoginPage(page).open();
    expect(fetches.get(chunk as string)).toBe(1);
    // Nothing else was fetched twice either (a preload the module loader did not reuse would show up here).
    expect([...fetches].filter(([, n]) => n > 1)).toEqual([]);
  });

  test('a signed-in route preloads its screen and the HTTP adapters, and renders signed in', async ({ page }) => {
    const served = await (await page.request.get('/dashboard')).text();
    expect(served).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/DashboardScreen-[\w-]+\.js">/);
    expect(served).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/api-[\w-]+\.js">/);

    const fetches = scriptFetches(page);
    const login = new LoginPage(page);
    await login.open('/dashboard');
    await login.logIn('customer@tendwell.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect([...fetches].filter(([, n]) => n > 1)).toEqual([]);
  });
});
