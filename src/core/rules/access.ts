import type { Role } from '../model/roles';
import type { Account, UserInfo } from '../model/user';
import { LOGIN_PATH, NOT_AUTHORIZED_PATH, type RouteDef, type RouteMeta } from '../routes';

/** accounts §8: the text of a forbidden route. */
export const FORBIDDEN_ROUTE_MESSAGE = 'You are not allowed to view this route.';

/** Home route after login by role (accounts §2); an unknown role goes to /login. */
export const homeRouteFor = (role: Role | string | null | undefined): string => {
  switch (role) {
    case 'customer':
      return '/dashboard';
    case 'affiliate':
      return '/affiliate';
    case 'vendor':
      return '/vendor/appointments';
    case 'organization':
      return '/organization/appointments';
    case 'super':
      return '/admin';
    default:
      return LOGIN_PATH;
  }
};

/**
 * The active role (accounts §6): super comes from the user's role field; otherwise the active
 * account's type; 'none' without a user or an account.
 */
export const activeRole = (
  user: Pick<UserInfo, 'role'> | null | undefined,
  account: Pick<Account, 'type'> | null | undefined,
): Role => {
  if (!user) return 'none';
  if (user.role === 'super') return 'super';
  return account?.type ?? 'none';
};

/** accounts §4: a user with role none, or a non-super user with no accounts, is logged out. */
export const shouldLogOut = (user: Pick<UserInfo, 'accounts'>, role: Role): boolean =>
  role === 'none' || (role !== 'super' && user.accounts.length === 0);

export interface GuardSession {
  readonly loggedIn: boolean;
  readonly role: Role;
}

export type GuardDecision =
  | { readonly type: 'allow' }
  | { readonly type: 'redirect'; readonly to: string; readonly reason: 'signIn' | 'notAuthorized' };

/** /login?redirectFrom=<the path asked for, query included>. */
export const loginRedirect = (from: string): string =>
  from && from !== '/' && from !== LOGIN_PATH ? `${LOGIN_PATH}?redirectFrom=${encodeURIComponent(from)}` : LOGIN_PATH;

/**
 * The route guard (accounts §5): a route needing auth requires a logged-in user whose role is in
 * allowedRoles. Login is checked first: a visitor goes to /login with a redirectFrom query; a
 * signed-in user with another role goes to /not-authorized.
 *
 * Ours: a developer-tool route (`meta.openInDevelopment`, e.g. /dev/flows) is open to anyone, guests
 * included, when `development` is true; otherwise (false or absent) it is guarded like any other route.
 */
export const guardRoute = (input: {
  readonly meta: Pick<RouteMeta, 'requiresAuth' | 'allowedRoles'> & Partial<Pick<RouteMeta, 'openInDevelopment'>>;
  readonly session: GuardSession;
  /** The location asked for (path and query), carried in redirectFrom. */
  readonly location: string;
  /** The app runs in development (the UI passes Vite's `import.meta.env.DEV`). Absent means no. */
  readonly development?: boolean | undefined;
}): GuardDecision => {
  const { meta, session, location } = input;
  if (meta.openInDevelopment === true && input.development === true) return { type: 'allow' };
  if (!meta.requiresAuth) return { type: 'allow' };
  if (!session.loggedIn) return { type: 'redirect', to: loginRedirect(location), reason: 'signIn' };
  if (meta.allowedRoles.length > 0 && !meta.allowedRoles.includes(session.role)) {
    return { type: 'redirect', to: NOT_AUTHORIZED_PATH, reason: 'notAuthorized' };
  }
  return { type: 'allow' };
};

/** Whether a role may open a route (what a menu or a link may offer); `development` as in guardRoute. */
export const canVisit = (route: Pick<RouteDef, 'meta'>, session: GuardSession, options: { readonly development?: boolean | undefined } = {}): boolean =>
  guardRoute({ meta: route.meta, session, location: '/', development: options.development }).type === 'allow';

/**
 * Only same-origin paths may be redirect targets: a single leading '/', then no '/' or '\' right
 * after it, no backslash anywhere, no control characters or whitespace (browsers strip tabs and
 * newlines, which would turn '/\t/evil' into '//evil'). Anything else gives the fallback.
 */
export const isSafeRedirect = (path: unknown): path is string => {
  if (typeof path !== 'string' || path.length === 0 || path.length > 2048) return false;
  if (path[0] !== '/') return false;
  if (path[1] === '/' || path[1] === '\\') return false;
  if (path.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(path)) return false;
  return true;
};

export const safeRedirect = (path: unknown, fallback = '/'): string => (isSafeRedirect(path) ? path : fallback);

/**
 * Where to go after login (accounts §2/§4): the redirectTo query value, else the redirectFrom value the
 * guard left, else '/' — and only ever a same-origin path.
 */
export const postLoginPath = (query: string | URLSearchParams): string => {
  const params = typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query;
  const to = params.get('redirectTo') ?? params.get('redirectFrom');
  return safeRedirect(to, '/');
};

/** accounts §6: only super can apply customer credit or debit. */
export const canAdjustCredit = (role: Role): boolean => role === 'super';

/** Deployment stages (for the chat widget and error reporting). */
export type Stage = 'production' | 'staging' | 'development' | 'test';

/**
 * accounts §1: the chat-help widget is offered to non-admin users on the web platform in production,
 * staging and development; admin and super users get none.
 */
export const showsChatWidget = (role: Role, stage: Stage): boolean =>
  role !== 'super' && role !== 'admin' && (stage === 'production' || stage === 'staging' || stage === 'development');

/** accounts §6: data areas loaded once per role on the first dashboard entry. */
export const DATA_AREAS_BY_ROLE = {
  super: ['customers', 'admin', 'affiliates', 'appointments', 'search', 'tickets', 'services', 'communication'],
  vendor: ['vendors', 'appointments', 'tickets', 'services', 'addOnOptions', 'orders', 'search'],
  customer: ['customers', 'services', 'cart', 'tickets', 'orders', 'appointments', 'search', 'addOnOptions', 'affiliates', 'communication'],
  affiliate: ['affiliates', 'search', 'communication'],
  organization: ['organizations', 'appointments', 'search', 'tickets', 'services', 'addOnOptions', 'orders'],
} as const;
