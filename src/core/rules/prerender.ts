/**
 * Which pages the build renders ahead of time (src/prerender.tsx), which the server serves rendered
 * (server/app-pages.ts), and which the app takes over as they are (src/main.tsx): one rule for all three.
 *
 * A public page renders the same for every visitor until they act, except where its query says otherwise, so its
 * HTML can be made once per language at build time. A *variant* names a page as it first renders: the route's name,
 * plus the query parameters its screen reads while rendering (`login?password_reset`). Parameters that change
 * nothing on screen (where to go after sign-in, the referring affiliate) are not part of it.
 */
import { ROUTES, findRoute, normalizePath, type RouteDef } from '../routes';

/** Query parameters that change nothing in a page's first render. */
export const QUERY_NOT_RENDERED: readonly string[] = ['redirectFrom', 'redirectTo', 'aff'];

/** The variant of a location: its route's name, then the rendered query parameters it carries, sorted (`login?password_reset`). */
export const pageVariant = (location: string): string => {
  const [path = '', search = ''] = location.split('?');
  const name = findRoute(normalizePath(path)).route.name;
  const keys = [...new Set([...new URLSearchParams(search.split('#')[0]).keys()])].filter((key) => !QUERY_NOT_RENDERED.includes(key)).sort();
  return keys.length ? `${name}?${keys.join('&')}` : name;
};

/**
 * The routes rendered ahead of time: every public route but those that only pass through (sign-out, account switch:
 * `loading` pages), those that need something stored in the browser (the SMS confirmation's registration marker),
 * and those with path parameters.
 */
export const isPrerenderedRoute = (route: RouteDef): boolean =>
  route.area === 'public' && route.meta.layoutTemplate !== 'loading' && route.meta.layoutTemplate !== 'loading-block' && !route.requiresStored && !route.path.includes(':');

/** A location of each page rendered ahead of time (the render's address), keyed by variant. */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = Object.fromEntries([
  ...ROUTES.filter(isPrerenderedRoute).map((route) => [route.name, route.name === 'notFound' ? '/not-found' : route.path] as const),
  // The reset-password form an e-mailed link opens (accounts §5): the link's token is not shown, so one render serves every link.
  ['login?password_reset', '/login?password_reset=link'],
]);

/**
 * The variant the server sends for a location: the location's own, or for `/` (which sends a visitor to /login,
 * accounts §5) the sign-in page. Undefined when no page is rendered for it: the server then sends the app's frame.
 */
export const servedVariant = (location: string): string | undefined => {
  const variant = pageVariant(location);
  if (variant === 'home') return 'login';
  return variant in PRERENDERED_PAGES ? variant : undefined;
};
