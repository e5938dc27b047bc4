import { expect, type Locator, type Page } from '@playwright/test';

/** /register/verify/sms (src/ui/screens/auth/VerifySmsScreen.tsx). */
export class VerifySmsPage {
  readonly heading: Locator;
  readonly code: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Confirm your phone number' });
    this.code = page.getByLabel('Verification code');
    this.alert = page.getByRole('alert');
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/register\/verify\/sms$/);
    await expect(this.heading).toBeVisible();
  }

  /** Types the code digit by digit: the field submits itself at the fourth. */
  async enter(code: string): Promise<void> {
    await this.code.pressSequentially(code);
  }
}
