import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { ticketComposerMachine } from '../../machines/features/ticket-composer.machine';
import type { ticketThreadMachine } from '../../machines/features/ticket-thread.machine';

/**
 * The per-screen help-desk charts with their real actors, as the composition root builds them
 * (`helpDeskMachines(ports)` in src/machines/features/helpdesk-actors.ts). A screen creates its own
 * chart from them (`useActorRef(machines.thread, { input })`), so it lives and dies with the screen.
 * Tests provide the charts with fake actors.
 */
export interface HelpDeskMachines {
  readonly thread: typeof ticketThreadMachine;
  readonly composer: typeof ticketComposerMachine;
  /** The clock as ISO text (the thread asks the lifecycle chart with it). */
  readonly now: () => string;
}

const HelpDeskContext = createContext<HelpDeskMachines | null>(null);

export function HelpDeskProvider({ value, children }: { value: HelpDeskMachines; children: ReactNode }) {
  return <HelpDeskContext.Provider value={value}>{children}</HelpDeskContext.Provider>;
}

export function useHelpDeskMachines(): HelpDeskMachines {
  const machines = useContext(HelpDeskContext);
  if (!machines) throw new Error('useHelpDeskMachines: wrap the app in <HelpDeskProvider> (src/main.tsx)');
  return machines;
}
