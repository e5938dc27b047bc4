import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerAccount, inboundMessage, multiUser, notification, superUser } from '../../machines/models/session.fixtures';
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

describe('the notifications menu', () => {
  const second = { ...notification, _id: 'd0000000000000000000000b' as typeof notification._id, title: 'Your lawn was serviced', has_read: true };

  it('marks read and dismisses through the session, and the menu follows', async () => {
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish, notifications: [notification, second] });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    const panel = document.getElementById(bell.getAttribute('aria-controls') ?? '')!;
    expect(panel.hidden).toBe(false);

    fireEvent.click(within(panel).getByRole('button', { name: 'Mark as read: Welcome to Tendwell' }));
    await waitFor(() => expect(app.calls.changeNotification).toHaveBeenCalledWith({ id: notification._id, change: 'read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Mark as unread: Welcome to Tendwell' })).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss: Your lawn was serviced' }));
    await waitFor(() => expect(app.calls.changeNotification).toHaveBeenCalledWith({ id: second._id, change: 'dismiss' }));
    await waitFor(() => expect(within(panel).queryByText('Your lawn was serviced')).toBeNull());
    expect(within(panel).getByText('Welcome to Tendwell')).toBeTruthy();
  });

  it('is not shown to an admin', async () => {
    const app = renderApp('/admin', { storedToken: 'token-1', user: superUser });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(app.calls.loadNotifications).not.toHaveBeenCalled();
  });
});

describe('the admin push for inbound messages', () => {
  it('shows a toast to a super user, in their language; a customer gets none', async () => {
    const admin = renderApp('/admin', { storedToken: 'token-1', user: superUser });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    act(() => admin.actor.send({ type: 'live.message', message: inboundMessage }));
    expect(await screen.findByText('New SMS Message from +15555550100')).toBeTruthy();
    admin.unmount();

    const customer = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    act(() => customer.actor.send({ type: 'live.message', message: inboundMessage }));
    expect(screen.queryByText('New SMS Message from +15555550100')).toBeNull();
  });

  it('is translated to Spanish', async () => {
    const admin = renderApp('/admin', { storedToken: 'token-1', user: superUser, browserLanguage: 'es-ES' });
    await screen.findByRole('heading', { level: 1, name: 'Bienvenido, Alex' });
    act(() => admin.actor.send({ type: 'live.message', message: inboundMessage }));
    expect(await screen.findByText('Nuevo mensaje de SMS de +15555550100')).toBeTruthy();
  });
});

describe('the page loading overlay', () => {
  it("covers the page while the role's dashboard data loads, and goes when it has loaded", async () => {
    let finish: (data: { notifications: [] }) => void = () => undefined;
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish });
    app.calls.loadDashboard.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    await waitFor(() => expect(app.calls.loadDashboard).toHaveBeenCalled());
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    await act(async () => finish({ notifications: [] }));
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
  });

  it('stays away on a page with nothing of its own to load', async () => {
    renderApp('/profile', { storedToken: 'token-1', user: inEnglish });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
