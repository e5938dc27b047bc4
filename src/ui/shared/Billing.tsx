import type { billingMachine } from '../../machines/features/billing.machine';
import type { billingReadMachine } from '../../machines/features/billing-read.machine';
import type { invoicesMachine } from '../../machines/features/invoices.machine';
import type { subscriptionDetailMachine } from '../../machines/features/subscription-detail.machine';
import type { MountedCardField } from '../../core/ports/payments';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The per-screen billing charts with their real actors, as the composition root builds them
 * (`billingMachines(ports)` in src/machines/features/billing-actors.ts), and what the card form needs of the
 * payments port: which form to show and, for Stripe, mounting Stripe's card field (Stripe.js loads then, never
 * before). A screen creates its own chart (`useActorRef(machines.cards, { input })`). Tests provide fakes.
 */
export interface BillingMachines {
  readonly cards: typeof billingMachine;
  readonly subscription: typeof subscriptionDetailMachine;
  readonly read: typeof billingReadMachine;
  /** The invoice screens (issue 11): list, write, view with pay and decline. */
  readonly invoices: typeof invoicesMachine;
  readonly provider: 'sandbox' | 'stripe';
  readonly mountCardField: (container: unknown) => Promise<MountedCardField>;
  /** The clock as ISO text (the subscription chart asks the lifecycle chart with it). */
  readonly now: () => string;
}

/** The charts, or a loader of them (src/ui/shared/feature-source.tsx). */
export type BillingSource = FeatureSource<BillingMachines>;

const source = featureSource<BillingMachines>({ hook: 'useBillingMachines', provider: 'BillingProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const BillingProvider = source.Provider;
/** The feature's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export const useBillingMachines = source.useMachines;
