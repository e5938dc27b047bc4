/**
 * The vendor's location sharing: turned on and off; the browser's permission granted, denied or unavailable;
 * a visit under way or not; pings sent and refused.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { locationSharingMachine } from '../../../src/machines/features/location-sharing.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { NOW, todayVisit } from './appointments.fixtures';
import { done, fail, initialSnapshot } from './session.model';

/** Starts 10 minutes after "now": under way. */
const underWay = { ...todayVisit, start_time: '2026-11-23T12:10:00.000Z' };
const position = { lat: 39.78, lng: -89.65, accuracy: 10 };
const denied = { _tag: 'GeoFailure', reason: 'denied' };
const unavailable = { _tag: 'GeoFailure', reason: 'unavailable' };
const refused = { _tag: 'ApiError', status: 409, message: 'The visit is not open', code: 'visit_not_open' };

export function locationEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  const visits = [
    { type: 'location.visits', visits: [underWay] },
    { type: 'location.visits', visits: [] },
  ];
  if (s.matches('off')) return [{ type: 'location.start' }, ...visits];
  if (s.matches('asking')) return [done('firstReading', position), fail('firstReading', denied), fail('firstReading', unavailable), { type: 'location.stop' }];
  if (s.matches('refused')) return [{ type: 'location.start' }];
  if (s.matches({ sharing: 'waiting' })) return [{ type: 'location.tick' }, { type: 'location.stop' }, ...visits];
  if (s.matches({ sharing: 'reading' })) return [done('reading', position), fail('reading', denied)];
  if (s.matches({ sharing: 'sending' })) return [done('ping', undefined), fail('ping', refused)];
  return [];
}

export const model: ChartModel = {
  machine: locationSharingMachine,
  events: locationEvents,
  starts: () => [initialSnapshot(locationSharingMachine, { now: () => NOW })],
};
