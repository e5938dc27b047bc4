/**
 * Issue 11: "the organization sends an invoice, and the customer pays it with the 4242 card". organization@ writes an
 * invoice to customer@ (a customer its vendor serves) on /organization/create-invoice and sends it; customer@ finds
 * it on /customer/list-invoices, opens it and pays with the saved Visa 4242 (the sandbox provider); both then see it
 * paid.
 */
import { expect, test } from '@playwright/test';
import { signedIn } from './pages/session';

test('the organization sends an invoice, and the customer pays it with the 4242 card', async ({ browser }) => {
  test.setTimeout(120_000);
  const organization = await signedIn(browser, 'organization@tendwell.test');
  await organization.goto('/organization/create-invoice');
  await expect(organization.getByRole('heading', { level: 1, name: 'Create an invoice' })).toBeVisible();
  await organization.getByLabel(/Find a customer/).click();
  await organization.getByRole('button', { name: /customer@tendwell\.test/ }).click();
  const line = organization.getByRole('group', { name: 'Line 1' });
  await line.getByLabel(/Description/).fill('Tree pruning');
  await line.getByLabel(/Unit price/).fill('60.00');
  await organization.getByLabel(/Tax rate/).fill('8.25');
  // $60.00 + 8.25 % = $64.95.
  await expect(organization.getByText('Total to pay: $64.95')).toBeVisible();
  await organization.getByRole('button', { name: 'Send invoice' }).click();
  await expect(organization).toHaveURL(/\/organization\/view-invoice\/[0-9a-f]{24}$/);
  const id = organization.url().split('/').pop()!;
  const heading = organization.getByRole('heading', { level: 1, name: /^Invoice INV-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Invoice ', '');
  await expect(organization.getByText('Sent', { exact: true })).toBeVisible();

  const customer = await signedIn(browser, 'customer@tendwell.test');
  await customer.goto('/customer/list-invoices');
  await customer.getByRole('link', { name: new RegExp(`^${number} from`) }).click();
  await expect(customer).toHaveURL(new RegExp(`/customer/view-invoice/${id}$`));
  await expect(customer.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await customer.getByRole('button', { name: 'Pay $64.95' }).click();
  await expect(customer.getByText(`Thank you! Invoice ${number} is paid.`)).toBeVisible();
  await expect(customer.getByText('Paid', { exact: true })).toBeVisible();

  await organization.reload();
  await expect(organization.getByText('Paid', { exact: true })).toBeVisible();
});
