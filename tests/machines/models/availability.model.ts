/**
 * The vendor availability chart's model: a load that works and one that fails; edits; hours that pass and
 * fail the core rule; time off with good and bad days; saves and requests that succeed and fail.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { vendorAvailabilityMachine, type VendorAvailabilityContext } from '../../../src/machines/features/availability.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { failures } from './session.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const VENDOR = 'a'.repeat(24);
const TODAY = '2026-06-01';
const HOURS = [{ day_of_week: 'monday' as const, start: '0800', end: '1700' }];
const REQUEST = {
  schedule_id: 'b'.repeat(24),
  vendor_id: VENDOR,
  start_time: '2026-06-10T05:00:00.000Z',
  end_time: '2026-06-11T05:00:00.000Z',
  approval: 'pending' as const,
};

export function vendorAvailabilityEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  const context = s.context as VendorAvailabilityContext;
  if (s.matches('loading')) return [done('load', { windows: HOURS, timeOff: [] }), done('load', { windows: [], timeOff: [REQUEST] }), fail('load', failures.server)];
  if (s.matches('failed')) return [{ type: 'availability.retry' }];
  if (s.matches({ ready: 'saving' })) return [done('save', HOURS), fail('save', failures.server)];
  if (s.matches({ ready: 'asking' })) return [done('ask', REQUEST), fail('ask', failures.server)];
  if (s.matches({ ready: 'idle' })) {
    const edits: AnyEventObject[] =
      context.windows.length > 1
        ? [{ type: 'hours.remove', index: 1 }]
        : [
            { type: 'hours.add', day: 'monday' },
            { type: 'hours.change', index: 0, end: '2000' },
          ];
    return [
      ...edits,
      { type: 'hours.change', index: 0, start: '1800', end: '0900' },
      { type: 'hours.save' },
      // one accepted request per path: a second would grow the list without end
      ...(context.timeOff.length === 0 ? [{ type: 'timeOff.ask', startDay: '2026-06-10', endDay: '2026-06-10', note: '' }] : []),
      { type: 'timeOff.ask', startDay: TODAY, endDay: '2026-06-10', note: '' },
      { type: 'timeOff.ask', startDay: '2026-06-10', endDay: '2026-06-09', note: 'x' },
    ];
  }
  return [];
}

export const model: ChartModel = {
  machine: vendorAvailabilityMachine,
  events: vendorAvailabilityEvents,
  starts: () => [initialSnapshot(vendorAvailabilityMachine, { vendorId: VENDOR, today: TODAY })],
};
