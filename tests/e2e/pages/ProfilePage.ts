import { expect, type Locator, type Page } from '@playwright/test';

/** The profile pages (src/ui/screens/profile/ProfileScreen.tsx): /profile, /vendor/profile, /organization/profile, /affiliate/profile. */
export class ProfilePage {
  readonly facts: Locator;
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly updatePassword: Locator;
  readonly phonePanel: Locator;

  constructor(readonly page: Page) {
    this.facts = page.getByRole('region', { name: 'Account details' });
    this.currentPassword = page.getByLabel(/^Current password/);
    this.newPassword = page.getByLabel(/^New password/);
    this.confirmPassword = page.getByLabel(/^Confirm password/);
    this.updatePassword = page.getByRole('button', { name: 'Update password' });
    this.phonePanel = page.getByRole('region', { name: 'Phone', exact: true });
  }

  /** The value shown for one fact ('Name', 'Email', 'Phone', 'Account type'). */
  fact(term: string): Locator {
    return this.facts.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.currentPassword.fill(current);
    await this.newPassword.fill(next);
    await this.confirmPassword.fill(next);
    await this.updatePassword.click();
    await expect(this.page.getByText('Password updated!')).toBeVisible();
  }
}
