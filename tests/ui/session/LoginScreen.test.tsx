import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../../src/core/model/auth';
import { customerAccount, loginResults, multiUser } from '../../machines/models/session.fixtures';
import { renderApp } from './harness';

const customer = { ...multiUser, accounts: [{ id: customerAccount._id, type: 'customer' as const }], account: { ...customerAccount, settings: { language_preference: 'en' as const } } };

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

async function openLogin(path = '/login', fakes: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp(path, { user: customer, ...fakes });
  await screen.findByRole('heading', { level: 1, name: 'Log in to Tendwell' });
  return app;
}

function fill(username: string, password: string) {
  fireEvent.change(input(/^(Email|Correo electrónico)/), { target: { value: username } });
  fireEvent.change(input(/^(Password|Contraseña)/), { target: { value: password } });
}

describe('LoginScreen', () => {
  it('asks for the username and the current password with the right autocomplete', async () => {
    await openLogin();
    expect(input(/^Email/).autocomplete).toBe('username');
    expect(input(/^Password/).autocomplete).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
  });

  it("shows the server's message when the login is refused, and nothing else happens", async () => {
    const login = vi.fn(async () => loginResults.refused as LoginResult);
    const app = await openLogin('/login', { login });
    fill('customer@tendwell.test', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect(login).toHaveBeenCalledWith({ username: 'customer@tendwell.test', password: 'wrong' });
    expect(input(/^Password/).value).toBe('');
    expect(app.current()).toBe('/login');
  });

  it('shows the message in Spanish when the catalogue knows its code', async () => {
    const login = vi.fn(async () => loginResults.refused as LoginResult);
    await openLogin('/login', { login });
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await screen.findByRole('heading', { level: 1, name: 'Inicie sesión en Tendwell' });
    fill('customer@tendwell.test', 'wrong');
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Usuario o contraseña no válidos');
  });

  it('needs a username', async () => {
    const app = await openLogin();
    fill('', 'tendwell-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Username is required');
    expect(app.calls.login).not.toHaveBeenCalled();
  });

  it('logs in and goes to the page the guard sent the person from', async () => {
    const app = await openLogin('/login?redirectFrom=%2Fprofile');
    fill('customer@tendwell.test', 'tendwell-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.current()).toBe('/profile'));
    expect(app.calls.storeToken).toHaveBeenCalledWith('token-1');
  });

  it('id_token: signs in with the token of the link', async () => {
    const app = renderApp('/login?id_token=quick-1', { user: customer });
    await waitFor(() => expect(app.calls.storeToken).toHaveBeenCalledWith('quick-1'));
    await waitFor(() => expect(app.current()).toBe('/dashboard'));
  });

  it('confirm_account: confirms the account and says so above the form', async () => {
    const app = await openLogin('/login?confirm_account=c-1');
    expect(await screen.findByText('Your account is confirmed.')).toBeTruthy();
    expect(app.calls.confirmAccount).toHaveBeenCalledTimes(1);
    expect(app.calls.confirmAccount).toHaveBeenCalledWith({ token: 'c-1' });
  });

  it('claim_account: claims the account, then asks for a new password', async () => {
    const app = renderApp('/login?claim_account=k-1', { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    expect(app.calls.claimAccount).toHaveBeenCalledWith({ token: 'k-1' });
  });

  it('password_reset: shows the new-password form of the e-mailed link', async () => {
    renderApp('/login?password_reset=r-1', { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
  });

  it("'Forgot your password?' switches to the lost-password form, with the e-mail carried over", async () => {
    await openLogin();
    fill('pat@example.com', '');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    expect(input(/^Email/).value).toBe('pat@example.com');
  });

  it('a temporary password continues with the replacement form; Back returns to the login form', async () => {
    const app = await openLogin('/login', { login: vi.fn(async () => loginResults.temporary as LoginResult) });
    fill('temporary@tendwell.test', 'temp-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Replace your temporary password' })).toBeTruthy();
    expect(app.actor.getSnapshot().hasTag('temporaryPassword')).toBe(true);
    await act(async () => app.actor.send({ type: 'login.restart' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Tendwell' })).toBeTruthy();
  });

  it('SMS confirmation needed: goes to /register/verify/sms', async () => {
    const app = await openLogin('/login', { login: vi.fn(async () => loginResults.sms as LoginResult) });
    fill('sms@tendwell.test', 'tendwell-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.current()).toBe('/register/verify/sms'));
  });

  it('tells someone already signed in, with a way on', async () => {
    renderApp('/login', { storedToken: 'token-1', user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are already logged in' })).toBeTruthy();
    expect(await screen.findByText('You are logged in as multi@tendwell.test.')).toBeTruthy();
  });
});

describe('LogoutScreen', () => {
  it('ends the session and goes to /, then the guard asks to log in', async () => {
    const app = renderApp('/logout', { storedToken: 'token-1', user: customer });
    await waitFor(() => expect(app.calls.logout).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(app.current()).toBe('/login'));
    expect(app.actor.getSnapshot().hasTag('signedOut')).toBe(true);
  });
});
