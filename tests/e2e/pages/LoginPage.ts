import { expect, type Locator, type Page } from '@playwright/test';

/** The demo password of every seeded login (README). */
export const DEMO_PASSWORD = 'tendwell-demo';

/** /login: the sign-in form (src/ui/screens/auth/LoginScreen.tsx). */
export class LoginPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: /^(Log in to Tendwell|Inicie sesión en Tendwell)$/ });
    this.username = page.getByRole('textbox', { name: /^(Email|Correo electrónico)/ });
    this.password = page.getByLabel(/^(Password|Contraseña)/);
    this.submit = page.getByRole('button', { name: /^(Log in|Entrar)$/ });
    this.alert = page.getByRole('alert');
  }

  /** Opens a path that should end on the login form (a guarded route sends a visitor there). */
  async open(path = '/login'): Promise<void> {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
  }

  async logIn(email: string, password: string = DEMO_PASSWORD): Promise<void> {
    await this.username.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
