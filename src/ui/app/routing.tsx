import type { ComponentType } from 'react';
import { useLocation } from 'wouter';
import { findRoute } from '../../core/routes';
import type { RouteDef, RouteMatch } from '../../core/routes';
import { ComingSoon, ErrorNetwork, ErrorNoAccounts, NotAuthorized, NotFound } from './shell/screens';

/** What a screen receives from the router: the matched route and its path parameters. */
export interface ScreenProps {
  route: RouteDef;
  params: Readonly<Record<string, string>>;
}

/** Screens keyed by route name (src/core/routes.ts `name`). */
export type ScreenRegistry = Readonly<Partial<Record<string, ComponentType<ScreenProps>>>>;

/** The shell's own screens, for the routes the shell owns. */
export const SHELL_SCREENS: ScreenRegistry = {
  notFound: () => <NotFound />,
  notAuthorized: () => <NotAuthorized />,
  errorNotAuthorized: () => <NotAuthorized />,
  errorNetwork: () => <ErrorNetwork />,
  errorNoAccounts: () => <ErrorNoAccounts />,
};

/** The current location and the route it shows (the catch-all when nothing matches). */
export function useRouteMatch(): RouteMatch & { location: string } {
  const [location] = useLocation();
  return { ...findRoute(location), location };
}

export interface RouteScreenProps {
  match: RouteMatch;
  /** The app's screens; merged over SHELL_SCREENS. */
  screens?: ScreenRegistry;
}

/**
 * Renders the screen registered for the matched route, or the 'coming soon' screen for a route no
 * issue has built yet. Guards and redirects are decided before this (session chart + core rules).
 */
export function RouteScreen({ match, screens = {} }: RouteScreenProps) {
  const Screen = screens[match.route.name] ?? SHELL_SCREENS[match.route.name];
  if (!Screen) return <ComingSoon />;
  return <Screen route={match.route} params={match.params} />;
}
