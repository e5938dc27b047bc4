import type { payoutSetupMachine } from '../../machines/flows/payout-setup.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The payout-onboarding screens' chart (/organization/onboarding, /vendor/onboarding) with its real actors, as the
 * composition root builds it (`payoutSetupMachines(ports)`, src/machines/flows/payout-setup-actors.ts), or
 * a loader of it, so it travels in the screens' lazy chunk. Tests provide the chart with fake actors.
 */
export interface PayoutOnboardingMachines {
  readonly flow: typeof payoutSetupMachine;
}

export type PayoutOnboardingSource = FeatureSource<PayoutOnboardingMachines>;

const source = featureSource<PayoutOnboardingMachines>({ hook: 'usePayoutOnboardingMachines', provider: 'PayoutOnboardingProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const PayoutOnboardingProvider = source.Provider;
export const usePayoutOnboardingMachines = source.useMachines;
