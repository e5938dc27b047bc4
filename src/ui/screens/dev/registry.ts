import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenProps } from '../../app/routing';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/**
 * Developer-tool screens keyed by route name (src/core/routes.ts, area `dev`). Each is its own chunk,
 * loaded on first visit: the normal bundle pays nothing for them (`npx vite build && npx tsx
 * tools/bundle-check.ts` checks it). /dev/flows is open to anyone in development and to super otherwise
 * (`guardRoute` with `development`).
 */
export const devScreens: Readonly<Record<string, Screen>> = {
  devFlows: lazy(() => import('./FlowExplorer')),
};
