/**
 * The ticket thread chart's model: support (super) and a customer look at an open ticket, a closed one, or
 * an unknown id; saved responses load or fail; close and priority accepted and refused; live updates.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ticketThreadMachine } from '../../../src/machines/features/ticket-thread.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { answeredTicket, closedTicket, openTicket, otherUpdate, ticketUpdate } from './tickets.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const now = () => '2026-11-22T10:00:00.000Z';
const notFound = { _tag: 'ApiError', status: 404, message: 'The received ticket id is invalid or does not exist', code: 'not_found' };
const refused = { _tag: 'ApiError', status: 409, message: 'Ticket is closed', code: 'illegal_transition' };

export function threadEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading'))
    return [
      done('load', { ticket: openTicket, responses: [{ _id: 'r1', title: 'Thanks', body: 'Thanks for writing.' }] }),
      done('load', { ticket: openTicket, responses: null }),
      done('load', { ticket: closedTicket, responses: [] }),
      fail('load', notFound),
    ];
  if (s.matches('failed')) return [{ type: 'thread.retry' }];
  if (s.matches({ ready: 'changing' })) return [done('changeTicket', { ...openTicket, priority: 'high' }), fail('changeTicket', refused)];
  if (s.matches({ ready: 'refreshing' })) return [done('refresh', { ticket: answeredTicket, responses: [] }), fail('refresh', notFound)];
  if (s.matches({ ready: 'idle' }))
    return [
      { type: 'thread.close' },
      { type: 'thread.setPriority', priority: 'urgent' },
      { type: 'thread.updated', ticket: answeredTicket },
      ticketUpdate(openTicket._id),
      otherUpdate,
    ];
  return [];
}

export const model: ChartModel = {
  machine: ticketThreadMachine,
  events: threadEvents,
  starts: () => [
    initialSnapshot(ticketThreadMachine, { ticketId: openTicket._id, role: 'super', now }),
    initialSnapshot(ticketThreadMachine, { ticketId: openTicket._id, role: 'customer', now }),
  ],
};
