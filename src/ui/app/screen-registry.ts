import type { ComponentType } from 'react';
import { authScreens } from '../screens/auth/registry';
import { devScreens } from '../screens/dev/registry';
import type { ScreenProps, ScreenRegistry } from './routing';
import { lazyScreen, suspendedScreen, type ScreenLoader } from './lazy-screen';

/**
 * The screens the app has, keyed by route name (src/core/routes.ts), each loaded on first use. A route
 * without an entry here (or in the shell's own SHELL_SCREENS) shows 'coming soon'; `npm run
 * routes:status` reads these registries to report what is built.
 */
const dashboard: ScreenLoader = () => import('../screens/shared/DashboardScreen');

export const SCREEN_LOADERS: Readonly<Record<string, ScreenLoader>> = {
  login: () => import('../screens/auth/LoginScreen'),
  logout: () => import('../screens/auth/LogoutScreen'),
  switchAccount: () => import('../screens/auth/SwitchAccountScreen'),
  'customer.dashboard': dashboard,
  'affiliate.dashboard': dashboard,
  'vendor.dashboard': dashboard,
  'organization.dashboard': dashboard,
  'admin.dashboard': dashboard,
};

/**
 * Every registered screen: the sign-up, SMS and onboarding screens of src/ui/screens/auth/registry.ts and
 * the developer tools of src/ui/screens/dev/registry.ts (already React.lazy components: they get the
 * loading fallback and the error boundary), then ours.
 */
const suspended = (registry: Readonly<Record<string, ComponentType<ScreenProps>>>): ScreenRegistry =>
  Object.fromEntries(Object.entries(registry).map(([name, screen]) => [name, suspendedScreen(screen)]));

export const APP_SCREENS: ScreenRegistry = {
  ...suspended(authScreens),
  ...suspended(devScreens),
  ...Object.fromEntries(Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, lazyScreen(load)])),
};
