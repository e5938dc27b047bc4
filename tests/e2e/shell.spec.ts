import { expect, test, type Locator } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

test.describe('the shell', () => {
  test('the Spanish switch changes the shell for a visitor, and is saved to a signed-in account', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await expect(shell.footer).toContainText('web version');

    await shell.languageButton('Español').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inicie sesión en Tendwell' })).toBeVisible();
    await expect(shell.footer).toContainText('versión web');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    // Signed in, the account's own preference applies (the organization's is not Spanish yet)…
    await login.username.fill('organization@tendwell.test');
    await login.password.fill('tendwell-demo');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await shell.expectPath('/organization/appointments');
    await expect(shell.footer).toContainText('web version');
    // …and switching to Spanish saves it: it survives a reload.
    await shell.languageButton('Español').click();
    await expect(shell.menu.getByRole('link', { name: 'Gestionar equipo' })).toBeVisible();
    await expect(shell.languageButton('English')).toBeEnabled();
    await page.reload();
    await expect(shell.footer).toContainText('versión web');
    await expect(shell.languageButton('Español')).toHaveAttribute('aria-pressed', 'true');

    // Leave the demo account as it was.
    await shell.languageButton('English').click();
    await expect(shell.footer).toContainText('web version');
  });

  test('a phone-sized viewport uses the drawer menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('customer@tendwell.test');
    await shell.expectPath('/dashboard');

    await expect(shell.menu).toHaveCount(0);
    await expect(shell.drawer).toBeHidden();
    await shell.drawerToggle.click();
    await expect(shell.drawer).toBeVisible();
    await shell.drawer.getByRole('link', { name: 'Billing' }).click();
    await shell.expectPath('/billing');
    await expect(shell.drawer).toBeHidden();
  });

  test('at 360 px the header is one row, even with the account switcher in Spanish: every control on the screen, the bell and menu 44 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 760 });
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('multi@tendwell.test');
    await shell.expectPath('/dashboard');
    const header = page.getByRole('banner');

    const expectOneRow = async () => {
      const box = (await header.boundingBox())!;
      // One row: the header keeps its single-row height (4rem and its border) rather than growing a second one.
      expect(box.height).toBeLessThanOrEqual(66);
      for (const control of [header.getByRole('link', { name: /Tendwell/ }), shell.languageButton('English'), shell.languageButton('Español'), shell.accountSwitcher, shell.notificationsButton, shell.drawerToggle]) {
        await expect(control).toBeVisible();
        const b = (await control.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(360);
        expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
      }
      for (const target of [shell.notificationsButton, shell.drawerToggle]) {
        const b = (await target.boundingBox())!;
        expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    };

    await expectOneRow();
    await shell.languageButton('Español').click();
    await expect(shell.languageButton('Español')).toHaveAttribute('aria-pressed', 'true');
    await expect(shell.languageButton('English')).toBeEnabled();
    await expectOneRow();
    // The notifications panel stays on the screen.
    await shell.notificationsButton.click();
    const panel = (await shell.notificationsPanel.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(360);

    // Leave the demo account as it was.
    await page.keyboard.press('Escape');
    await shell.languageButton('English').click();
    await expect(shell.languageButton('English')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the header hides the logo name, language names and account label on a phone, the menu button name below 420 px; all stay their controls\' names', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('multi@tendwell.test');
    await shell.expectPath('/dashboard');
    const header = page.getByRole('banner');
    const logoName = header.getByRole('link', { name: /Tendwell/ }).getByText('Tendwell', { exact: true });
    const languageName = shell.languageButton('English').getByText('English', { exact: true });
    const accountLabel = header.getByText('Account', { exact: true });
    const menuName = shell.drawerToggle.getByText('Menu', { exact: true });
    // Visually hidden text keeps a 1 px box (base.css, "Visually hidden"); shown text is wider.
    const widthOf = async (text: Locator) => (await text.boundingBox())?.width ?? 0;
    const expectHidden = async (...texts: Locator[]) => {
      for (const text of texts) await expect.poll(() => widthOf(text)).toBe(1);
    };
    const expectShown = async (...texts: Locator[]) => {
      for (const text of texts) await expect.poll(() => widthOf(text)).toBeGreaterThan(1);
    };

    await expectShown(logoName, languageName, accountLabel);
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(shell.drawerToggle).toBeVisible();
    await expectHidden(logoName, languageName, accountLabel);
    await expectShown(menuName);
    await page.setViewportSize({ width: 400, height: 800 });
    await expectHidden(logoName, languageName, accountLabel, menuName);
    await expect(shell.accountSwitcher).toBeVisible();
  });

  test('the notifications menu: a customer dismisses one, and it stays gone after a reload', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('customer@tendwell.test');
    await shell.expectPath('/dashboard');

    await shell.notificationsButton.click();
    const panel = shell.notificationsPanel;
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Mowing is scheduled', { exact: true })).toBeVisible();
    // Older than 30 days, or dismissed already: not listed.
    await expect(panel.getByText('Spring aeration', { exact: true })).toHaveCount(0);
    await expect(panel.getByText('Storm delay', { exact: true })).toHaveCount(0);

    await panel.getByRole('button', { name: /^Dismiss\s*: Mowing is scheduled$/ }).click();
    await expect(panel.getByText('Mowing is scheduled', { exact: true })).toHaveCount(0);

    await page.reload();
    await shell.expectPath('/dashboard');
    await shell.notificationsButton.click();
    await expect(shell.notificationsPanel.getByText('Welcome to Tendwell', { exact: true })).toBeVisible();
    await expect(shell.notificationsPanel.getByText('Mowing is scheduled', { exact: true })).toHaveCount(0);
  });

  test('the customer alert route shows the undismissed alert until it is dismissed; public reviews always shows', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.open();
    await login.logIn('customer@tendwell.test');
    await shell.expectPath('/dashboard');

    await page.goto('/customer/alert');
    await expect(shell.heading('Your card was declined')).toBeVisible();
    await expect(shell.menu).toHaveCount(0);
    await shell.main.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await shell.expectPath('/dashboard');

    // Dismissed: the route now goes straight to /dashboard.
    await page.goto('/customer/alert');
    await shell.expectPath('/dashboard');
    await expect(shell.heading('Welcome, Casey')).toBeVisible();

    await page.goto('/public/reviews');
    await expect(shell.heading('Reviews are coming soon')).toBeVisible();
  });
});
