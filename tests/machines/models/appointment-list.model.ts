/**
 * The appointment list chart's model: the customer's list, the vendor's day and the organization's day opened on
 * the server's today (the load names the day); loads with visits, without any, or failing; live updates of
 * appointments (and of a ticket, ignored); another day; the today note saved or refused.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { appointmentListMachine } from '../../../src/machines/features/appointment-list.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { appointmentUpdate, laterVisit, ticketUpdateEvent, todayVisit } from './appointments.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const offline = { _tag: 'NetworkError', message: 'Network Error' };
const note = { note: 'Bring the edger.', status: 'open', date: '2026-11-23' };
const withVisits = { items: [todayVisit], note };
const none = { items: [], note: null };
/** The organization's day as the server counted it (its zone's today, the 22nd while the browser says the 23rd). */
const serverDay = { items: [], note: null, vendors: [], day: '2026-11-22' };

export function listEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  const common = [{ type: 'list.showDay', day: '2026-11-24' }];
  if (s.matches('loading'))
    return s.context.serverToday ? [done('load', serverDay), fail('load', offline)] : [done('load', withVisits), done('load', none), fail('load', offline)];
  if (s.matches('failed')) return [{ type: 'list.retry' }, appointmentUpdate(laterVisit._id), ticketUpdateEvent, ...common];
  if (s.matches({ shown: 'refreshing' })) return [done('refresh', withVisits), done('refresh', none), fail('refresh', offline)];
  if (s.matches({ shown: 'savingNote' })) return [done('saveNote', note), fail('saveNote', offline)];
  if (s.matches('shown'))
    return [appointmentUpdate(todayVisit._id), ticketUpdateEvent, { type: 'note.save', note: 'Bring the edger.', status: 'open' }, ...common];
  return [];
}

export const model: ChartModel = {
  machine: appointmentListMachine,
  events: listEvents,
  starts: () => [
    initialSnapshot(appointmentListMachine, { kind: 'customer', day: '2026-11-23' }),
    initialSnapshot(appointmentListMachine, { kind: 'day', day: '2026-11-23' }),
    initialSnapshot(appointmentListMachine, { kind: 'team', day: '2026-11-23', owner: 'a0000000000000000000000a', serverToday: true }),
  ],
};
