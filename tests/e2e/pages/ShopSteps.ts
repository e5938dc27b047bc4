import { expect, type Page } from '@playwright/test';
import { text, textRe, type Lang } from './texts';

/**
 * The shop walked by touch in either language (the steps of tests/e2e/shop.spec.ts, tapped): sign a new customer
 * up, add the service address, choose a size, a frequency, a day and a start time. `at` is called at each state.
 */
export type StateCheck = (label: string) => Promise<void>;
const none: StateCheck = async () => {};

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Signs a new customer up through /register (the browser's language is `lang`); ends on the onboarding. */
export async function signUpCustomer(page: Page, lang: Lang, at: StateCheck = none): Promise<string> {
  const email = uniqueEmail('phone-shopper');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'auth.register.customer.title') })).toBeVisible();
  await expect(page.locator('#root[data-app]')).toBeAttached();
  await page.getByRole('textbox', { name: new RegExp(`^${text(lang, 'auth.register.field.first_name')}`) }).fill('Nova');
  await page.getByRole('textbox', { name: new RegExp(`^${text(lang, 'auth.register.field.last_name')}`) }).fill('Teléfono-Arboleda');
  await page.getByRole('textbox', { name: new RegExp(`^${text(lang, 'auth.register.field.email')}`) }).fill(email);
  await page.getByLabel(new RegExp(`^${text(lang, 'password.label')}`)).and(page.locator('input')).fill('garden-path-7');
  await page.getByLabel(new RegExp(`^${text(lang, 'password.confirmLabel')}`)).and(page.locator('input')).fill('garden-path-7');
  await at('register filled in');
  await page.getByRole('button', { name: text(lang, 'auth.register.submit') }).tap();
  await expect(page).toHaveURL((url) => url.pathname === '/customer/onboarding');
  return email;
}

/** On /services/{id} of Lawn mowing: the address when none is saved yet. */
export async function openMowing(page: Page, lang: Lang, at: StateCheck = none): Promise<void> {
  await page.goto('/services');
  await page.getByRole('link', { name: /Lawn mowing|Corte de césped/ }).first().tap();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  const save = page.getByRole('button', { name: text(lang, 'shop.address.save') });
  if (await save.isVisible()) {
    await at('service, address form');
    await page.getByLabel(text(lang, 'shop.address.number')).fill('100');
    await page.getByLabel(text(lang, 'shop.address.street'), { exact: true }).fill('Congress Ave');
    await page.getByLabel(text(lang, 'shop.address.city')).fill('Austin');
    await page.getByLabel(text(lang, 'shop.address.state')).fill('TX');
    await page.getByLabel(text(lang, 'shop.address.zip')).fill('78701');
    await save.tap();
    await expect(page.getByText(textRe(lang, 'shop.quote.address', {}, true))).toBeVisible();
  }
}

/** Chooses a home size, a frequency, the first day with a free start time and its first start time, by tapping. */
export async function chooseMowing(page: Page, lang: Lang, at: StateCheck = none): Promise<void> {
  await at('service, nothing chosen');
  const medium = page.getByRole('radio', { name: text(lang, 'shop.homeSize.medium') });
  await medium.tap();
  await expect(medium).toBeChecked();
  await at('service, a home size chosen');
  const weekly = page.getByRole('radio', { name: new RegExp(`^${text(lang, 'shop.frequency.week')} `) });
  await weekly.tap();
  await expect(weekly).toBeChecked();
  const biweekly = page.getByRole('radio', { name: new RegExp(`^${text(lang, 'shop.frequency.biweek')} `) });
  await biweekly.tap();
  await expect(biweekly).toBeChecked();
  await at('service, size and frequency chosen (each option shows its difference)');
  const day = page.getByLabel(text(lang, 'shop.quote.day'));
  const min = await day.getAttribute('min');
  for (let offset = 0; offset < 14; offset += 1) {
    const date = new Date(`${min}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    await day.fill(date.toISOString().slice(0, 10));
    const slots = page.getByRole('list', { name: text(lang, 'shop.quote.startTime') }).getByRole('button');
    // isVisible() answers at once: wait for the day's start times, up to 3 s a day (as shop.spec.ts does).
    const shown = await slots.first().waitFor({ state: 'visible', timeout: 3000 }).then(() => true, () => false);
    if (shown) {
      await slots.first().tap();
      break;
    }
  }
  await expect(page.getByText(textRe(lang, 'shop.quote.chosenStart', {}, true))).toBeVisible();
  await at('service, size, frequency, day and start time chosen');
}
