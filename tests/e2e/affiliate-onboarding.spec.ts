import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { OutboxApi } from './pages/OutboxApi';
import { RegisterPage } from './pages/RegisterPage';

/**
 * Issue 11 "Payout onboarding (vendors, organizations and affiliates alike)"; accounts §4: an affiliate without
 * meta.initialSetup goes to onboarding. A new affiliate registers on /register-affiliate and lands on
 * /affiliate/onboarding; it confirms its account from the e-mailed link and logs in again, and the gate brings it
 * back to the onboarding. It connects its payout account on the sandbox provider's page and comes back, gives its
 * bank account, finishes, and lands on /affiliate/dashboard — where it stays after logging in again.
 */

const step = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('a new affiliate registers, onboards through the sandbox payout flow, and lands on its dashboard', async ({ page, request }) => {
  test.setTimeout(150_000);
  const email = `rowan-${Date.now()}@example.com`;
  const password = 'rowan-pass-1';
  const outbox = new OutboxApi(request);

  const register = new RegisterPage(page);
  await register.open('/register-affiliate', 'Become a Tendwell affiliate');
  await register.fill({ firstName: 'Rowan', lastName: 'Reed', email, password });
  await register.submit.click();
  await expect(page).toHaveURL(/\/affiliate\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your affiliate account' })).toBeVisible();
  const left = page.getByRole('region', { name: 'What is left' });
  await expect(left.getByText('Connect your payout account')).toBeVisible();

  // The confirmation e-mail: its link confirms the account; logging in again, the gate brings the affiliate back here.
  const confirm = await outbox.link(email, 0, 'confirm_account=');
  await page.goto('/logout');
  const login = new LoginPage(page);
  await expect(login.heading).toBeVisible();
  await page.goto(confirm.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Your account is confirmed.')).toBeVisible();
  await login.logIn(email, password);
  await expect(page).toHaveURL(/\/affiliate\/onboarding$/);
  await page.goto('/affiliate/dashboard');
  await expect(page).toHaveURL(/\/affiliate\/onboarding$/);

  // The steps: payout account, bank account, finish.
  const steps = page.getByRole('navigation', { name: 'Set-up steps' });
  await expect(steps.getByRole('button')).toHaveText([/Payout account/, /Bank account/, /Finish/]);

  // The payout account: the sandbox provider's page shows the affiliate; Continue comes back with code and state_key.
  await expect(step(page, 'Payout account')).toBeVisible();
  await page.getByRole('button', { name: 'Set up payout account' }).click();
  await page.getByRole('link', { name: 'Continue to the payment provider' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up payouts for Rowan' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/affiliate\/onboarding$/);
  await expect(page.getByText('Your payout account is connected.')).toBeVisible();
  await expect(left.getByText('Everything needed is in place: you can finish set-up.')).toBeVisible();

  // The bank account (an individual's, the holder's name filled in), with the keyboard.
  await expect(step(page, 'Bank account')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Individual' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /Account holder name/ })).toHaveValue('Rowan Reed');
  await page.getByRole('textbox', { name: /Routing number/ }).fill('110000000');
  await page.getByRole('textbox', { name: /Account number/ }).fill('000123456789');
  await page.getByRole('textbox', { name: /Account number/ }).press('Enter');
  await expect(step(page, 'Finish')).toBeVisible();
  await page.getByRole('button', { name: /Bank account/ }).click();
  await expect(page.getByText(/Payouts go to .* ending in 6789 \(verified\)\./)).toBeVisible();

  // Finish: the dashboard opens, and stays the affiliate's home after logging in again.
  await steps.getByRole('button', { name: /Finish/ }).click();
  await expect(page.getByText('When you finish, your affiliate dashboard opens. You can change your bank account later.')).toBeVisible();
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(page).toHaveURL(/\/affiliate\/dashboard$/);
  await page.goto('/logout');
  await expect(login.heading).toBeVisible();
  await login.logIn(email, password);
  await expect(page).toHaveURL(/\/affiliate\/dashboard$/);
});
