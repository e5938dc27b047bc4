import { expect, test, type Browser, type Page } from '@playwright/test';
import { signedIn as signedInAs } from './pages/session';

/**
 * The help desk end to end (issue 10), on the built app and the reference server:
 * - a customer opens an appointment ticket with a photo, support answers, and the customer sees the answer
 *   arrive live (no reload) and the Help menu's count change;
 * - a draft survives a reload after the network was cut while typing;
 * - a vendor's ticket (handed over by the assistant) reaches the organization and super;
 * - the assistant answers "when is my next visit?" and hands over to a ticket;
 * - the new-ticket form works by keyboard alone.
 */

/** A 1×1 PNG (real signature and chunks): the server reads the type from the bytes. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Signed in as `email` in its own browser context, on its home page `home`. */
async function signedIn(browser: Browser, email: string, home: RegExp): Promise<Page> {
  const page = await signedInAs(browser, email);
  await expect(page).toHaveURL(home);
  return page;
}

/** The Help menu's new-ticket count (0 when the badge is not shown). */
async function newTicketCount(page: Page): Promise<number> {
  const badge = page.getByTestId('new-tickets').first();
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.locator('span[aria-hidden="true"]').textContent());
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a customer opens an appointment ticket with a photo; support answers; the answer and the count arrive live', async ({ browser }) => {
  const subject = `Muddy footprints ${Date.now()}`;
  const customer = await signedIn(browser, 'customer@tendwell.test', /\/dashboard$/);
  await customer.goto('/help-desk/ticket/new');
  await expect(customer.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
  await customer.getByLabel('Subject').fill(subject);
  await pick(customer, 'Type', 'Appointment');
  await pick(customer, 'Select an Appointment', /.+/);
  await customer.getByLabel('Describe your request').fill('The crew left muddy footprints on the porch.');

  // A pdf is refused before any upload; the photo uploads with a progress bar.
  const files = customer.getByLabel('Attach images (JPG or PNG, under 500 KB)');
  await files.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(customer.getByRole('alert')).toContainText('Only JPG or PNG images can be attached.');
  await files.setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(customer.getByRole('progressbar', { name: 'Uploading porch.png' })).toBeVisible();
  await expect(customer.getByText('Uploaded', { exact: true })).toBeVisible();
  await customer.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(customer.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(customer).toHaveURL(/\/help-desk\/ticket\/[0-9a-f]{24}$/);
  await expect(customer.getByText(/Appointment/).first()).toBeVisible();
  // The photo shows as a thumbnail (read with the customer's token) and opens full size.
  const thumb = customer.getByRole('button', { name: 'Open porch.png full size' });
  await expect(thumb).toBeVisible();
  await expect
    .poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await thumb.click();
  await expect(customer.getByRole('dialog', { name: 'porch.png' })).toBeVisible();
  await customer.keyboard.press('Escape');
  await expect(customer.getByRole('dialog')).toHaveCount(0);
  const before = await newTicketCount(customer);

  const support = await signedIn(browser, 'super@tendwell.test', /\/admin/);
  await support.goto('/admin/help-desk');
  await support.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(support.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(support.getByRole('button', { name: 'Open porch.png full size' })).toBeVisible();
  await support.getByLabel('Your comment').fill('Sorry! We will send someone to clean the porch today.');
  await support.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(support.getByText('Sorry! We will send someone to clean the porch today.', { exact: true })).toBeVisible();

  // The customer's page was never reloaded: the answer and the new count arrive over the socket.
  await expect(customer.getByText('Sorry! We will send someone to clean the porch today.', { exact: true })).toBeVisible();
  await expect.poll(() => newTicketCount(customer)).toBe(before + 1);
  await customer.context().close();
  await support.context().close();
});

test('a draft survives a reload after the network was cut while typing', async ({ browser }) => {
  const customer = await signedIn(browser, 'customer@tendwell.test', /\/dashboard$/);
  await customer.goto('/help-desk/ticket/new');
  await expect(customer.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
  await customer.context().setOffline(true);
  await customer.getByLabel('Subject').fill('Written offline');
  await customer.getByLabel('Describe your request').fill('Typed while the network was down.');
  await expect(customer.getByText('Draft kept on this device')).toBeVisible();
  await customer.context().setOffline(false);
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
  await expect(customer.getByLabel('Subject')).toHaveValue('Written offline');
  await expect(customer.getByLabel('Describe your request')).toHaveValue('Typed while the network was down.');
  await customer.context().close();
});

test('the assistant answers "when is my next visit?" and hands over to a ticket', async ({ browser }) => {
  const customer = await signedIn(browser, 'customer@tendwell.test', /\/dashboard$/);
  await customer.getByRole('button', { name: 'Chat with our assistant' }).click();
  const panel = customer.getByRole('region', { name: 'Ask our assistant' });
  await panel.getByLabel('Your message').fill('When is my next visit?');
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(panel.getByText(/^Your next visit is /)).toBeVisible();

  const question = `Can you repaint my fence ${Date.now()}?`;
  await panel.getByLabel('Your message').fill(question);
  await panel.getByRole('button', { name: 'Send message' }).click();
  await panel.getByRole('button', { name: 'Yes, open a ticket' }).click();
  await panel.getByRole('link', { name: 'Go to your ticket' }).click();
  await expect(customer).toHaveURL(/\/help-desk\/ticket\/[0-9a-f]{24}$/);
  await expect(customer.getByRole('heading', { level: 1, name: question })).toBeVisible();
  await expect(customer.getByText(/Conversation with the assistant:/)).toBeVisible();
  await customer.context().close();
});

test("a vendor's ticket (handed over by the assistant) reaches the organization and super", async ({ browser }) => {
  const question = `The gate code at my next stop is wrong ${Date.now()}`;
  const vendor = await signedIn(browser, 'vendor@tendwell.test', /\/vendor/);
  await vendor.getByRole('button', { name: 'Chat with our assistant' }).click();
  const panel = vendor.getByRole('region', { name: 'Ask our assistant' });
  await panel.getByLabel('Your message').fill(question);
  await panel.getByRole('button', { name: 'Send message' }).click();
  await panel.getByRole('button', { name: 'Yes, open a ticket' }).click();
  await expect(panel.getByRole('link', { name: 'Go to your ticket' })).toBeVisible();
  await vendor.context().close();

  const organization = await signedIn(browser, 'organization@tendwell.test', /\/organization/);
  await organization.goto('/organization/help-desk');
  await expect(organization.getByRole('link', { name: new RegExp(question) })).toBeVisible();
  await organization.context().close();

  const support = await signedIn(browser, 'super@tendwell.test', /\/admin/);
  await support.goto('/admin/help-desk');
  await expect(support.getByRole('link', { name: new RegExp(question) })).toBeVisible();
  // Super gets no chat widget (accounts §1).
  await expect(support.getByRole('button', { name: 'Chat with our assistant' })).toHaveCount(0);
  await support.context().close();
});

test('the new-ticket form by keyboard alone', async ({ browser }) => {
  const subject = `Keyboard only ${Date.now()}`;
  const customer = await signedIn(browser, 'customer@tendwell.test', /\/dashboard$/);
  await customer.goto('/help-desk/ticket/new');
  await expect(customer.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
  const focusedLabel = () => customer.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? (el.getAttribute('aria-label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ?? el.textContent ?? '').trim() : '';
  });
  const tabTo = async (name: RegExp) => {
    for (let i = 0; i < 40; i++) {
      if (name.test(await focusedLabel())) return;
      await customer.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${name}`);
  };
  await tabTo(/^Subject/);
  await customer.keyboard.type(subject);
  await tabTo(/^Describe your request/);
  await customer.keyboard.type('Written without a mouse.');
  await tabTo(/^Send$/);
  await customer.keyboard.press('Enter');
  await expect(customer.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await customer.context().close();
});
