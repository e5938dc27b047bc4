/**
 * The work queue (src/machines/features/team-queue.machine.ts): a load answers or fails; a failed queue is retried
 * or reloaded by a live update; the organization decides a waiting request (answered or refused), and a live
 * update of an appointment or a time-off request refreshes the shown queue (answered or failed, kept on screen).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { VendorSchedule } from '../../../src/core/model/vendor';
import { teamQueueMachine, type QueueLoad } from '../../../src/machines/features/team-queue.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

const ORGANIZATION_ID = 'b1000000000000000000000c' as AccountId;
const waiting: VendorSchedule = {
  schedule_id: 's1',
  vendor_id: 'b2000000000000000000000c' as AccountId,
  start_time: '2026-12-01T14:00:00.000Z' as VendorSchedule['start_time'],
  end_time: '2026-12-01T22:00:00.000Z' as VendorSchedule['end_time'],
  approval: 'pending',
};
const load: QueueLoad = { visits: [], timeOff: [waiting], vendors: [] };
const timeOffUpdated = { type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'timeOff', resourceId: 's1' } };

export function events(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', load), failed('load')];
  if (s.matches('failed')) return [{ type: 'queue.retry' }, timeOffUpdated];
  if (s.matches({ shown: 'refreshing' })) return [done('refresh', load), failed('refresh')];
  if (s.matches({ shown: 'deciding' })) return [done('decide', { ...waiting, approval: 'approved' }), failed('decide')];
  return [{ type: 'timeOff.decide', scheduleId: 's1', approval: 'approved' }, timeOffUpdated];
}

export const model: ChartModel = {
  machine: teamQueueMachine,
  events,
  starts: () => [initialSnapshot(teamQueueMachine, { view: 'actions', role: 'organization', owner: ORGANIZATION_ID })],
};
