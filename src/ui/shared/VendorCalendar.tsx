import { createContext, use, useContext } from 'react';
import type { ReactNode } from 'react';
import type { vendorAvailabilityMachine } from '../../machines/features/vendor-availability.machine';

/**
 * The vendor calendar's per-screen chart with its real actors, as the composition root builds it
 * (`vendorAvailabilityMachineFrom(ports)`), or a loader of it, so the chart travels in the screen's lazy
 * chunk. The availability screen creates its own chart from it; tests provide the chart with fake actors.
 */
export interface VendorCalendarMachines {
  readonly availability: typeof vendorAvailabilityMachine;
  /** Today in the browser's zone, YYYY-MM-DD. */
  readonly today: () => string;
}

export type VendorCalendarSource = VendorCalendarMachines | (() => Promise<VendorCalendarMachines>);

const VendorCalendarContext = createContext<VendorCalendarSource | null>(null);
const loaded = new WeakMap<() => Promise<VendorCalendarMachines>, Promise<VendorCalendarMachines>>();

export function VendorCalendarProvider({ value, children }: { value: VendorCalendarSource; children: ReactNode }) {
  return <VendorCalendarContext.Provider value={value}>{children}</VendorCalendarContext.Provider>;
}

/** The vendor calendar's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export function useVendorCalendarMachines(): VendorCalendarMachines {
  const source = useContext(VendorCalendarContext);
  if (!source) throw new Error('useVendorCalendarMachines: wrap the app in <VendorCalendarProvider> (src/main.tsx)');
  if (typeof source !== 'function') return source;
  let promise = loaded.get(source);
  if (!promise) {
    promise = source();
    loaded.set(source, promise);
  }
  return use(promise);
}
