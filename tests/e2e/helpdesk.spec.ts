import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';

/** The help desk end to end (issue 10): a customer's ticket, support's answer, the customer reads it. */

const logOut = async (page: Page) => {
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Tendwell' })).toBeVisible();
};

test('customer@ opens a ticket, super@ answers it, the customer sees the answer', async ({ page }) => {
  const subject = `Hose left running ${Date.now()}`;
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('customer@tendwell.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/help-desk');
  await expect(page.getByRole('heading', { level: 1, name: 'Help desk' })).toBeVisible();
  await page.getByRole('link', { name: 'New ticket', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Describe your request').fill('The crew left the hose running by the gate.');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page).toHaveURL(/\/help-desk\/ticket\/[0-9a-f]{24}$/);
  const threadUrl = new URL(page.url()).pathname;
  await expect(page.getByText('The crew left the hose running by the gate.')).toBeVisible();
  await logOut(page);

  await login.logIn('super@tendwell.test');
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/help-desk');
  await page.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await page.getByLabel('Your comment').fill('Sorry about that, we have told the crew.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sorry about that, we have told the crew.', { exact: true })).toBeVisible();
  await logOut(page);

  await login.logIn('customer@tendwell.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(threadUrl);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('Sorry about that, we have told the crew.', { exact: true })).toBeVisible();
});
