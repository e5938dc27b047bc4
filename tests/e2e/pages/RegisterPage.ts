import { expect, type Locator, type Page } from '@playwright/test';

/** The sign-up pages (src/ui/screens/auth/RegistrationForm.tsx): /register, /register-quick, … */
export class RegisterPage {
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly phone: Locator;
  readonly address: Locator;
  readonly password: Locator;
  readonly confirmation: Locator;
  readonly bySms: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.firstName = page.getByRole('textbox', { name: /^First name/ });
    this.lastName = page.getByRole('textbox', { name: /^Last name/ });
    this.email = page.getByRole('textbox', { name: /^Email/ });
    this.phone = page.getByRole('textbox', { name: /^Mobile phone/ });
    this.address = page.getByRole('textbox', { name: /^Service address/ });
    this.password = page.getByLabel(/^Password/).and(page.locator('input'));
    this.confirmation = page.getByLabel(/^Confirm password/).and(page.locator('input'));
    this.bySms = page.getByRole('radio', { name: 'Text message (SMS)' });
    this.submit = page.getByRole('button', { name: 'Create account' });
    this.alert = page.getByRole('alert');
  }

  async open(path = '/register', title: string | RegExp = 'Create your Tendwell account'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  async fill(person: { firstName: string; lastName?: string; email: string; password?: string; phone?: string }): Promise<void> {
    await this.firstName.fill(person.firstName);
    if (person.lastName !== undefined) await this.lastName.fill(person.lastName);
    await this.email.fill(person.email);
    if (person.phone !== undefined) await this.phone.fill(person.phone);
    if (person.password !== undefined) {
      await this.password.fill(person.password);
      await this.confirmation.fill(person.password);
    }
  }
}
