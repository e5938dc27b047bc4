import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationId } from '../../../src/core/model/ids';
import type { Notification } from '../../../src/core/model/notification';
import { customerAccount, multiUser, notification } from '../../machines/models/session.fixtures';
import { renderApp } from './harness';

const customer = {
  ...multiUser,
  accounts: [{ id: customerAccount._id, type: 'customer' as const }],
  account: { ...customerAccount, settings: { language_preference: 'en' as const } },
};
const alert: Notification = {
  ...notification,
  _id: 'd0000000000000000000000c' as NotificationId,
  type: 'alert',
  title: 'Your card was declined',
  body: 'Update your card to keep your lawn service on schedule.',
};

describe('the customer alert route', () => {
  it('shows an undismissed alert; dismissing it goes to /dashboard', async () => {
    const app = renderApp('/customer/alert', { storedToken: 'token-1', user: customer, notifications: [notification, alert] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your card was declined' })).toBeTruthy();
    expect(await screen.findByText('Update your card to keep your lawn service on schedule.')).toBeTruthy();
    // The alert route hides the menu.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(app.current()).toBe('/dashboard'));
    expect(app.calls.changeNotification).toHaveBeenCalledWith({ id: alert._id, change: 'dismiss' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' })).toBeTruthy();
  });

  it('goes to /dashboard when there is no undismissed alert', async () => {
    const app = renderApp('/customer/alert', { storedToken: 'token-1', user: customer, notifications: [notification, { ...alert, dismissed: true }] });
    await waitFor(() => expect(app.current()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex' })).toBeTruthy();
    expect(app.calls.changeNotification).not.toHaveBeenCalled();
  });
});

describe('the public reviews route', () => {
  it('always shows, saying reviews are coming, with a link home', async () => {
    renderApp('/public/reviews', { storedToken: 'token-1', user: customer, notifications: [alert] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews are coming soon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
