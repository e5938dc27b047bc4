import { expect, type Locator, type Page } from '@playwright/test';

/** The password forms of src/ui/shared/PasswordFlow.tsx, as the login screen shows them. */
export class PasswordPages {
  readonly lostPasswordButton: Locator;
  readonly email: Locator;
  readonly sendLink: Locator;
  readonly current: Locator;
  readonly newPassword: Locator;
  readonly confirmation: Locator;
  readonly status: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.lostPasswordButton = page.getByRole('button', { name: /Forgot your password/ });
    this.email = page.getByRole('textbox', { name: /^Email/ });
    this.sendLink = page.getByRole('button', { name: 'Send me a link' });
    this.current = page.getByLabel(/^(Temporary password|Current password)/).and(page.locator('input'));
    this.newPassword = page.getByLabel(/^New password/).and(page.locator('input'));
    this.confirmation = page.getByLabel(/^Confirm password/).and(page.locator('input'));
    this.status = page.getByRole('status');
    this.alert = page.getByRole('alert');
  }

  async heading(name: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  async choose(password: string, current?: string): Promise<void> {
    if (current !== undefined) await this.current.fill(current);
    await this.newPassword.fill(password);
    await this.confirmation.fill(password);
  }

  async submit(name: string): Promise<void> {
    await this.page.getByRole('button', { name }).click();
  }
}
