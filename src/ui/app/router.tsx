import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect, useSearch } from 'wouter';
import type { Role } from '../../core/model/roles';
import type { Account } from '../../core/model/user';
import { guardRoute, homeRouteFor } from '../../core/rules/access';
import { onboardingRedirect } from '../../core/rules/onboarding';
import { buildPath, type RouteMatch } from '../../core/routes';
import { selectAccount, selectRole, selectSignedIn } from '../../machines/flows/session.machine';
import { HeaderControls } from './HeaderControls';
import { ScreenLoading } from './lazy-screen';
import { RouteScreen, useRouteMatch, type ScreenRegistry } from './routing';
import { useSession, useSessionSelector } from './session-context';
import { AppShell } from './shell/AppShell';
import { preloadSignedInMenu } from './shell/MenuSlot';
import { ChatHelp } from '../shared/ChatHelp';

/** What the router does with a location, given the session. */
export type RouteDecision =
  | { readonly kind: 'render' }
  /** The session is still being resolved (boot, login, switch, logout): a guarded route waits. */
  | { readonly kind: 'wait' }
  | { readonly kind: 'redirect'; readonly to: string; readonly reason: 'signIn' | 'notAuthorized' | 'onboarding' | 'route' };

export interface RouteSession {
  /** Booting, loading the user, switching, signing out, or offline: nobody can be judged yet. */
  readonly resolving: boolean;
  readonly signedIn: boolean;
  readonly role: Role;
  /** The active account (null for a super user, or when signed out). */
  readonly account: Account | null;
}

export interface RouteOptions {
  /** The app runs in development (Vite's `import.meta.env.DEV`): developer-tool routes are open (core guardRoute). */
  readonly development?: boolean | undefined;
}

/**
 * The route decision of accounts §5 and §4, from the core rules only (the view re-implements none):
 * 1. a guarded route waits while the session resolves;
 * 2. core `guardRoute`: not signed in → /login?redirectFrom=…; wrong role → /not-authorized;
 * 3. core `onboardingRedirect`: the onboarding and approval gates of the active account;
 * 4. the route's own redirect: a fixed target (/affiliate → /affiliate/dashboard) or the role's home (/).
 */
export function decideRoute(match: RouteMatch, location: string, session: RouteSession, options: RouteOptions = {}): RouteDecision {
  const { route, params } = match;
  const { development } = options;
  // Nobody can be judged while the session resolves: only a route open to anyone (public, or a developer
  // tool in development) renders meanwhile.
  const openToAnyone = guardRoute({ meta: route.meta, session: { loggedIn: false, role: 'none' }, location, development }).type === 'allow';
  if (session.resolving && !openToAnyone) return { kind: 'wait' };

  const guard = guardRoute({ meta: route.meta, session: { loggedIn: session.signedIn, role: session.role }, location, development });
  if (guard.type === 'redirect') return { kind: 'redirect', to: guard.to, reason: guard.reason };

  if (session.signedIn && session.account) {
    const gate = onboardingRedirect(session.account, location);
    if (gate !== undefined) return { kind: 'redirect', to: gate, reason: 'onboarding' };
  }

  if (route.redirect) {
    const to = 'toRoleHome' in route.redirect ? homeRouteFor(session.role) : buildPath(route.redirect.to, params);
    return { kind: 'redirect', to, reason: 'route' };
  }
  return { kind: 'render' };
}

export interface AppRouterProps {
  readonly screens: ScreenRegistry;
  readonly version: string;
  readonly supportPhone?: string | undefined;
}

/**
 * Tells the session chart, once per location, which route the app has entered (`route.entered {name, params,
 * query}`) when that route renders. The charts act on it (logout, switch account, the links of /login);
 * no screen fires a command on arrival. The session forwards it to the children that care.
 */
function useRouteEntered(match: RouteMatch, location: string, search: string, rendered: boolean): void {
  const session = useSession();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!rendered || reported.current === location) return;
    reported.current = location;
    session.send({ type: 'route.entered', name: match.route.name, params: { ...match.params }, query: Object.fromEntries(new URLSearchParams(search)) });
  }, [session, match, location, search, rendered]);
}

/** On every location: decide (guards, gates, redirects), then render the shell and the screen. */
export function AppRouter({ screens, version, supportPhone }: AppRouterProps) {
  const match = useRouteMatch();
  const search = useSearch();
  const location = search ? `${match.location}?${search}` : match.location;
  const resolving = useSessionSelector((s) => s.hasTag('resolving') || s.hasTag('offline'));
  const signedIn = useSessionSelector(selectSignedIn);
  const role = useSessionSelector(selectRole);
  const account = useSessionSelector(selectAccount);
  // Signed in, the user still loading (a reload, a login, a switch): the menu's code starts loading now, and the
  // header keeps the menu's space meanwhile.
  const menuPending = useSessionSelector((s) => s.matches('signedIn') && !s.hasTag('signedIn'));
  useEffect(() => {
    if (menuPending || signedIn) void preloadSignedInMenu();
  }, [menuPending, signedIn]);
  // The shell's overlay (accounts §2) covers the page while the signed-in user is reloaded: menus, names and
  // gates all follow that record. Feature data (notifications, …) shows its own loading state in place.
  const loading = useSessionSelector((s) => s.hasTag('reloadingUser'));

  const decision = decideRoute(match, location, { resolving, signedIn, role, account }, { development: import.meta.env.DEV });
  useRouteEntered(match, location, search, decision.kind === 'render');
  // Keyed by target: each hop of a chain (/ → /affiliate → /affiliate/dashboard) is a new redirect.
  if (decision.kind === 'redirect') return <Redirect key={decision.to} to={decision.to} replace />;

  let content: ReactNode;
  if (decision.kind === 'wait') content = <ScreenLoading />;
  else content = <RouteScreen key={match.route.name} match={match} screens={screens} />;

  return (
    <>
      <AppShell
        route={match.route}
        pathname={match.location}
        role={role}
        signedIn={signedIn}
        version={version}
        supportPhone={supportPhone}
        headerSlot={<HeaderControls />}
        menuPending={menuPending}
        menuFromSession
        loading={loading}
      >
        {content}
      </AppShell>
      <ChatHelp signedIn={signedIn} role={role} />
    </>
  );
}
