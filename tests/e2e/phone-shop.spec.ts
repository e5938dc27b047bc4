/**
 * Issue 26's failure, on real phone emulation: a new customer opens Lawn mowing on a 360 px phone and chooses a
 * home size and a frequency. Each frequency then shows its difference beside it; the page must stay 360 px wide
 * (a phone honours the meta viewport: a wider page grows the layout viewport and zooms out) and "Continue to
 * cart" must take a tap. In English and in Spanish (longer strings).
 */
import { expect, test } from '@playwright/test';
import { expectFitsPhone, phoneIn } from './pages/phone';
import { chooseMowing, openMowing, signUpCustomer } from './pages/ShopSteps';
import { LANGS, text } from './pages/texts';

for (const lang of LANGS) {
  test.describe(`the shop on a 360 px phone (${lang})`, () => {
    test.use(phoneIn(lang));

    test(`choosing a size and a frequency on /services/{id} keeps the page 360 px wide, and "Continue to cart" takes a tap (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      const fits = (label: string) => expectFitsPhone(page, label, { axe: false });
      await signUpCustomer(page, lang);
      await openMowing(page, lang);
      await chooseMowing(page, lang, fits);
      const widths = await page.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth }));
      expect(widths, 'the quote, complete, on the phone').toEqual({ inner: 360, scroll: 360 });
      await page.getByRole('button', { name: text(lang, 'shop.quote.toCart') }).tap();
      await expect(page).toHaveURL((url) => url.pathname === '/cart');
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'shop.cart.title') })).toBeVisible();
      await expectFitsPhone(page, 'the cart');
    });
  });
}
