import { expect, type Locator, type Page } from '@playwright/test';

/** The page shell around every screen: header (logo, slot, menu or drawer), content, footer. */
export class ShellPage {
  readonly main: Locator;
  readonly menu: Locator;
  readonly drawerToggle: Locator;
  readonly drawer: Locator;
  readonly footer: Locator;
  readonly logoutLink: Locator;
  readonly accountSwitcher: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('main#main-content');
    this.menu = page.getByRole('navigation', { name: /Main menu|Menú principal/ });
    this.drawerToggle = page.getByRole('button', { name: /^(Menu|Menú)$/ });
    this.drawer = page.getByRole('dialog', { name: /Main menu|Menú principal/ });
    this.footer = page.getByRole('contentinfo');
    this.logoutLink = this.footer.getByRole('link', { name: /Logout|Cerrar sesión/ });
    this.accountSwitcher = page.getByRole('combobox', { name: /^(Account|Cuenta)$/ });
  }

  /** The header's notifications button (its name counts the unread ones). */
  get notificationsButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^(Notifications|Notificaciones)/ });
  }

  /** The notifications panel the button opens. */
  get notificationsPanel(): Locator {
    return this.page.getByRole('banner').getByRole('region', { name: /^(Notifications|Notificaciones)$/ });
  }

  heading(name: string | RegExp): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  languageButton(name: 'English' | 'Español'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Waits until the app shows `path` (query ignored unless given). */
  async expectPath(path: string): Promise<void> {
    await expect(this.page).toHaveURL((url) => `${url.pathname}${path.includes('?') ? url.search : ''}` === path);
  }
}
