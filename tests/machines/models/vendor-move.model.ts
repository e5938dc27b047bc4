/**
 * The move of one vendor's visits (support): vendors loaded or refused; the form filled right and wrong (the
 * same vendor twice, a range that ends before it starts, missing fields); the confirmation; the move done or
 * refused all or nothing.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { vendorMoveMachine } from '../../../src/machines/features/vendor-move.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { laterVisit } from './appointments.fixtures';
import { done, fail } from './session.model';

const VERA = 'b0000000000000000000000a';
const RITA = 'b0000000000000000000000b';
const team = [
  { _id: VERA, first_name: 'Vera', last_name: 'Vendor', primary_email: 'vendor@tendwell.test' },
  { _id: RITA, first_name: 'Rita', last_name: 'Rivera', primary_email: 'rita@tendwell.test' },
];
const forbidden = { _tag: 'ApiError', status: 403, message: 'Forbidden', code: 'forbidden' };
const refused = { _tag: 'ApiError', status: 409, message: 'Nothing was moved: one visit cannot go to the new vendor.', code: 'move_refused' };

export function moveEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('vendors', team), fail('vendors', forbidden)];
  if (s.matches('failed')) return [{ type: 'move.retry' }];
  if (s.matches({ ready: 'editing' }))
    return [
      { type: 'move.from', vendorId: VERA },
      { type: 'move.to', vendorId: RITA },
      { type: 'move.to', vendorId: VERA },
      { type: 'move.start', day: '2026-12-01' },
      { type: 'move.end', day: '2026-11-30' },
      { type: 'move.end', day: '2026-12-05' },
      { type: 'move.submit' },
    ];
  if (s.matches({ ready: 'confirming' })) return [{ type: 'move.confirm' }, { type: 'move.edit' }];
  if (s.matches({ ready: 'moving' })) return [done('move', { moved: 1, items: [laterVisit] }), fail('move', refused)];
  if (s.matches({ ready: 'moved' }) || s.matches({ ready: 'refused' })) return [{ type: 'move.edit' }];
  return [];
}

export const model: ChartModel = { machine: vendorMoveMachine, events: moveEvents };
