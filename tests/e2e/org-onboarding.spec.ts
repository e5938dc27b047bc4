import { expect, test, type Page } from '@playwright/test';
import { signInOn } from './pages/session';
import { RegisterPage } from './pages/RegisterPage';

/**
 * Issue 11: "a new organization registers, onboards through the sandbox payout flow, waits, super approves it, and
 * it reaches its appointments". The organization registers on /register-organization, connects its payout account
 * on the sandbox provider's page and comes back, gives its business, bank account, insurance document and agreement,
 * finishes, and waits on /organization/pending-approval. Super approves it from the queue on /admin; the
 * organization's "Check again" then reaches /organization, and /organization/appointments opens.
 */

/** A one-page PDF (the media upload checks the bytes, not the name). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const step = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('a new organization onboards through the sandbox payout flow, waits, is approved by super and reaches its appointments', async ({ browser }) => {
  test.setTimeout(150_000);
  const email = `maple-${Date.now()}@example.com`;
  const org = await (await browser.newContext()).newPage();

  const register = new RegisterPage(org);
  await register.open('/register-organization', 'Register your organization');
  await register.fill({ firstName: 'Maple', lastName: 'Works', email, password: 'maple-pass-1', phone: '555-201-3344' });
  if (await register.address.count()) await register.address.fill('40 Oak Avenue, Springfield, IL 62701');
  await register.submit.click();
  await expect(org).toHaveURL(/\/organization\/onboarding$/);
  await expect(org.getByRole('heading', { level: 1, name: 'Set up your organization' })).toBeVisible();
  const left = org.getByRole('region', { name: 'What is left' });
  await expect(left.getByText('Connect your payout account')).toBeVisible();

  // The payout account: the sandbox provider's page shows the organization, Continue comes back with code and state_key.
  await expect(step(org, 'Payout account')).toBeVisible();
  await org.getByRole('button', { name: 'Set up payout account' }).click();
  await org.getByRole('link', { name: 'Continue to the payment provider' }).click();
  await expect(org.getByRole('heading', { level: 1, name: 'Set up payouts for Maple' })).toBeVisible();
  await org.getByRole('button', { name: 'Continue' }).click();
  await expect(org).toHaveURL(/\/organization\/onboarding$/);
  await expect(org.getByText('Your payout account is connected.')).toBeVisible();
  await expect(left.getByText('Connect your payout account')).toHaveCount(0);

  // Business type and tax id (the EIN mask), then the bank account.
  await expect(step(org, 'Business')).toBeVisible();
  await org.getByRole('radio', { name: 'Single-member LLC' }).check();
  await org.getByRole('textbox', { name: /Employer Identification Number/ }).fill('123456789');
  await expect(org.getByRole('textbox', { name: /Employer Identification Number/ })).toHaveValue('12-3456789');
  await org.getByRole('button', { name: 'Save and continue' }).click();
  await expect(step(org, 'Bank account')).toBeVisible();
  await org.getByRole('textbox', { name: /Routing number/ }).fill('110000000');
  await org.getByRole('textbox', { name: /Account number/ }).fill('000123456789');
  await org.getByRole('button', { name: 'Save and continue' }).click();

  // The insurance document with its validity, and the agreement.
  await expect(step(org, 'Document')).toBeVisible();
  await org.getByLabel(/Document \(PDF or image/).setInputFiles({ name: 'insurance.pdf', mimeType: 'application/pdf', buffer: PDF });
  await org.getByLabel(/Valid from/).fill(day(-30));
  await org.getByLabel(/Valid until/).fill(day(335));
  await org.getByRole('button', { name: 'Save and continue' }).click();
  await expect(step(org, 'Agreement')).toBeVisible();
  await org.getByRole('checkbox', { name: /I accept the provider agreement/ }).check();
  await org.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(step(org, 'Survey')).toBeVisible();
  await expect(left.getByText('Everything needed is in place: you can finish set-up.')).toBeVisible();

  // Finish any time: the survey is skipped.
  await org.getByRole('navigation', { name: 'Set-up steps' }).getByRole('button', { name: /Finish/ }).click();
  await org.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(org).toHaveURL(/\/organization\/pending-approval$/);
  await expect(org.getByRole('heading', { name: 'Your organization is waiting for approval' })).toBeVisible();
  await org.getByRole('button', { name: 'Check again' }).click();
  await expect(org.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expect(org).toHaveURL(/\/organization\/pending-approval$/);

  // Super approves it from the queue on /admin.
  const superPage = await (await browser.newContext()).newPage();
  await signInOn(superPage, 'super@tendwell.test');
  await superPage.goto('/admin');
  await superPage.getByRole('button', { name: 'Approve Maple' }).click();
  await expect(superPage.getByText('Maple is approved. The organization was told by notification and e-mail.')).toBeVisible();

  // "Check again" reaches the organization's home, then its appointments.
  await org.getByRole('button', { name: 'Check again' }).click();
  await expect(org).toHaveURL(/\/organization$/);
  await org.goto('/organization/appointments');
  await expect(org).toHaveURL(/\/organization\/appointments$/);
  await expect(org.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(org.getByRole('heading', { name: 'Your organization is waiting for approval' })).toHaveCount(0);
});
