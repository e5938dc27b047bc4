import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../src/core/model/notification';
import type { Role } from '../../../src/core/model/roles';
import { unreadCount, visibleNotifications } from '../../../src/core/rules/notifications';
import { RoleMenu } from '../../../src/ui/app/shell/RoleMenu';
import { renderUi } from '../render';

/** accounts §2 'Shell and navigation', transcribed. */
const SPEC_MENUS: Record<'customer' | 'affiliate' | 'vendor' | 'organization' | 'super', string[]> = {
  customer: ['/dashboard', '/help-desk', '/profile', '/billing'],
  affiliate: ['/affiliate/dashboard', '/affiliate/promote', '/affiliate/reports', '/affiliate/profile'],
  vendor: ['/vendor/appointments', '/vendor/help-desk', '/vendor/availability', '/vendor/profile'],
  organization: [
    '/organization/vendors',
    '/organization/appointments',
    '/organization/help-desk',
    '/organization/profile',
    '/organization/view-transfers',
    '/organization/view-payouts',
  ],
  super: ['/admin/customers', '/admin/vendors', '/admin/vendors-search', '/admin/organizations', '/admin/affiliates', '/admin/help-desk'],
};
const ADMIN_MORE = [
  'create-invoice',
  'services',
  'service-categories',
  'coupons',
  'users',
  'communications',
  'reports',
  'lists',
  'zipcodes',
  'reviews',
  'emailing',
  'move-vendor-appointments',
  'appointment-images',
  'connect-inbox',
].map((p) => `/admin/${p}`);

const notification = (over: Partial<Notification>): Notification =>
  ({ _id: 'a'.repeat(24), type: 'info', dismissed: false, has_read: false, created: '2024-05-01T10:00:00.000Z', title: 'Visit done', ...over }) as Notification;

const noop = () => undefined;
/** The menu's props as the app builds them from the notifications chart (visible list, core unreadCount, mode). */
const notificationsProps = (list: Notification[] = []) => ({
  notifications: visibleNotifications(list),
  unreadCount: unreadCount(list),
  mode: visibleNotifications(list).length > 0 ? ('ready' as const) : ('empty' as const),
  onRead: vi.fn(),
  onUnread: vi.fn(),
  onDismiss: vi.fn(),
});

const nav = () => screen.getByRole('navigation', { name: 'Main menu' });
const hrefs = () => within(nav()).getAllByRole('link').map((a) => a.getAttribute('href'));

describe('RoleMenu', () => {
  it.each(Object.entries(SPEC_MENUS))('lists exactly the spec items for %s', (role, expected) => {
    renderUi(<RoleMenu role={role as Role} pathname="/" mobile={false} notifications={notificationsProps()} />);
    expect(hrefs()).toEqual(expected);
  });

  it('labels the customer menu Home, Help, My settings and Billing (and in Spanish)', () => {
    const { unmount } = renderUi(<RoleMenu role="customer" pathname="/dashboard" mobile={false} />);
    expect(within(nav()).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Help', 'My settings', 'Billing']);
    expect(within(nav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    unmount();
    renderUi(<RoleMenu role="customer" pathname="/help-desk/history" mobile={false} />, { locale: 'es' });
    const esNav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(esNav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Inicio', 'Ayuda', 'Mi configuración', 'Facturación']);
    expect(within(esNav).getByRole('link', { name: 'Ayuda' }).getAttribute('aria-current')).toBe('page');
  });

  it("labels the vendor's appointment list 'Work schedule'", () => {
    renderUi(<RoleMenu role="vendor" pathname="/" mobile={false} />);
    expect(within(nav()).getByRole('link', { name: 'Work schedule' }).getAttribute('href')).toBe('/vendor/appointments');
  });

  it("puts the admin's other items under a More disclosure", async () => {
    const user = userEvent.setup();
    renderUi(<RoleMenu role="super" pathname="/admin" mobile={false} />);
    const more = within(nav()).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const group = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(within(group).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(ADMIN_MORE);
    await user.keyboard('{Escape}');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
    await user.click(more);
    await user.click(document.body);
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('gives super a chat-console button that opens a 1140×800 pop-up, and no notifications button', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderUi(<RoleMenu role="super" pathname="/admin" mobile={false} notifications={notificationsProps([notification({})])} />);
    expect(screen.queryByRole('button', { name: /notifications/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: /chat console/i }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0]!;
    expect(url).toBe('/admin/connect-inbox');
    expect(name).toBe('tendwell-chat-console');
    expect(features).toContain('width=1140');
    expect(features).toContain('height=800');
    open.mockRestore();
  });

  it('gives the other roles no chat-console button', () => {
    for (const role of ['customer', 'affiliate', 'vendor', 'organization'] as const) {
      const { unmount } = renderUi(<RoleMenu role={role} pathname="/" mobile={false} notifications={notificationsProps()} />);
      expect(screen.queryByRole('button', { name: /chat console/i })).toBeNull();
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
      unmount();
    }
  });

  it('renders nothing for roles without a menu', () => {
    const { container } = renderUi(<RoleMenu role="none" pathname="/" mobile={false} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('NotificationsMenu', () => {
  it('counts unread notifications and offers read, unread and dismiss', async () => {
    const user = userEvent.setup();
    const props = notificationsProps([
      notification({ _id: '1'.repeat(24) as Notification['_id'], title: 'Visit done', has_read: false }),
      notification({ _id: '2'.repeat(24) as Notification['_id'], title: 'Invoice ready', has_read: true }),
      notification({ _id: '3'.repeat(24) as Notification['_id'], title: 'Old news', dismissed: true }),
    ]);
    const onOpen = vi.fn();
    renderUi(<RoleMenu role="customer" pathname="/" mobile={false} notifications={{ ...props, onOpen }} />);
    const button = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(button);
    expect(onOpen).toHaveBeenCalledTimes(1);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).queryByText('Old news')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Mark as read: Visit done' }));
    expect(props.onRead).toHaveBeenCalledWith('1'.repeat(24));
    await user.click(within(panel).getByRole('button', { name: 'Mark as unread: Invoice ready' }));
    expect(props.onUnread).toHaveBeenCalledWith('2'.repeat(24));
    await user.click(within(panel).getByRole('button', { name: 'Dismiss: Invoice ready' }));
    expect(props.onDismiss).toHaveBeenCalledWith('2'.repeat(24));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('shows a failed load with Try again, and disables the actions the chart does not accept now', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { unmount } = renderUi(<RoleMenu role="customer" pathname="/" mobile={false} notifications={{ ...notificationsProps(), mode: 'error', onRetry }} />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText(/There was a problem loading results/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    unmount();

    const props = notificationsProps([notification({ _id: '1'.repeat(24) as Notification['_id'], title: 'Visit done' })]);
    renderUi(<RoleMenu role="customer" pathname="/" mobile={false} notifications={{ ...props, canChange: () => false }} />);
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect((screen.getByRole('button', { name: 'Mark as read: Visit done' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Dismiss: Visit done' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when there are none', async () => {
    const user = userEvent.setup();
    renderUi(<RoleMenu role="vendor" pathname="/" mobile={false} notifications={{ ...notificationsProps(), onOpen: noop }} />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('You have no notifications')).toBeTruthy();
  });
});
