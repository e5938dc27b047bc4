import { createContext, use, useContext } from 'react';
import type { ReactNode } from 'react';
import type { billingMachine } from '../../machines/features/billing.machine';
import type { billingReadMachine } from '../../machines/features/billing-read.machine';
import type { subscriptionDetailMachine } from '../../machines/features/subscription-detail.machine';
import type { MountedCardField } from '../../core/ports/payments';

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
  readonly provider: 'sandbox' | 'stripe';
  readonly mountCardField: (container: unknown) => Promise<MountedCardField>;
  /** The clock as ISO text (the subscription chart asks the lifecycle chart with it). */
  readonly now: () => string;
}

/** The charts, or a loader of them (the composition root passes a loader: the charts travel in a lazy chunk). */
export type BillingSource = BillingMachines | (() => Promise<BillingMachines>);

const BillingContext = createContext<BillingSource | null>(null);
const loaded = new WeakMap<() => Promise<BillingMachines>, Promise<BillingMachines>>();

export function BillingProvider({ value, children }: { value: BillingSource; children: ReactNode }) {
  return <BillingContext.Provider value={value}>{children}</BillingContext.Provider>;
}

/** The billing charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export function useBillingMachines(): BillingMachines {
  const source = useContext(BillingContext);
  if (!source) throw new Error('useBillingMachines: wrap the app in <BillingProvider> (src/main.tsx)');
  if (typeof source !== 'function') return source;
  let promise = loaded.get(source);
  if (!promise) {
    promise = source();
    loaded.set(source, promise);
  }
  return use(promise);
}
