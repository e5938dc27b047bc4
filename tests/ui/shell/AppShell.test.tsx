import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, useLocation } from 'wouter';
import type { Role } from '../../../src/core/model/roles';
import { findRoute, routeByName } from '../../../src/core/routes';
import { AppShell } from '../../../src/ui/app/shell/AppShell';
import type { AppShellProps } from '../../../src/ui/app/shell/AppShell';
import { Footer } from '../../../src/ui/app/shell/Footer';
import { renderUi } from '../render';

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });

/** The shell driven by the router's location, as the app's router will drive it. */
function RoutedShell({ role = 'customer', signedIn = true, ...rest }: { role?: Role; signedIn?: boolean } & Partial<AppShellProps>) {
  const [location] = useLocation();
  const { route } = findRoute(location);
  return (
    <AppShell route={route} pathname={location} role={role} signedIn={signedIn} version="1.2.34" {...rest}>
      <h1>Page {location}</h1>
      <Link href="/help-desk">Go to help</Link>
    </AppShell>
  );
}

describe('Footer', () => {
  it("shows '© 2022', the web version, and a Logout link only when signed in", () => {
    const { unmount } = renderUi(<Footer signedIn={false} version="1.2.34" />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('© 2022');
    expect(footer.textContent).toContain('web version 1.2.34');
    expect(within(footer).queryByRole('link')).toBeNull();
    unmount();
    renderUi(<Footer signedIn version="1.2.34" />);
    const link = screen.getByRole('link', { name: 'Logout' });
    expect(link.getAttribute('href')).toBe('/logout');
  });

  it('speaks Spanish', () => {
    renderUi(<Footer signedIn version="1.2.34" />, { locale: 'es' });
    expect(screen.getByRole('contentinfo').textContent).toContain('versión web 1.2.34');
    expect(screen.getByRole('link', { name: 'Cerrar sesión' })).toBeTruthy();
  });
});

describe('AppShell', () => {
  beforeEach(() => setWidth(1280));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the header logo link, skip link, menu, content card and footer on a default route', async () => {
    renderUi(<RoutedShell />, { path: '/dashboard' });
    expect(screen.getByRole('link', { name: 'Tendwell home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    // The menu's code is a chunk of its own: its space is kept until it arrives.
    expect(screen.getByTestId('menu-placeholder')).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.queryByTestId('menu-placeholder')).toBeNull();
    const main = screen.getByRole('main');
    expect(main.style.maxWidth).toBe(routeByName('customer.dashboard').meta.maxWidthContent);
    expect(screen.getByRole('contentinfo').textContent).toContain('web version 1.2.34');
  });

  it('hides the menu on routes with hideNavigation and on alert routes, and uses the route width', () => {
    const { unmount } = renderUi(<RoutedShell />, { path: '/customer/onboarding' });
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    renderUi(<RoutedShell />, { path: '/customer/alert' });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('main').style.maxWidth).toBe('500px');
  });

  it('shows no menu and no Logout link to a visitor', () => {
    renderUi(<RoutedShell role="none" signedIn={false} />, { path: '/login' });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByTestId('menu-placeholder')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
  });

  it("keeps the menu's space while a signed-in person's user loads (no layout shift when the menu appears)", () => {
    const { unmount } = renderUi(<RoutedShell role="none" signedIn={false} menuPending />, { path: '/dashboard' });
    expect(screen.getByTestId('menu-placeholder')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    // Not on a page without a menu.
    renderUi(<RoutedShell role="none" signedIn={false} menuPending />, { path: '/customer/onboarding' });
    expect(screen.queryByTestId('menu-placeholder')).toBeNull();
  });

  it('drops the card and footer on the full-screen admin dashboard', async () => {
    renderUi(<RoutedShell role="super" />, { path: '/admin' });
    expect(screen.getByRole('main').style.maxWidth).toBe('');
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('shows the loading overlay while content loads', () => {
    const { rerender } = renderUi(<RoutedShell loading />, { path: '/dashboard' });
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    expect(within(screen.getByTestId('loading-overlay')).getByRole('status').textContent).toBe('Loading…');
    rerender(<RoutedShell loading={false} />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('moves focus to the new page heading after a route change', async () => {
    const user = userEvent.setup();
    renderUi(<RoutedShell />, { path: '/dashboard' });
    await user.click(screen.getByRole('link', { name: 'Go to help' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Page /help-desk' })));
  });
});

describe('AppShell on a small screen', () => {
  beforeEach(() => setWidth(500));
  afterEach(() => {
    vi.useRealTimers();
    setWidth(1280);
  });

  it("shows the 'Call Us:' banner with the support line", () => {
    renderUi(<RoutedShell supportPhone="+1 (555) 010-0199" />, { path: '/dashboard' });
    const banner = screen.getByRole('complementary', { name: 'Support phone' });
    expect(banner.textContent).toContain('Call Us:');
    expect(within(banner).getByRole('link', { name: '+1 (555) 010-0199' }).getAttribute('href')).toBe('tel:+15550100199');
  });

  it('uses a full-screen drawer menu with a toggle, trapped focus and Escape', async () => {
    const user = userEvent.setup();
    renderUi(<RoutedShell />, { path: '/dashboard' });
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation')).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const drawer = screen.getByRole('dialog', { name: 'Main menu' });
    expect(drawer.id).toBe(toggle.getAttribute('aria-controls'));
    const links = within(drawer).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/dashboard', '/help-desk', '/profile', '/billing']);
    expect(document.activeElement).toBe(links[0]);

    // Tab from the last item wraps to the first (the close button).
    links[links.length - 1]!.focus();
    await user.tab();
    expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Close menu' }));

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('closes the drawer when a link is followed', async () => {
    const user = userEvent.setup();
    const { location } = renderUi(<RoutedShell />, { path: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Billing' }));
    expect(location.history?.at(-1)).toBe('/billing');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('switches between drawer and bar 1000 ms after resizing stops', async () => {
    setWidth(1280);
    renderUi(<RoutedShell />, { path: '/dashboard' });
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    vi.useFakeTimers();
    setWidth(600);
    fireEvent(window, new Event('resize'));
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
  });
});
