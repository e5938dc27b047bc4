/**
 * Issue 26: the states a person reaches by interaction, on a 360 px phone (real phone emulation,
 * tests/e2e/pages/phone.ts), in English and in Spanish. In each state the page keeps the phone's layout viewport
 * (`innerWidth` 360), nothing is wider (`scrollWidth`), and axe-core finds no serious violation
 * (`expectFitsPhone`). Nothing here changes what other specs rely on: no demo visit is completed, cancelled or
 * moved, and a demo login's language is put back.
 */
import { expect, test, type Page } from '@playwright/test';
import { lawnPng } from '../../server/adapters/media/demo-png';
import { demoId } from '../../server/db/seed';
import { FlowExplorerPage } from './pages/FlowExplorerPage';
import { expectFitsPhone, expectReadyIn, phoneIn, shoot, speaking } from './pages/phone';
import { signInOn } from './pages/session';
import { chooseMowing, openMowing, signUpCustomer } from './pages/ShopSteps';
import { either, LANGS, text, textRe } from './pages/texts';

/** A 1×1 PNG (real signature and chunks). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The three checks in a state, and its screenshot kept for a person to look at (test-results/phone-shots/). */
/** Demo logins' languages to put back after each test, whether it passed or not. */
const afterTest: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const restore of afterTest.splice(0)) await restore();
});

const fitsOn =
  (page: Page, lang: string, who: string) =>
  async (label: string): Promise<void> => {
    await expectFitsPhone(page, label);
    await shoot(page, `${lang}-${who}-${label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}`);
  };

/** Picks an option of a design-system combobox by tapping. */
async function pick(page: Page, label: RegExp, option: RegExp) {
  await page.getByRole('combobox', { name: label }).tap();
  await page.getByRole('option', { name: option }).first().tap();
}

