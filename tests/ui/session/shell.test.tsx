import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerAccount, multiUser, notification, superUser } from '../../machines/models/session.fixtures';
import { renderApp } from './harness';

const customer = { ...multiUser, accounts: [{ id: customerAccount._id, type: 'customer' as const }] };
const inEnglish = { ...customer, account: { ...customerAccount, settings: { language_preference: 'en' as const } } };

describe('the language switch', () => {
  it("saves the browser's language to an account whose preference is 'default'", async () => {
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: customer, browserLanguage: 'es-MX' });
    await waitFor(() => expect(app.calls.saveLanguage).toHaveBeenCalledWith('es'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido, Alex' })).toBeTruthy();
    expect(screen.getByText('versión web 1.2.34')).toBeTruthy();
  });

  it('saves the chosen language to the account, and the shell follows', async () => {
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(app.calls.saveLanguage).toHaveBeenCalledWith('es'));
    expect(await screen.findByText('versión web 1.2.34')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });

  it("follows the browser for a visitor and changes only the page's language", async () => {
    const app = renderApp('/login', { browserLanguage: 'es-ES' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicie sesión en Tendwell' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Tendwell' })).toBeTruthy();
    expect(app.calls.saveLanguage).not.toHaveBeenCalled();
  });
});

describe('the dashboards', () => {
  it('show the person, the account type and the notifications, loaded once per role', async () => {
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish, dashboard: { notifications: [notification] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' })).toBeTruthy();
    expect(screen.getByText('Customer')).toBeTruthy();
    expect(screen.getByText('customer@tendwell.test')).toBeTruthy();
    expect(await screen.findByText('Welcome to Tendwell')).toBeTruthy();
    expect(app.calls.loadDashboard).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('link', { name: 'Billing' }));
    await screen.findByRole('heading', { name: 'This part of Tendwell is coming soon' });
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    expect(app.calls.loadDashboard).toHaveBeenCalledTimes(1);
  });

  it('say when there are no notifications', async () => {
    renderApp('/admin', { storedToken: 'token-1', user: superUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' })).toBeTruthy();
    expect(screen.getByText('Platform administrator')).toBeTruthy();
    expect(await screen.findByText('No notifications in the last 30 days')).toBeTruthy();
  });
});
