/** Support's photo list chart's model: a page loads or fails (retry); the next page exists or not. */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { appointmentImagesMachine } from '../../../src/machines/features/appointment-images.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, fail } from './session.model';

export function appointmentImagesEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', { rows: [], total: 30 }), fail('load', { _tag: 'NetworkError', message: 'Network Error' })];
  if (s.matches('failed')) return [{ type: 'images.retry' }];
  if (s.matches('ready')) return [{ type: 'images.page', page: 2 }, { type: 'images.page', page: 0 }];
  return [];
}

export const model: ChartModel = { machine: appointmentImagesMachine, events: appointmentImagesEvents };
