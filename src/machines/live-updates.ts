import { fromCallback } from 'xstate';
import type { LiveEvent, LivePort } from '../core/ports/live';

/**
 * The `liveUpdates` actor every feature chart that follows the live connection invokes at its root: it listens (the
 * session opens and closes the connection) and forwards resource updates only; stopping the chart unsubscribes.
 */
export const liveUpdatesFrom = (live: Pick<LivePort, 'subscribe'>) =>
  fromCallback(({ sendBack }) =>
    live.subscribe((event: LiveEvent) => {
      if (event.type === 'live.resourceUpdated') sendBack(event);
    }),
  );
