import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { DEMO_PASSWORD, LoginPage } from './LoginPage';

/**
 * Signing in, shared by every spec: through the real /login form in the browser, or through POST auth/login for
 * the API calls a spec prepares its data with.
 */

/** Signs `page` in through /login and waits until the app has left the login form. */
export async function signInOn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<Page> {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** A new browser context (its own cookies; `options`: viewport, timezoneId, locale…) signed in as `email`. */
export async function signedIn(browser: Browser, email: string, options: BrowserContextOptions & { password?: string } = {}): Promise<Page> {
  const { password, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  return signInOn(await context.newPage(), email, password);
}

/** The API token of a login (the demo password unless another is given). */
export async function tokenOf(request: APIRequestContext, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username: email, password, platform: 'web' } });
  if (!res.ok()) throw new Error(`login of ${email} answered ${res.status()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The Authorization header of a login. */
export const bearerOf = async (request: APIRequestContext, email: string, password?: string): Promise<{ authorization: string }> => ({
  authorization: `Bearer ${await tokenOf(request, email, password)}`,
});
