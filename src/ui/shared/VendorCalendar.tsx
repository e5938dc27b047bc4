import type { vendorAvailabilityMachine } from '../../machines/features/vendor-availability.machine';
import type { vendorOwnProfileMachine } from '../../machines/features/vendor-profile.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The vendor's per-screen charts (its calendar, its own profile) with their real actors, as the composition root builds it
 * (`vendorAvailabilityMachineFrom(ports)`), or a loader of it, so the chart travels in the screen's lazy
 * chunk. The availability screen creates its own chart from it; tests provide the chart with fake actors.
 */
export interface VendorCalendarMachines {
  readonly availability: typeof vendorAvailabilityMachine;
  /** The vendor's own profile section of /vendor/profile: name, bio, organization, payout onboarding. */
  readonly profile: typeof vendorOwnProfileMachine;
  /** Today in the browser's zone, YYYY-MM-DD. */
  readonly today: () => string;
}

/** The charts, or a loader of them (src/ui/shared/feature-source.tsx). */
export type VendorCalendarSource = FeatureSource<VendorCalendarMachines>;

const source = featureSource<VendorCalendarMachines>({ hook: 'useVendorCalendarMachines', provider: 'VendorCalendarProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const VendorCalendarProvider = source.Provider;
/** The feature's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export const useVendorCalendarMachines = source.useMachines;
