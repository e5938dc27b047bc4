import { expect, test, type Browser, type Page } from '@playwright/test';
import { PRERENDERED_PAGES } from '../../src/core/rules/prerender';

/**
 * Issue 20: the public pages paint from the HTML the build rendered (src/prerender.tsx, server/app-pages.ts), in the
 * visitor's language, and React takes them over (hydrateRoot, src/main.tsx) with no visible change and no error.
 */
const LANGUAGES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'es-ES', lang: 'es' },
] as const;

/** Every console error and uncaught error of a page (a hydration mismatch is reported as one of these). */
const problemsOf = (page: Page): string[] => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The reset-password page checks its link's token with the server: an unknown token answers 401, by design.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
};

const takenOver = (page: Page) => expect(page.locator('#root')).toHaveAttribute('data-app', 'hydrated', { timeout: 20_000 });

/** A page whose boot script waits until `release()`: what the browser shows before any script has run. */
const withScriptsHeld = async (browser: Browser, locale: string) => {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { context, page, release };
};

test.describe('public pages paint before the JavaScript and React takes them over', () => {
  for (const { locale, lang } of LANGUAGES) {
    for (const [variant, location] of Object.entries(PRERENDERED_PAGES)) {
      test(`${variant} in ${lang}: the served HTML shows the page, and React takes it over without an error`, async ({ browser }) => {
        // Before any script: the page's heading is in the HTML, in the visitor's language.
        const still = await browser.newContext({ locale, javaScriptEnabled: false });
        const stillPage = await still.newPage();
        await stillPage.goto(location);
        await expect(stillPage.locator('html')).toHaveAttribute('lang', lang);
        const heading = stillPage.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        const served = (await heading.textContent())?.trim();
        expect(served).toBeTruthy();
        await still.close();

        // With the scripts: React hydrates that same page (no render afresh), with no console error.
        const context = await browser.newContext({ locale });
        const page = await context.newPage();
        const problems = problemsOf(page);
        await page.goto(location);
        await takenOver(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(served as string);
        await page.waitForTimeout(300);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  for (const { locale, lang } of LANGUAGES) {
    test(`/login in ${lang}: nothing on screen changes when React takes the page over`, async ({ browser }) => {
      const { context, page, release } = await withScriptsHeld(browser, locale);
      await page.goto('/login', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const before = await page.screenshot();
      release();
      await takenOver(page);
      await page.waitForTimeout(300);
      const after = await page.screenshot();
      expect(after.equals(before), 'the screenshot before the scripts ran equals the one after hydration').toBe(true);
      await context.close();
    });
  }

  test('what is typed into /login before the scripts arrive is kept, and the sign-in works', async ({ browser }) => {
    const { context, page, release } = await withScriptsHeld(browser, 'en-US');
    const problems = problemsOf(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const email = page.getByRole('textbox', { name: /^Email/ });
    await email.fill('customer@tendwell.test');
    await page.getByLabel(/^Password/).fill('tendwell-demo');
    release();
    await takenOver(page);
    await expect(email).toHaveValue('customer@tendwell.test');
    await expect(page.getByLabel(/^Password/)).toHaveValue('tendwell-demo');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('/ for a visitor is the sign-in page, taken over at /login', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await takenOver(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Tendwell' })).toBeVisible();
    await context.close();
  });

  test("a signed-in page is served with its layout's frame, which the app renders over", async ({ browser }) => {
    const still = await browser.newContext({ locale: 'es-ES', javaScriptEnabled: false });
    const stillPage = await still.newPage();
    await stillPage.goto('/dashboard');
    await expect(stillPage.locator('html')).toHaveAttribute('lang', 'es');
    await expect(stillPage.getByRole('banner')).toBeVisible();
    await expect(stillPage.getByRole('status', { name: 'Cargando…' })).toBeVisible();
    await still.close();

    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto('/dashboard');
    // A visitor is sent to sign in; the frame was rendered over, not taken over.
    await expect(page).toHaveURL(/\/login\?redirectFrom=%2Fdashboard$/);
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'rendered');
    await context.close();
  });
});
