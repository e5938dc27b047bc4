import type { ScreenLoader } from '../../app/lazy-screen';

/**
 * Developer-tool screens keyed by route name (src/core/routes.ts, area `dev`). Each is its own chunk,
 * loaded on first visit (src/ui/app/screen-registry.ts wraps the loader with `lazyScreen`: 120 s time-out, Retry): the normal bundle pays nothing for them (`npx vite build && npx tsx
 * tools/bundle-check.ts` checks it). /dev/flows is open to anyone in development and to super otherwise
 * (`guardRoute` with `development`).
 */
export const devScreens: Readonly<Record<string, ScreenLoader>> = {
  devFlows: () => import('./FlowExplorer'),
};
