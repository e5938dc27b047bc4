/**
 * The help-desk list chart's model: a viewer with and without a help desk; lists with and without active
 * tickets, or a failed load; live updates of a ticket and of something else; reloads.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ticketsMachine } from '../../../src/machines/features/tickets.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { closedTicket, CUSTOMER_ACCOUNT, openTicket, otherUpdate, ticketUpdate } from './tickets.fixtures';
import { failures } from './session.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const counts = { all: 2, past: 1, active: 1 };
const lists = (id: string) => [
  done(id, { active: [openTicket], past: [closedTicket], counts }),
  done(id, { active: [], past: [closedTicket], counts: { all: 1, past: 1, active: 0 } }),
];
const UPDATE = ticketUpdate(openTicket._id);

export function ticketsEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches({ listening: 'loading' })) return [...lists('load'), fail('load', failures.server)];
  if (s.matches({ listening: 'failed' })) return [{ type: 'tickets.retry' }, { type: 'tickets.reload' }, UPDATE, otherUpdate];
  if (s.matches({ listening: { ready: 'refreshing' } }) || s.matches({ listening: { empty: 'refreshing' } })) return [...lists('refresh'), fail('refresh', failures.server)];
  if (s.matches({ listening: { ready: 'idle' } }) || s.matches({ listening: { empty: 'idle' } })) return [UPDATE, otherUpdate, { type: 'tickets.reload' }];
  return [];
}

export const model: ChartModel = {
  machine: ticketsMachine,
  events: ticketsEvents,
  starts: () => [
    initialSnapshot(ticketsMachine, { viewer: { role: 'customer', accountId: CUSTOMER_ACCOUNT } }),
    initialSnapshot(ticketsMachine, { viewer: { role: 'affiliate' } }),
  ],
};
