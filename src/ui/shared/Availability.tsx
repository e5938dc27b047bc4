import type { vendorAvailabilityMachine } from '../../machines/features/availability.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The vendor availability screen's chart with their real actors, as the composition root builds it
 * (`vendorAvailabilityMachineFrom(ports)`), or a loader of it, so the chart travels in the screen's lazy
 * chunk. The availability screen creates its own chart from it; tests provide the chart with fake actors.
 */
export interface AvailabilityMachines {
  readonly availability: typeof vendorAvailabilityMachine;
  /** Today in the browser's zone, YYYY-MM-DD. */
  readonly today: () => string;
}

/** The charts, or a loader of them (src/ui/shared/feature-source.tsx). */
export type AvailabilitySource = FeatureSource<AvailabilityMachines>;

const source = featureSource<AvailabilityMachines>({ hook: 'useAvailabilityMachines', provider: 'AvailabilityProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const AvailabilityProvider = source.Provider;
/** The feature's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export const useAvailabilityMachines = source.useMachines;
