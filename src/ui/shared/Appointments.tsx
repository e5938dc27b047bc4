import { createContext, use, useContext } from 'react';
import type { ReactNode } from 'react';
import type { appointmentDetailMachine } from '../../machines/features/appointment-detail.machine';
import type { appointmentListMachine } from '../../machines/features/appointment-list.machine';

/**
 * The per-screen appointment charts with their real actors, as the composition root builds them
 * (`appointmentMachines(ports)` in src/machines/features/appointments-actors.ts). A screen creates its own
 * chart from them (`useActorRef(machines.detail, { input })`), so it lives and dies with the screen and
 * listens to the live connection while open. Tests provide the charts with fake actors.
 */
export interface AppointmentMachines {
  readonly detail: typeof appointmentDetailMachine;
  readonly list: typeof appointmentListMachine;
  /** The clock as ISO text (the detail chart asks the lifecycle chart with it). */
  readonly now: () => string;
}

/** The charts, or a loader of them (the composition root passes a loader: they travel in a lazy chunk). */
export type AppointmentSource = AppointmentMachines | (() => Promise<AppointmentMachines>);

const AppointmentsContext = createContext<AppointmentSource | null>(null);
const loaded = new WeakMap<() => Promise<AppointmentMachines>, Promise<AppointmentMachines>>();

export function AppointmentsProvider({ value, children }: { value: AppointmentSource; children: ReactNode }) {
  return <AppointmentsContext.Provider value={value}>{children}</AppointmentsContext.Provider>;
}

/** The appointment charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export function useAppointmentMachines(): AppointmentMachines {
  const source = useContext(AppointmentsContext);
  if (!source) throw new Error('useAppointmentMachines: wrap the app in <AppointmentsProvider> (src/main.tsx)');
  if (typeof source !== 'function') return source;
  let promise = loaded.get(source);
  if (!promise) {
    promise = source();
    loaded.set(source, promise);
  }
  return use(promise);
}
