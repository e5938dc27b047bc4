/**
 * Issue 8: "advancing the clock a cycle shows a new receipt". Moving the clock would expire every other test's
 * session on the shared e2e server, so this file starts a server of its own (fresh embedded database, its own
 * port), books weekly mowing as a new customer, moves the development clock a week (POST /api/dev/clock: the
 * billing engine runs), signs in again (the week also ended the session) and finds the new charge and its receipt.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { ShellPage } from './pages/ShellPage';

const port = Number(process.env.E2E_CLOCK_PORT ?? 8484);
const base = `http://127.0.0.1:${port}`;
const dataDir = '.data-e2e-clock';
let server: ChildProcess | undefined;

test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, BILLING_INTERVAL_SECONDS: '0' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 340; i += 1) {
    const up = await fetch(`${base}/api/ping`, { method: 'HEAD' }).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the clock test server did not start');
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

test('a week on the development clock bills the subscription, and the new receipt shows', async ({ page, request }) => {
  test.setTimeout(150_000);
  const email = `clock-${Date.now()}@example.com`;
  const register = new RegisterPage(page);
  await register.open('/register');
  await register.fill({ firstName: 'Cleo', lastName: 'Clock', email, password: 'garden-path-8' });
  await register.submit.click();
  await new ShellPage(page).expectPath('/customer/onboarding');

  // Weekly small-lawn mowing in Austin on the first day with a free start time, paid with the 4242 card.
  await page.goto('/services');
  await page.getByRole('link', { name: /Lawn mowing/ }).click();
  await page.getByLabel('Street number').fill('100');
  await page.getByLabel('Street', { exact: true }).fill('Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State (2 letters)').fill('TX');
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText(/^At /)).toBeVisible();
  await page.getByRole('radio', { name: 'Small' }).check();
  await page.getByRole('radio', { name: /^Weekly/ }).check();
  const day = page.getByLabel('Day of the first visit');
  const min = (await day.getAttribute('min')) ?? '';
  for (let offset = 0; offset < 14; offset += 1) {
    const date = new Date(`${min}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    await day.fill(date.toISOString().slice(0, 10));
    const slots = page.getByRole('list', { name: /Start times/ }).getByRole('button');
    // isVisible() answers at once (its timeout is ignored): wait for the day's start times, up to 3 s a day.
    const shown = await slots.first().waitFor({ state: 'visible', timeout: 3000 }).then(() => true, () => false);
    if (shown) {
      await slots.first().click();
      break;
    }
  }
  await page.getByRole('button', { name: 'Continue to cart' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' })).toBeVisible({ timeout: 20_000 });

  await page.goto('/billing');
  const receipts = page.getByRole('link', { name: /^Receipt of the charge of/ });
  await expect(receipts).toHaveCount(1);

  // A week later (and a day, past the first visit's cycle): the engine bills the second cycle.
  const moved = await request.post(`${base}/api/dev/clock`, { data: { days: 8 } });
  expect(moved.status()).toBe(200);
  expect(((await moved.json()) as { billing: { charged: number } }).billing.charged).toBe(1);

  // The week ended the 7-day session: sign in again and find the new charge.
  const login = new LoginPage(page);
  await login.open('/billing');
  await login.logIn(email, 'garden-path-8');
  await new ShellPage(page).expectPath('/billing');
  await expect(receipts).toHaveCount(2);
  await receipts.first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByText('Lawn mowing', { exact: false }).first()).toBeVisible();
});
