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
    expect(await screen.findByText('versión web 1.2.34')).toBeTruthy();
  });

  it('saves the chosen language to the account, and the shell follows', async () => {
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    const group = await screen.findByRole('group', { name: 'Language' });
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
    fireEvent.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Tendwell' })).toBeTruthy();
    expect(app.calls.saveLanguage).not.toHaveBeenCalled();
  });
});

describe('the dashboards', () => {
  it('show the person, the account type and the notifications, loaded once per signed-in session', async () => {
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish, notifications: [notification] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' })).toBeTruthy();
    expect(await screen.findByText('Customer')).toBeTruthy();
    expect(screen.getByText('customer@tendwell.test')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Welcome to Tendwell')).toBeTruthy();
    expect(app.calls.loadNotifications).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('link', { name: 'Billing' }));
    await screen.findByRole('heading', { level: 1, name: 'Billing' });
    fireEvent.click(await screen.findByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    expect(app.calls.loadNotifications).toHaveBeenCalledTimes(1);
  });

  it('say when there are no notifications', async () => {
    renderApp('/admin', { storedToken: 'token-1', user: superUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' })).toBeTruthy();
    expect(await screen.findByText('Platform administrator')).toBeTruthy();
    expect(await screen.findByText('No notifications in the last 30 days')).toBeTruthy();
  });
});

describe('the notifications menu', () => {
  const second = { ...notification, _id: 'd0000000000000000000000b' as typeof notification._id, title: 'Your lawn was serviced', has_read: true };

  /** The notifications card of the dashboard (while the header's panel is closed, the only region of that name). */
  const dashboardList = () => screen.getByRole('region', { name: 'Notifications' });

  it('marks read and dismisses through the notifications chart, and the menu follows', async () => {
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

  it('and the dashboard stay in sync: a read or a dismiss in the header shows on the dashboard at once', async () => {
    renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish, notifications: [notification, second] });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    const list = dashboardList();
    expect(await within(list).findByText('Welcome to Tendwell')).toBeTruthy();
    expect(within(list).getByText('New')).toBeTruthy();
    expect(within(list).getByText('Your lawn was serviced')).toBeTruthy();

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    const panel = document.getElementById(bell.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark as read: Welcome to Tendwell' }));
    await waitFor(() => expect(within(list).queryByText('New')).toBeNull());

    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss: Your lawn was serviced' }));
    await waitFor(() => expect(within(list).queryByText('Your lawn was serviced')).toBeNull());
    expect(within(list).getByText('Welcome to Tendwell')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss: Welcome to Tendwell' }));
    expect(await within(list).findByText('No notifications in the last 30 days')).toBeTruthy();
    expect(within(panel).getByText('You have no notifications')).toBeTruthy();
  });

  it('a refused change (409 after a dismiss elsewhere) says so, and both lists follow the server', async () => {
    const refused = { _tag: 'ApiError', status: 409, message: 'Notification is dismissed', code: 'conflict' };
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish, notifications: [notification, second], refuseChanges: refused });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    const list = dashboardList();
    await within(list).findByText('Welcome to Tendwell');
    app.live.setNotifications([{ ...notification, dismissed: true }, second]);

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    const panel = document.getElementById(bell.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark as read: Welcome to Tendwell' }));
    expect(await screen.findByText('Notification is dismissed')).toBeTruthy();
    await waitFor(() => expect(within(list).queryByText('Welcome to Tendwell')).toBeNull());
    expect(within(panel).queryByText('Welcome to Tendwell')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('a live update of a notification shows the new one in the header and on the dashboard', async () => {
    const app = renderApp('/dashboard', { storedToken: 'token-1', user: inEnglish, notifications: [second] });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    await screen.findByRole('button', { name: 'Notifications' });
    const list = dashboardList();
    app.live.setNotifications([notification, second]);
    act(() => app.live.emit({ type: 'live.resourceUpdated', update: { reason: 'created', resourceType: 'notification', resourceId: notification._id } }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(await within(list).findByText('Welcome to Tendwell')).toBeTruthy();
  });

  it('is not shown to an admin', async () => {
    renderApp('/admin', { storedToken: 'token-1', user: superUser });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
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
  it('covers the page while the signed-in user is reloaded, and goes when the user is back', async () => {
    const app = renderApp('/profile', { storedToken: 'token-1', user: inEnglish });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    const original = app.calls.loadUser.getMockImplementation()!;
    let finish: () => void = () => undefined;
    app.calls.loadUser.mockImplementation(() => new Promise((resolve) => (finish = () => resolve(original()))));
    act(() => app.actor.send({ type: 'user.reload' }));
    expect(await screen.findByTestId('loading-overlay')).toBeTruthy();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
  });

  it('stays away while nothing reloads the user', async () => {
    renderApp('/profile', { storedToken: 'token-1', user: inEnglish });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
