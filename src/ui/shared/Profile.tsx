import type { vendorOwnProfileMachine } from '../../machines/features/vendor-profile.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The profile feature's per-screen charts with their real actors (`profileMachines(ports)`,
 * src/machines/features/profile-actors.ts), or a loader of them, so the chart travels in the screen's lazy chunk.
 */
export interface ProfileMachines {
  /** The vendor's own profile section of /vendor/profile: name, bio, organization, payout onboarding. */
  readonly vendorProfile: typeof vendorOwnProfileMachine;
}

/** The charts, or a loader of them (src/ui/shared/feature-source.tsx). */
export type ProfileSource = FeatureSource<ProfileMachines>;

const source = featureSource<ProfileMachines>({ hook: 'useProfileMachines', provider: 'ProfileProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const ProfileProvider = source.Provider;
/** The feature's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export const useProfileMachines = source.useMachines;
