import { createContext, use, useContext } from 'react';
import type { ReactNode } from 'react';
import type { chatHelpMachine } from '../../machines/features/chat-help.machine';
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
  /** The chat-help widget's chart (accounts §1), its bot actors provided. */
  readonly chat: typeof chatHelpMachine;
  /** The clock as ISO text (the thread asks the lifecycle chart with it). */
  readonly now: () => string;
}

/**
 * The charts themselves, or a loader of them: the composition root passes a loader, so the charts and their
 * actors travel in a lazy chunk that only the help-desk screens wait for (the first paint of /login stays
 * small; tools/budgets.ts). The loader runs once, on the first screen that asks.
 */
export type HelpDeskSource = HelpDeskMachines | (() => Promise<HelpDeskMachines>);

const HelpDeskContext = createContext<HelpDeskSource | null>(null);
const loaded = new WeakMap<() => Promise<HelpDeskMachines>, Promise<HelpDeskMachines>>();

export function HelpDeskProvider({ value, children }: { value: HelpDeskSource; children: ReactNode }) {
  return <HelpDeskContext.Provider value={value}>{children}</HelpDeskContext.Provider>;
}

/** The help-desk charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export function useHelpDeskMachines(): HelpDeskMachines {
  const source = useContext(HelpDeskContext);
  if (!source) throw new Error('useHelpDeskMachines: wrap the app in <HelpDeskProvider> (src/main.tsx)');
  if (typeof source !== 'function') return source;
  let promise = loaded.get(source);
  if (!promise) {
    promise = source();
    loaded.set(source, promise);
  }
  return use(promise);
}
