import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { ShellPage } from './pages/ShellPage';

/** The profile pages against the real server: the account's facts, the password change, the phone panel. */

test('a customer opens My settings, changes the password and signs in with the new one', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const profile = new ProfilePage(page);
  const newPassword = 'garden-path-2026';
  await login.open();
  await login.logIn('customer@tendwell.test');
  await shell.expectPath('/dashboard');

  await shell.menu.getByRole('link', { name: 'My settings' }).click();
  await shell.expectPath('/profile');
  await expect(shell.heading('My settings')).toBeVisible();
  await expect(profile.fact('Email')).toHaveText('customer@tendwell.test');
  await expect(profile.fact('Account type')).toHaveText('Customer');
  await expect(profile.fact('Phone')).toContainText('555-555-0101');

  await profile.changePassword(DEMO_PASSWORD, newPassword);

  await shell.logoutLink.click();
  await expect(login.heading).toBeVisible();
  // The old password no longer opens the account; the new one does.
  await login.logIn('customer@tendwell.test', DEMO_PASSWORD);
  await expect(login.alert.first()).toBeVisible();
  await login.logIn('customer@tendwell.test', newPassword);
  await shell.expectPath('/dashboard');

  // Leave the demo account as it was.
  await page.goto('/profile');
  await profile.changePassword(newPassword, DEMO_PASSWORD);
});

test('a vendor sees its profile with the phone panel', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const profile = new ProfilePage(page);
  await login.open();
  await login.logIn('vendor@tendwell.test');
  await shell.expectPath('/vendor/appointments');

  await shell.menu.getByRole('link', { name: 'Profile' }).click();
  await shell.expectPath('/vendor/profile');
  await expect(shell.heading('Profile')).toBeVisible();
  await expect(profile.fact('Account type')).toHaveText('Vendor');
  await expect(profile.fact('Phone')).toHaveText('No phone yet — add one below');
  await expect(profile.phonePanel.getByRole('textbox', { name: /^Mobile phone/ })).toBeEditable();
  await expect(profile.phonePanel.getByRole('button', { name: 'Send code' })).toBeEnabled();
  await expect(profile.phonePanel.getByLabel(/^Verification code/)).toBeVisible();
});

test('a vendor adds a phone on its profile and confirms it with the texted code', async ({ page, request }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const profile = new ProfilePage(page);
  await login.open();
  await login.logIn('vendor@tendwell.test');
  await shell.expectPath('/vendor/appointments');
  await page.goto('/vendor/profile');
  await expect(profile.fact('Phone')).toHaveText('No phone yet — add one below');

  await profile.phonePanel.getByRole('textbox', { name: /^Mobile phone/ }).fill('5555550142');
  await expect(profile.phonePanel.getByRole('textbox', { name: /^Mobile phone/ })).toHaveValue('555-555-0142');
  await profile.phonePanel.getByRole('button', { name: 'Send code' }).click();
  await expect(profile.phonePanel.getByText('A 4-digit code is on its way to this number.')).toBeVisible();

  // The texted code, as the phone would receive it (the dev outbox).
  const texts = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent('+15555550142')}`)).json()) as { code: string | null }[];
  const code = texts.at(-1)?.code;
  expect(code).toMatch(/^\d{4}$/);
  await profile.phonePanel.getByLabel(/^Verification code/).fill(code!);

  // The user is reloaded: the facts show the new number, confirmed; the panel starts afresh with it.
  await expect(profile.fact('Phone')).toContainText('555-555-0142');
  await expect(profile.fact('Phone')).toContainText('Confirmed');
  await expect(profile.phonePanel.getByRole('textbox', { name: /^Mobile phone/ })).toHaveValue('555-555-0142');
});
