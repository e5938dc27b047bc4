/** The after-the-visit chart's model: photos and review load or fail; the customer sends a review (or no rating), accepted or refused. */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { visitAfterMachine } from '../../../src/machines/features/visit-after.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, fail, initialSnapshot } from './session.model';

const review = { _id: 'r1', appointment_id: 'a1', rating: 5, comment: null, created: '2026-11-23T12:00:00.000Z' };
const offline = { _tag: 'NetworkError', message: 'Network Error' };

export function visitAfterEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', { photos: [{ id: 'm1', name: 'lawn.png', src: 'blob:1' }], review: null }), fail('load', offline)];
  if (s.matches('failed')) return [{ type: 'after.retry' }];
  if (s.matches({ ready: 'sending' })) return [done('send', review), fail('send', { _tag: 'ApiError', status: 409, message: 'This visit has been reviewed already' })];
  if (s.matches({ ready: 'idle' })) return [{ type: 'after.submit', rating: 5, comment: 'Neat.' }, { type: 'after.submit', rating: 0, comment: '' }];
  return [];
}

export const model: ChartModel = {
  machine: visitAfterMachine,
  events: visitAfterEvents,
  starts: () => [initialSnapshot(visitAfterMachine, { appointmentId: 'a1', imageIds: ['m1'], role: 'customer' })],
};