for (const lang of LANGS) {
  test.describe(`states reached by interaction, on a 360 px phone (${lang})`, () => {
    test.use(phoneIn(lang));

    test(`the customer's journey: signs up, books mowing (a complete quote, a coupon error, a coupon applied, the card form, a declined card) and pays with the 4242 card (${lang})`, async ({ page }) => {
      test.setTimeout(180_000);
      const fits = fitsOn(page, lang, 'customer');
      await signUpCustomer(page, lang, fits);
      await openMowing(page, lang, fits);
      await chooseMowing(page, lang, fits);
      await page.getByRole('button', { name: text(lang, 'shop.quote.toCart') }).tap();
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'shop.cart.title') })).toBeVisible();
      await fits('cart');
      const coupon = page.getByLabel(text(lang, 'shop.cart.coupon'));
      await coupon.fill('NO-SUCH-CODE-THAT-IS-RATHER-LONG-2026');
      await page.getByRole('button', { name: text(lang, 'shop.cart.apply') }).tap();
      await expect(page.locator('[id$="-error"], [role="alert"]').first()).toBeVisible();
      await fits('cart, coupon error');
      await coupon.fill('WELCOME10');
      await page.getByRole('button', { name: text(lang, 'shop.cart.apply') }).tap();
      await expect(page.getByText(text(lang, 'shop.cart.couponApplied', { code: 'WELCOME10' }))).toBeVisible();
      await fits('cart, coupon applied');
      await page.getByRole('button', { name: text(lang, 'shop.cart.toOrder') }).tap();
      await expect(page).toHaveURL((url) => url.pathname === '/order');
      // The card form: "Add New" in the card list (after a declined card the list is shown again).
      const cardForm = async (label?: string) => {
        const card = page.getByRole('combobox', { name: text(lang, 'shop.order.card') });
        await expect(card).toBeVisible();
        if ((await card.textContent())?.includes(text(lang, 'shop.order.addNew')) !== true) {
          await card.tap();
          if (label) await fits(label);
          await page.getByRole('option', { name: text(lang, 'shop.order.addNew') }).tap();
        }
        await expect(page.getByLabel(text(lang, 'shop.order.number'))).toBeVisible();
      };
      const pay = async (number: string) => {
        await page.getByLabel(text(lang, 'shop.order.number')).fill(number);
        await page.getByLabel(text(lang, 'shop.order.expiry')).fill('12/34');
        await page.getByLabel(text(lang, 'shop.order.cvc')).fill('123');
        await page.getByRole('button', { name: textRe(lang, 'shop.order.pay') }).tap();
      };
      await cardForm('order, the card list open');
      await fits('order, the card form');
      await pay('4000 0000 0000 0002');
      await expect(page.getByRole('alert').filter({ hasText: textRe(lang, 'shop.order.declined') })).toBeVisible();
      await fits('order, a declined card');
      await cardForm();
      await pay('4242 4242 4242 4242');
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'shop.success.title') })).toBeVisible({ timeout: 20_000 });
      await fits('order success');
      await page.getByRole('button', { name: text(lang, 'shop.success.dashboard') }).tap();
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
      await fits('dashboard after the first order');
    });

    test(`customer@: the appointment's reschedule picker, add-on form and cancel confirmation; a new ticket uploading a photo; the chat widget; the notifications panel (${lang})`, async ({ page, request }) => {
      test.setTimeout(150_000);
      const fits = fitsOn(page, lang, 'customer-states');
      const restore = await speaking(request, 'customer@tendwell.test', lang);
      try {
        await signInOn(page, 'customer@tendwell.test');
        await expectReadyIn(page, lang);

        // The visit in ten days (reschedulable): each panel opened, looked at, and closed without changing it.
        await page.goto(`/appointment/${demoId('appointment:customer-later')}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await fits('appointment');
        await page.getByRole('button', { name: either('Reschedule') }).tap();
        await expect(page.getByRole('group', { name: either('Which visits get the new time?') })).toBeVisible();
        await fits('appointment, the reschedule picker');
        await page.keyboard.press('Escape');
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const addOn = page.getByRole('button', { name: either('Add an add-on') });
        if (await addOn.isVisible()) {
          await addOn.tap();
          await expect(page.getByRole('combobox', { name: either('Add-on service', true) }).first()).toBeVisible();
          await fits('appointment, the add-on form');
          await page.reload();
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        }
        await page.getByRole('button', { name: either('Cancel appointment') }).tap();
        const confirm = page.getByRole('dialog', { name: either('Cancel this appointment?') }).or(page.getByRole('alertdialog', { name: either('Cancel this appointment?') }));
        await expect(confirm).toBeVisible();
        await fits('appointment, the cancel confirmation (a dialog)');
        await confirm.getByRole('button', { name: either('Keep it') }).tap();
        await expect(confirm).toBeHidden();

        // A new ticket, its photo held mid-upload until the state is checked.
        await page.goto('/help-desk/ticket/new');
        await expect(page.getByRole('heading', { level: 1, name: either('New ticket') })).toBeVisible();
        await fits('new ticket');
        await page.getByLabel(either('Subject')).fill('Una pregunta larguísima sobre la factura INV-000123 y customer@tendwell.test');
        await pick(page, either('Type'), either('Appointment'));
        await pick(page, either('Select an Appointment'), /.+/);
        await page.getByLabel(either('Describe your request')).fill('Supercalifragilisticexpialidocious-sin-espacios-0123456789abcdef0123456789abcdef');
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/**', async (route) => {
          if (route.request().method() === 'POST' && (route.request().postDataBuffer()?.length ?? 0) > 0 && /upload|image|file|attach/i.test(route.request().url())) await held;
          await route.continue();
        });
        await page.getByLabel(either('Attach images (JPG or PNG, under 500 KB)')).setInputFiles({ name: 'porch-photo-with-a-very-long-file-name-2026-11-28.png', mimeType: 'image/png', buffer: PHOTO });
        await expect(page.getByRole('progressbar').first()).toBeVisible();
        await fits('new ticket, a photo uploading');
        release();
        await expect(page.getByText(either('Uploaded')).first()).toBeVisible();
        await fits('new ticket, the photo uploaded');
        await page.unroute('**/api/**');

        // The chat widget open, then closed.
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const launcher = page.getByRole('button', { name: either('Chat with our assistant') });
        await launcher.tap();
        await expect(page.locator('[data-chat-widget]').getByRole('textbox')).toBeVisible();
        await fits('the chat widget open');
        await page.keyboard.press('Escape');

        // The notifications panel.
        await page.reload();
        await page.getByRole('banner').getByRole('button', { name: /^(Notifications|Notificaciones)/ }).tap();
        await expect(page.getByRole('banner').getByRole('region', { name: /^(Notifications|Notificaciones)$/ })).toBeVisible();
        await fits('the notifications panel');

        // The main menu (a dialog on the phone).
        await page.reload();
        await page.getByRole('button', { name: /^(Menu|Menú)$/ }).tap();
        await expect(page.getByRole('dialog', { name: /Main menu|Menú principal/ })).toBeVisible();
        await fits('the main menu drawer (a dialog)');

        await page.goto('/customer/list-invoices');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await fits("the customer's invoices");
      } finally {
        await restore();
      }
    });

    test(`vendor@: completing today's visit with photos (not sent), the day view (${lang})`, async ({ page, request }) => {
      const fits = fitsOn(page, lang, 'vendor');
      const restore = await speaking(request, 'vendor@tendwell.test', lang);
      await signInOn(page, 'vendor@tendwell.test');
      afterTest.push(restore);
      await expectReadyIn(page, lang);
      await page.goto('/vendor/appointments');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fits('the work schedule, day view');
      await page.goto(`/vendor/appointment/${demoId('appointment:customer-today')}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const photos = page.getByLabel(either('Photos of the work (optional)'));
      if (await photos.isVisible()) {
        await page.getByLabel(either('Note for this visit')).fill('Cortado y perfilado; foto del césped delantero. Sin-espacios-muy-largo-0123456789abcdef0123456789');
        await photos.setInputFiles([
          { name: 'front-lawn.png', mimeType: 'image/png', buffer: lawnPng(2) },
          { name: 'back-lawn-with-a-long-name.png', mimeType: 'image/png', buffer: lawnPng(3) },
        ]);
        await expect(page.getByText(either('Ready')).first()).toBeVisible();
      }
      await fits('completing a visit with photos');
    });

    test(`organization@: the day view, the list view, the invoices, transfers and payouts tables, the time-off queue (${lang})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const fits = fitsOn(page, lang, 'organization');
      const restore = await speaking(request, 'organization@tendwell.test', lang);
      await signInOn(page, 'organization@tendwell.test');
      afterTest.push(restore);
      await expectReadyIn(page, lang);
      for (const [path, label] of [
        ['/organization/appointments', 'the day view'],
        ['/organization/appointments?view=list', 'the list view'],
        ['/organization/list-invoices', 'the invoices table'],
        ['/organization/view-transfers', 'the transfers table'],
        ['/organization/view-payouts', 'the payouts table'],
        ['/organization/payment-transfers', 'the payment transfers'],
        ['/organization/payouts', 'the payouts'],
        ['/actions/appointments', 'the time-off queue'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await fits(label);
      }
    });

    test(`the flow explorer with a chart and its steps (${lang})`, async ({ page }) => {
      const fits = fitsOn(page, lang, 'super');
      await signInOn(page, 'super@tendwell.test');
      const explorer = new FlowExplorerPage(page);
      await page.goto('/dev/flows');
      await expect(explorer.root).toBeVisible();
      await expect(explorer.root.locator('svg[role="img"]').first()).toBeVisible();
      await fits('the flow explorer');
    });
  });
}

