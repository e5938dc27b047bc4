import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

/** Each demo login lands on its home route (README, accounts §2 and the onboarding gates of §4). */
const HOMES = [
  { email: 'customer@tendwell.test', home: '/dashboard' },
  { email: 'affiliate@tendwell.test', home: '/affiliate/dashboard' },
  { email: 'vendor@tendwell.test', home: '/vendor/appointments' },
  { email: 'organization@tendwell.test', home: '/organization/appointments' },
  { email: 'super@tendwell.test', home: '/admin' },
  { email: 'newcustomer@tendwell.test', home: '/customer/onboarding' },
  { email: 'pending-organization@tendwell.test', home: '/organization/pending-approval' },
] as const;

test.describe('signing in', () => {
  for (const { email, home } of HOMES) {
    test(`${email} lands on ${home}`, async ({ page }) => {
      const login = new LoginPage(page);
      const shell = new ShellPage(page);
      await login.open();
      await login.logIn(email);
      await shell.expectPath(home);
      await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('the dashboards show who is signed in and with which account', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('customer@tendwell.test');
    await shell.expectPath('/dashboard');
    await expect(shell.heading('Welcome, Casey')).toBeVisible();
    await expect(shell.main.getByText('customer@tendwell.test')).toBeVisible();
    await expect(shell.main.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  });

  test("a wrong password shows the server's message and stays on the form", async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.logIn('customer@tendwell.test', 'not-the-password');
    await expect(login.alert).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.password).toHaveValue('');
  });

  test('login needs a username', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.password.fill(DEMO_PASSWORD);
    await login.submit.click();
    await expect(login.alert).toHaveText('Username is required');
  });

  test('a visitor opening /billing is sent to log in, then lands on /billing', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open('/billing');
    await shell.expectPath('/login?redirectFrom=%2Fbilling');
    await login.logIn('customer@tendwell.test');
    await shell.expectPath('/billing');
    await expect(shell.menu.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
  });

  test('a customer opening /admin is told the route is not allowed', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('customer@tendwell.test');
    await shell.expectPath('/dashboard');
    await page.goto('/admin');
    await shell.expectPath('/not-authorized');
    await expect(shell.main.getByText('You are not allowed to view this route.')).toBeVisible();
  });

  test('a reload keeps the session; Logout ends it', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('affiliate@tendwell.test');
    await shell.expectPath('/affiliate/dashboard');
    await page.reload();
    await expect(shell.heading('Welcome, Ari')).toBeVisible();

    await shell.logoutLink.click();
    await shell.expectPath('/login');
    await expect(login.heading).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('id_token'))).toBeNull();
    // The session is over: a guarded page asks to log in again.
    await page.goto('/affiliate/dashboard');
    await shell.expectPath('/login?redirectFrom=%2Faffiliate%2Fdashboard');
  });
});

test.describe('accounts', () => {
  test('multi@ switches between its customer and affiliate accounts', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('multi@tendwell.test');
    await shell.expectPath('/dashboard');
    await expect(shell.accountSwitcher).toHaveValue(/.+/);
    await expect(shell.accountSwitcher.locator('option:checked')).toHaveText('Customer');

    await shell.accountSwitcher.selectOption({ label: 'Affiliate' });
    await shell.expectPath('/affiliate/dashboard');
    await expect(shell.accountSwitcher.locator('option:checked')).toHaveText('Affiliate');
    await expect(shell.menu.getByRole('link', { name: 'Promote' })).toBeVisible();

    await shell.accountSwitcher.selectOption({ label: 'Customer' });
    await shell.expectPath('/dashboard');
    await expect(shell.menu.getByRole('link', { name: 'Billing' })).toBeVisible();
  });

  test('a single-account user has no account switcher', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('vendor@tendwell.test');
    await shell.expectPath('/vendor/appointments');
    await expect(shell.accountSwitcher).toHaveCount(0);
  });
});
