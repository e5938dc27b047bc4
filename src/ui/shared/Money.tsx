import type { moneyReportMachine } from '../../machines/features/money-report.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The money report screens' chart with its real actors, as the composition root builds it
 * (`moneyMachines(ports)`, src/machines/features/money-actors.ts), or a loader of it, so it travels in the screens'
 * lazy chunk. Tests provide the chart with fake actors.
 */
export interface MoneyMachines {
  /** The organization's transfers or payouts over a range (/organization/payment-transfers, /payouts, …). */
  readonly report: typeof moneyReportMachine;
}

export type MoneySource = FeatureSource<MoneyMachines>;

const source = featureSource<MoneyMachines>({ hook: 'useMoneyMachines', provider: 'MoneyProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const MoneyProvider = source.Provider;
export const useMoneyMachines = source.useMachines;
