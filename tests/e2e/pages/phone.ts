import AxeBuilder from '@axe-core/playwright';
import { devices, expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { tokenOf } from './session';
import type { Lang } from './texts';

/**
 * Real phone emulation (issue 26): a 360 × 780 viewport on a touch screen with `isMobile`, so Chromium honours the
 * meta viewport as a phone does. There, content wider than the screen does not only show a scrollbar: the layout
 * viewport grows (`innerWidth` above 360) and the page zooms out. `expectFitsPhone` checks a page in any state.
 */
export const PHONE_WIDTH = 360;
export const PHONE: BrowserContextOptions = {
  viewport: { width: PHONE_WIDTH, height: 780 },
  screen: { width: PHONE_WIDTH, height: 780 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  // An Android Chrome (Playwright's Pixel 5 user agent); the size is the 360 px phone's.
  userAgent: devices['Pixel 5'].userAgent,
};

/** The phone emulation in a language: the browser reports it (a login whose preference is 'default' follows it). */
export const phoneIn = (lang: Lang): BrowserContextOptions => ({ ...PHONE, locale: lang === 'es' ? 'es-US' : 'en-US' });

/** A new context on the phone in `lang`, and its page. */
export async function phonePage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext(phoneIn(lang));
  return context.newPage();
}

/** The elements that stick out to the right of the phone (the first few), to name in a failure. */
const widest = (page: Page) =>
  page.evaluate((limit) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > limit + 0.5 && out.length < 6) {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
        out.push(`${el.tagName.toLowerCase()}${cls} "${(el.textContent ?? '').trim().slice(0, 40)}" (right edge ${Math.round(r.right)} px)`);
      }
    }
    return out;
  }, PHONE_WIDTH);

export interface FitOptions {
  /** Run axe-core too (default true): no serious or critical violation. */
  readonly axe?: boolean;
  /** axe rules not to run in this state (with the reason in the caller). */
  readonly disableRules?: readonly string[];
}

/**
 * The three checks of issue 26, at any point of a flow: the layout viewport is still the phone's 360 px
 * (`innerWidth`), nothing is wider than it (`scrollWidth`), and axe-core finds no serious or critical violation.
 * Soft: every state of a walk is checked, and the test fails at its end when any did not fit.
 */
export async function expectFitsPhone(page: Page, label: string, options: FitOptions = {}): Promise<void> {
  const { innerWidth, scrollWidth, path } = await page.evaluate(() => ({
    innerWidth: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    path: location.pathname,
  }));
  const wide = innerWidth !== PHONE_WIDTH || scrollWidth > PHONE_WIDTH ? await widest(page) : [];
  const where = `${label} (at ${path})`;
  expect.soft(innerWidth, `${where}: the layout viewport grew past the phone (the page zooms out): ${wide.join(', ')}`).toBe(PHONE_WIDTH);
  expect.soft(scrollWidth, `${where}: wider than the phone: ${wide.join(', ')}`).toBeLessThanOrEqual(PHONE_WIDTH);
  if (options.axe === false) return;
  let builder = new AxeBuilder({ page });
  if (options.disableRules?.length) builder = builder.disableRules([...options.disableRules]);
  const results = await builder.analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect.soft(bad, `${where}: axe-core serious or critical violations`).toEqual([]);
}

/** Keeps a screenshot of the phone for a person to look at (issue 26), under test-results/phone-shots/. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/phone-shots/${name}.png`, fullPage: true });
}

/**
 * Makes a demo login speak `lang` (its saved language preference beats the browser's) and answers the call that
 * puts its own preference back, so the specs after it see the demo data as seeded.
 */
export async function speaking(request: APIRequestContext, email: string, lang: Lang, password?: string): Promise<() => Promise<void>> {
  const headers = { authorization: `Bearer ${await tokenOf(request, email, password)}` };
  const me = await request.get('/api/user', { headers });
  expect(me.ok(), `the user of ${email}`).toBe(true);
  const before = ((await me.json()) as { account?: { settings?: { language_preference?: string } } }).account?.settings?.language_preference ?? 'default';
  const set = async (language_preference: string) => {
    const res = await request.put('/api/users/update', { headers, data: { language_preference } });
    expect(res.ok(), `${email} speaks ${language_preference}`).toBe(true);
  };
  if (before !== 'default' && before !== lang) await set(lang);
  return async () => {
    if (before !== 'default' && before !== lang) await set(before);
  };
}

/** The app is ready in `lang`: hydrated (#root[data-app]) and <html lang> is the language. */
export async function expectReadyIn(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator('#root[data-app]')).toBeAttached();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}
