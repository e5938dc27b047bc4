import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { Api } from '../../core/ports/api/registry';
import type { LivePort } from '../../core/ports/live';
import { liveUpdatesFrom } from '../live-updates';
import { ticketRules, type TicketViewer } from '../../core/rules/tickets';
import { ticketsMachine, type TicketLists } from './tickets.machine';
import { runToEnd as run } from '../run-effect';

/**
 * The real actors of the help-desk list chart, built from ports. The session's `loadSignedInCharts` loads
 * `ticketsMachineFrom(ports)` once signed in (signed-in-actors.ts) and runs it as its `tickets` child.
 */
export interface TicketsPorts {
  readonly api: Pick<Api, 'tickets'>;
  readonly live: Pick<LivePort, 'subscribe'>;
}


export const ticketsActors = ({ api, live }: TicketsPorts) => ({
  loadTickets: fromPromise<TicketLists, { readonly viewer: TicketViewer }>(({ input, signal }) =>
    !ticketRules.participant.test({ role: input.viewer.role })
      ? Promise.resolve({ active: [], past: [], counts: { all: 0, past: 0, active: 0 } })
      : run(
      Effect.all({ active: api.tickets.list({ status: 'active' }), past: api.tickets.list({ status: 'past' }) }, { concurrency: 2 }).pipe(
        Effect.map(({ active, past }) => ({
          active: active.tickets,
          past: past.tickets,
          counts: { all: active.counts.all, past: active.counts.past, active: active.tickets.length },
        })),
      ),
      signal,
    ),
  ),
  liveUpdates: liveUpdatesFrom(live),
});

/** The help-desk list chart with its real actors. */
export const ticketsMachineFrom = (ports: TicketsPorts) => ticketsMachine.provide({ actors: ticketsActors(ports) });
