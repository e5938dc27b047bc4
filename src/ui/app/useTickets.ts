import { useSelector } from '@xstate/react';
import { selectNewTicketCount, type TicketsActor, type TicketsSnapshot } from '../../machines/features/tickets.machine';
import { selectTicketsActor } from '../../machines/flows/session.machine';
import { useSessionSelector } from './session-context';

/** The account's help-desk chart: the session's `tickets` child, undefined while nobody is signed in. */
export function useTicketsActor(): TicketsActor | undefined {
  return useSessionSelector(selectTicketsActor);
}

/** One value of the help-desk chart; `fallback` while there is no chart. */
export function useTicketsSelector<T>(
  actor: TicketsActor | undefined,
  selector: (snapshot: TicketsSnapshot) => T,
  fallback: T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(actor, (s) => (s ? selector(s) : fallback), compare);
}

/** The Help menu's new-ticket indicator (bookings §4 new-count rule). */
export function useNewTicketCount(): number {
  return useTicketsSelector(useTicketsActor(), selectNewTicketCount, 0);
}
