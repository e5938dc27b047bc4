import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, LoginPage } from './pages/LoginPage';

/**
 * Live (issue 9): the customer's appointment page is open while the vendor completes the visit on another
 * device; the customer sees the visit change to Complete, with the vendor's note, without reloading the page.
 */

const signedIn = async (browser: Browser, email: string): Promise<Page> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(email);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
};

test('a vendor completes a visit while the customer watches its page, and the page changes without a reload', async ({ browser, request }) => {
  // customer@'s next confirmed visit, as the API lists it.
  const login = await request.post('/api/auth/login', { data: { username: 'customer@tendwell.test', password: DEMO_PASSWORD, platform: 'web' } });
  const { token } = (await login.json()) as { token: string };
  const res = await request.get('/api/appointments?pageSize=100', { headers: { authorization: `Bearer ${token}` } });
  const { items } = (await res.json()) as { items: { _id: string; status: string; start_time: string }[] };
  const now = Date.now();
  const visit = items.find((a) => a.status === 'active' && Date.parse(a.start_time) > now && Date.parse(a.start_time) - now < 7 * 86_400_000);
  expect(visit, 'a confirmed visit of customer@ within the next 7 days').toBeTruthy();

  const customer = await signedIn(browser, 'customer@tendwell.test');
  await customer.goto(`/appointment/${visit!._id}`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Lawn mowing' })).toBeVisible();
  await expect(customer.getByText('Confirmed', { exact: true })).toBeVisible();
  // A mark on the page: it is still there after the change only if the page was not reloaded.
  await customer.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const vendor = await signedIn(browser, 'vendor@tendwell.test');
  await vendor.goto(`/vendor/appointment/${visit!._id}`);
  await vendor.getByLabel('Note for this visit').fill('Mowed, edged and blown; gate closed.');
  await vendor.getByRole('button', { name: 'Complete visit' }).click();
  await expect(vendor.getByText('Complete', { exact: true })).toBeVisible();

  await expect(customer.getByText('Complete', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(customer.getByText('Mowed, edged and blown; gate closed.')).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Photos of the visit' })).toBeVisible();
  expect(await customer.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(new URL(customer.url()).pathname).toBe(`/appointment/${visit!._id}`);
});
