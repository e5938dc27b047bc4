import type { payoutSetupMachine } from '../../machines/flows/payout-setup.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The payout-onboarding screens' chart (/organization/onboarding, /vendor/onboarding) with its real actors, as the
 * composition root builds it (`onboardingMachines(ports)`, src/machines/flows/onboarding-actors.ts), or
 * a loader of it, so it travels in the screens' lazy chunk. Tests provide the chart with fake actors.
 */
export interface OnboardingMachines {
  readonly flow: typeof payoutSetupMachine;
}

export type OnboardingSource = FeatureSource<OnboardingMachines>;

const source = featureSource<OnboardingMachines>({ hook: 'useOnboardingMachines', provider: 'OnboardingProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const OnboardingProvider = source.Provider;
export const useOnboardingMachines = source.useMachines;
