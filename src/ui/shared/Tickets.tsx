import type { chatHelpMachine } from '../../machines/features/chat-help.machine';
import type { ticketComposerMachine } from '../../machines/features/ticket-composer.machine';
import type { ticketThreadMachine } from '../../machines/features/ticket-thread.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The per-screen help-desk charts with their real actors, as the composition root builds them
 * (`ticketsMachines(ports)` in src/machines/features/tickets-actors.ts). A screen creates its own
 * chart from them (`useActorRef(machines.thread, { input })`), so it lives and dies with the screen.
 * Tests provide the charts with fake actors.
 */
export interface TicketsMachines {
  readonly thread: typeof ticketThreadMachine;
  readonly composer: typeof ticketComposerMachine;
  /** The chat-help widget's chart (accounts §1), its bot actors provided. */
  readonly chat: typeof chatHelpMachine;
  /** The clock as ISO text (the thread asks the lifecycle chart with it). */
  readonly now: () => string;
}

/** The charts, or a loader of them (src/ui/shared/feature-source.tsx). */
export type TicketsSource = FeatureSource<TicketsMachines>;

const source = featureSource<TicketsMachines>({ hook: 'useTicketsMachines', provider: 'TicketsProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const TicketsProvider = source.Provider;
/** The feature's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export const useTicketsMachines = source.useMachines;
