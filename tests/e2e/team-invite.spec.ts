import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { OutboxApi } from './pages/OutboxApi';
import { PasswordPages } from './pages/PasswordPages';
import { signInOn } from './pages/session';

/**
 * Issue 11: "it invites a vendor, the vendor claims the account from the outbox link and sets availability".
 * The organization invites a new vendor on /organization/vendor/new and sees it in /organization/vendors. The claim
 * link arrives in the dev outbox; the vendor opens it in its own browser, chooses a password, logs in, goes through
 * the vendor payout onboarding (the sandbox provider, the insurance document) to /vendor, then sets Monday 9:00–17:00
 * on /vendor/availability, and the hours are still there after a reload and on the organization's page of the vendor.
 */

/** A one-page PDF (the media upload checks the bytes, not the name). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const step = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('an organization invites a vendor, who claims the account from the outbox link, onboards and sets its working hours', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const email = `willow-${stamp}@example.com`;
  const lastName = `Invite${stamp}`;
  const outbox = new OutboxApi(request);
  const before = await outbox.count(email);

  // The organization invites the vendor.
  const org = await (await browser.newContext()).newPage();
  await signInOn(org, 'organization@tendwell.test');
  await org.goto('/organization/vendor/new');
  await expect(org.getByRole('heading', { level: 1, name: 'Invite a vendor' })).toBeVisible();
  await org.getByRole('textbox', { name: /^First name/ }).fill('Willow');
  await org.getByRole('textbox', { name: /^Last name/ }).fill(lastName);
  await org.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await org.getByRole('button', { name: 'Send invitation' }).click();
  await expect(org.getByText(`Invitation sent to ${email}. The vendor's account is waiting to be claimed.`)).toBeVisible();
  await org.goto('/organization/vendors');
  await expect(org.getByRole('heading', { level: 1, name: 'Your team' })).toBeVisible();
  await org.getByRole('searchbox', { name: /^Search by name or e-mail/ }).fill(email);
  await org.getByRole('search').getByRole('button', { name: 'Search' }).click();
  const row = org.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Invitation sent');

  // The vendor claims the account from the e-mailed link and chooses its password.
  const link = await outbox.link(email, before, 'claim_account=');
  const vendor = await (await browser.newContext()).newPage();
  const passwords = new PasswordPages(vendor);
  await vendor.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await passwords.heading('Choose a new password');
  await passwords.choose('willow-pass-7');
  await passwords.submit('Set new password');
  await expect(vendor.getByText('New password successfully set')).toBeVisible();
  const login = new LoginPage(vendor);
  await expect(login.heading).toBeVisible({ timeout: 8000 });
  await login.logIn(email, 'willow-pass-7');
  await expect(vendor).toHaveURL(/\/vendor\/onboarding$/);
  await expect(vendor.getByRole('heading', { level: 1, name: 'Set up your vendor account' })).toBeVisible();

  // The payout account on the sandbox provider's page, and back.
  const left = vendor.getByRole('region', { name: 'What is left' });
  await expect(step(vendor, 'Payout account')).toBeVisible();
  await vendor.getByRole('button', { name: 'Set up payout account' }).click();
  await vendor.getByRole('link', { name: 'Continue to the payment provider' }).click();
  await expect(vendor.getByRole('heading', { level: 1, name: 'Set up payouts for Willow' })).toBeVisible();
  await vendor.getByRole('button', { name: 'Continue' }).click();
  await expect(vendor).toHaveURL(/\/vendor\/onboarding$/);
  await expect(vendor.getByText(/Your payout account is connected/)).toBeVisible();
  await expect(left.getByText('Connect your payout account')).toHaveCount(0);

  // The checklist: the insurance document with its validity.
  await expect(step(vendor, 'Checklist')).toBeVisible();
  await vendor.getByLabel(/Document \(PDF or image/).setInputFiles({ name: 'insurance.pdf', mimeType: 'application/pdf', buffer: PDF });
  await vendor.getByLabel(/Valid until/).fill(day(335));
  await vendor.getByRole('button', { name: 'Save insurance document' }).click();
  await expect(left.getByText('Everything needed is in place: you can finish set-up.')).toBeVisible();

  // Finishing reaches the vendor's home.
  await vendor.getByRole('navigation', { name: 'Set-up steps' }).getByRole('button', { name: /Finish/ }).click();
  await vendor.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(vendor).toHaveURL(/\/vendor$/);

  // Working hours: Monday 9:00–17:00, saved, and still there after a reload.
  await vendor.goto('/vendor/availability');
  await expect(vendor.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  const monday = vendor.getByRole('listitem').filter({ has: vendor.getByRole('heading', { level: 3, name: 'Monday' }) });
  await expect(monday.getByText('Not working')).toBeVisible();
  await vendor.getByRole('button', { name: 'Add hours on Monday' }).click();
  await vendor.getByLabel('Monday, hours 1: from').selectOption('0900');
  await vendor.getByLabel('Monday, hours 1: to').selectOption('1700');
  await vendor.getByRole('button', { name: 'Save working hours' }).click();
  await expect(vendor.getByRole('status').filter({ hasText: 'Working hours saved' })).toBeVisible();

  await vendor.reload();
  await expect(vendor.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  await expect(vendor.getByLabel('Monday, hours 1: from')).toHaveValue('0900');
  await expect(vendor.getByLabel('Monday, hours 1: to')).toHaveValue('1700');
  await expect(monday.getByText('Not working')).toHaveCount(0);

  // The organization sees those hours on the vendor's page.
  await org.goto('/organization/vendors');
  await org.getByRole('searchbox', { name: /^Search by name or e-mail/ }).fill(email);
  await org.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await org.getByRole('link', { name: new RegExp(lastName) }).click();
  await expect(org).toHaveURL(/\/organization\/vendor\/[^/]+$/);
  const hours = org.getByRole('region', { name: 'Working hours' });
  await expect(hours.getByRole('listitem')).toHaveText([/^Monday: 9:00\sAM to 5:00\sPM$/]);
});
