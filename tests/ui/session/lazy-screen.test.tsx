import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_SCREEN_TIMEOUT_MS } from '../../../src/core/rules/constants';
import { findRoute } from '../../../src/core/routes';
import { LazyScreen, ScreenLoadTimeout, preloadScreen, withTimeout, type ScreenLoader } from '../../../src/ui/app/lazy-screen';
import { APP_SCREEN_LOADERS, APP_SCREENS, SCREEN_LOADERS, screensFrom } from '../../../src/ui/app/screen-registry';
import { MenuSlot } from '../../../src/ui/app/shell/MenuSlot';
import { authScreens } from '../../../src/ui/screens/auth/registry';
import { billingScreens } from '../../../src/ui/screens/billing/registry';
import { devScreens } from '../../../src/ui/screens/dev/registry';
import { organizationScreens } from '../../../src/ui/screens/organization/registry';
import { moneyScreens } from '../../../src/ui/screens/money/registry';
import { renderUi } from '../render';

const match = findRoute('/billing');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lazily loaded screens', () => {
  it('give up after the spec’s 120 s', async () => {
    vi.useFakeTimers();
    const never = withTimeout(() => new Promise<never>(() => undefined));
    const settled = vi.fn();
    never.catch(settled);
    await vi.advanceTimersByTimeAsync(LAZY_SCREEN_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.any(ScreenLoadTimeout));
  });

  it('show a loading state, then the screen', async () => {
    const load: ScreenLoader = async () => ({ default: () => <h1>Billing</h1> });
    renderUi(<LazyScreen load={load} route={match.route} params={match.params} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeTruthy();
  });

  it('render at once, with no loading state, when the boot preloaded the screen (src/main.tsx)', async () => {
    const load: ScreenLoader = vi.fn(async () => ({ default: () => <h1>Billing</h1> }));
    await preloadScreen(load);
    renderUi(<LazyScreen load={load} route={match.route} params={match.params} />);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Billing' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preload that fails changes nothing: the screen loads, and fails with its Retry, when it renders', async () => {
    const load: ScreenLoader = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(preloadScreen(load)).resolves.toBeUndefined();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderUi(<LazyScreen load={load} route={match.route} params={match.params} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('offer Retry when the code does not arrive, and load it on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const load: ScreenLoader = async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <h1>Billing</h1> };
    };
    renderUi(<LazyScreen load={load} route={match.route} params={match.params} />);
    expect(await screen.findByRole('heading', { name: 'This page didn’t load' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('time out with the same Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load: ScreenLoader = () => new Promise(() => undefined);
    renderUi(<LazyScreen load={load} timeoutMs={20} route={match.route} params={match.params} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('every registered screen', () => {
  it('is a loader wrapped with lazyScreen: the auth, onboarding, developer, billing, team and money registries as well as the app’s', () => {
    const names = [
      ...Object.keys(authScreens),
      ...Object.keys(devScreens),
      ...Object.keys(billingScreens),
      ...Object.keys(organizationScreens),
      ...Object.keys(moneyScreens),
      ...Object.keys(SCREEN_LOADERS),
    ];
    expect(Object.keys(APP_SCREENS).sort()).toEqual([...new Set(names)].sort());
    for (const name of names) {
      expect(APP_SCREEN_LOADERS[name], name).toBeTypeOf('function');
      expect(APP_SCREENS[name]?.name, name).toBe('Lazy');
    }
  });

  it('shows the failure with Retry after 120 s when its code never arrives, and loads it on Retry', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const screens = screensFrom({
      'organization.pendingApproval': () => {
        attempts += 1;
        return attempts === 1 ? new Promise<never>(() => undefined) : Promise.resolve({ default: () => <h1>Waiting for approval</h1> });
      },
    });
    const Screen = screens['organization.pendingApproval']!;
    const pending = findRoute('/organization/pending-approval');
    renderUi(<Screen route={pending.route} params={pending.params} />);
    expect(screen.getByText('Loading…')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(LAZY_SCREEN_TIMEOUT_MS - 1));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'This page didn’t load' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Waiting for approval' })).toBeTruthy();
    expect(attempts).toBe(2);
  });
});

describe('the signed-in shell (a lazy chunk: loaded once someone is signed in, never before /login paints)', () => {
  it("the menu: its space is kept until its code arrives, then the role menu with the drawer's toggle on a phone", async () => {
    renderUi(<MenuSlot role="customer" pathname="/dashboard" mobile />);
    expect(screen.getByTestId('menu-placeholder')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeTruthy();
    expect(screen.queryByTestId('menu-placeholder')).toBeNull();
  });

  it('the notifications and help-desk charts arrive with their real actors, for the session to run', async () => {
    const { signedInCharts } = await import('../../../src/machines/features/signed-in-actors');
    const charts = signedInCharts({ api: {} as never, live: { subscribe: () => () => undefined }, clock: { now: () => new Date() } });
    expect(charts.notifications.id).toBe('notifications');
    expect(charts.tickets.id).toBe('tickets');
    expect(charts.notifications.implementations.actors.loadNotifications).toBeDefined();
    expect(charts.tickets.implementations.actors.loadTickets).toBeDefined();
  });
});
