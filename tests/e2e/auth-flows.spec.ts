import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, LoginPage } from './pages/LoginPage';
import { OutboxApi } from './pages/OutboxApi';
import { PasswordPages } from './pages/PasswordPages';
import { RegisterPage } from './pages/RegisterPage';
import { ShellPage } from './pages/ShellPage';
import { VerifySmsPage } from './pages/VerifySmsPage';

/** Registration, SMS confirmation and the password flows against the real server (accounts §4, §5, §7, §8). */

/** Logs out and waits until the app has finished (it ends on the login form). */
const logOut = async (page: Page) => {
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Tendwell' })).toBeVisible();
};

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test('sms@tendwell.test confirms its phone with the texted code and gets in', async ({ page, request }) => {
  const outbox = new OutboxApi(request);
  const login = new LoginPage(page);
  const verify = new VerifySmsPage(page);
  const shell = new ShellPage(page);
  const phone = '+15555550100';
  const before = await outbox.count(phone);

  await login.open();
  await login.logIn('sms@tendwell.test');
  await verify.expectShown();

  // A wrong code is refused with the server's reason, and the field clears.
  const code = await outbox.code(phone, before);
  const wrong = code === '0000' ? '1111' : '0000';
  await verify.enter(wrong);
  await expect(verify.alert).toHaveText(/^Code verification failed/);
  await expect(verify.code).toHaveValue('');

  await verify.enter(code);
  await shell.expectPath('/dashboard');
  await expect(shell.logoutLink).toBeVisible();
});

test('/register/verify/sms without a pending registration goes to /login', async ({ page }) => {
  await page.goto('/register/verify/sms');
  await expect(page).toHaveURL(/\/login$/);
});

test('temporary@tendwell.test replaces its temporary password and gets in', async ({ page }) => {
  const login = new LoginPage(page);
  const passwords = new PasswordPages(page);
  const shell = new ShellPage(page);
  await login.open();
  await login.logIn('temporary@tendwell.test');
  await passwords.heading('Replace your temporary password');
  await passwords.choose('a brand new passphrase', DEMO_PASSWORD);
  await passwords.submit('Save and continue');
  await shell.expectPath('/dashboard');

  // The new password is the one that works from now on.
  await logOut(page);
  await login.logIn('temporary@tendwell.test', 'a brand new passphrase');
  await shell.expectPath('/dashboard');
});

test('a lost password is reset through the emailed link', async ({ page, request }) => {
  const outbox = new OutboxApi(request);
  const login = new LoginPage(page);
  const passwords = new PasswordPages(page);
  const shell = new ShellPage(page);
  // A customer of its own, so the demo logins keep their password for the other specs.
  const email = unique('forgetful');
  const registered = await request.post('/api/auth/register', {
    data: { email, first_name: 'Fern', last_name: 'Forgetful', password: 'old-password-1', account_confirmation_method: 'email', platform: 'web', type: 'customer' },
  });
  expect(registered.status()).toBe(200);
  const before = await outbox.count(email);

  await login.open();
  await login.username.fill(email);
  await passwords.lostPasswordButton.click();
  await passwords.heading('Reset your password');
  await expect(passwords.email).toHaveValue(email);
  await passwords.sendLink.click();
  await expect(page.getByText('Check your email for a link to reset your password')).toBeVisible();

  const link = await outbox.link(email, before, 'password_reset=');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await passwords.heading('Choose a new password');
  await expect(page.getByText(`For ${email}`)).toBeVisible();
  await passwords.choose('garden-gate-42');
  await passwords.submit('Set new password');
  await expect(page.getByText('New password successfully set')).toBeVisible();
  // After the confirmation (4 s) the login form is back.
  await expect(login.heading).toBeVisible({ timeout: 8000 });
  await expect(page).toHaveURL(/\/login$/);

  await login.logIn(email, 'old-password-1');
  await expect(login.alert).toHaveText('Invalid username or password');
  await login.logIn(email, 'garden-gate-42');
  await shell.expectPath('/customer/onboarding');
});

test('a new customer registers and reaches /customer/onboarding', async ({ page, request }) => {
  const outbox = new OutboxApi(request);
  const register = new RegisterPage(page);
  const shell = new ShellPage(page);
  const email = unique('new-customer');

  await register.open('/register?aff=GREEN_1');
  await register.fill({ firstName: 'Nova', lastName: 'Customer', email, password: 'garden-path-7' });
  await register.submit.click();
  await shell.expectPath('/customer/onboarding');
  await expect(shell.heading('Welcome to Tendwell')).toBeVisible();
  await expect(page.getByRole('button', { name: 'What is Tendwell?' })).toBeVisible();
  // The confirmation e-mail is on its way.
  await outbox.next(email, 0, (m) => m.link?.includes('confirm_account=') ?? false);

  // The same address cannot register twice, and the draft stays.
  await logOut(page);
  await register.open('/register');
  await register.fill({ firstName: 'Nova', lastName: 'Again', email, password: 'garden-path-7' });
  await register.submit.click();
  await expect(register.alert.first()).toHaveText('Email already exists');
  await expect(register.email).toHaveValue(email);
  await expect(register.lastName).toHaveValue('Again');
});

test('registering with SMS confirmation texts a code and the code signs the new customer in', async ({ page, request }) => {
  const outbox = new OutboxApi(request);
  const register = new RegisterPage(page);
  const verify = new VerifySmsPage(page);
  const shell = new ShellPage(page);
  const digits = String(Date.now()).slice(-7);
  const phone = `+1555${digits}`;

  await register.open('/register');
  await register.fill({ firstName: 'Tex', lastName: 'Ter', email: unique('sms-signup'), password: 'garden-path-7', phone: `555${digits}` });
  await register.bySms.check();
  await register.submit.click();
  await verify.expectShown();
  await verify.enter(await outbox.code(phone, 0));
  await shell.expectPath('/customer/onboarding');
});

test('a quick sign-up chooses its password at onboarding', async ({ page }) => {
  const register = new RegisterPage(page);
  const shell = new ShellPage(page);
  await register.open('/register-quick', 'Quick sign-up');
  await register.fill({ firstName: 'Quin', email: unique('quick') });
  await register.submit.click();
  // (The welcome shows for 500 ms before the session takes over: covered by the view and chart tests.)
  await shell.expectPath('/customer/onboarding');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You signed up without a password.', { exact: false })).toBeVisible();
  const passwords = new PasswordPages(page);
  await passwords.choose('garden-path-9');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password updated!')).toBeVisible();
  // The last step offers the first booking; skipping it finishes the set-up and opens the dashboard (issue 8).
  await expect(page.getByText(/Last step: book your first service/)).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await shell.expectPath('/dashboard');
});
