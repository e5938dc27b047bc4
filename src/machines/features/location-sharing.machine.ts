import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Appointment } from '../../core/model/appointment';
import { isGeoFailure, type GeoFailureReason, type GeoPosition } from '../../core/ports/geolocation';
import { locationRules, visitInProgress } from '../../core/rules/location-sharing';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * "Share my location while working" on /vendor (issue 9: a location ping while working, with the browser's
 * permission). Off until the vendor turns it on; then the first reading asks the browser's permission.
 *
 * - `asking` (tag `asking`) reads the position; refused: `refused` (tag `denied` or `unavailable`), which the
 *   vendor may try again.
 * - `sharing.waiting` (tag `sharing`): every tick (PING_EVERY_MS) it reads and sends the position, but only
 *   while a visit of the day is under way (src/core/rules/location-sharing.ts); `sharing.reading` and
 *   `sharing.sending` do so. A refused reading ends the sharing (`refused`); a refused send keeps sharing
 *   and says so (`pingError`).
 * - The view hands it the day's visits (`location.visits`) whenever they load.
 */

export interface LocationInput {
  readonly now: () => string;
}

export interface LocationContext {
  readonly now: () => string;
  readonly visits: readonly Appointment[];
  readonly position: GeoPosition | null;
  readonly appointmentId: string | null;
  readonly lastSentAt: string | null;
  readonly failure: GeoFailureReason | null;
  readonly pingError: string | null;
}

export type LocationEvent =
  | { readonly type: 'location.start' }
  | { readonly type: 'location.stop' }
  | { readonly type: 'location.tick' }
  | { readonly type: 'location.visits'; readonly visits: readonly Appointment[] };

export interface PingInput {
  readonly position: GeoPosition;
  readonly appointmentId: string | null;
}

const reasonOf = (error: unknown): GeoFailureReason => (isGeoFailure(error) ? error.reason : 'unavailable');

export const locationSharingMachine = setup({
  types: { context: {} as LocationContext, events: {} as LocationEvent, input: {} as LocationInput },
  actors: {
    /** The geolocation port's reading (the first one shows the browser's permission prompt). */
    readPosition: fromPromise<GeoPosition>(notProvided('readPosition')),
    /** POST location/ping. */
    sendPing: fromPromise<void, PingInput>(notProvided('sendPing')),
    /** Sends `location.tick` every PING_EVERY_MS while sharing. */
    ticker: fromCallback(() => () => {}),
  },
  guards: {
    inProgress: withRule(locationRules.inProgress, ({ context }: { context: LocationContext }) => locationRules.inProgress.test({ visits: context.visits, now: context.now() })),
  },
  actions: {
    takeVisits: assign((_, visits: readonly Appointment[]) => ({ visits })),
    takePosition: assign(({ context }, position: GeoPosition) => ({ position, failure: null, appointmentId: visitInProgress(context.visits, context.now())?._id ?? null })),
    refuse: assign((_, error: unknown) => ({ failure: reasonOf(error), position: null })),
    sent: assign(({ context }) => ({ lastSentAt: context.now(), pingError: null })),
    sendFailed: assign((_, error: unknown) => ({ pingError: failureOf(error).message })),
    reset: assign({ position: null, appointmentId: null, failure: null, pingError: null }),
  },
}).createMachine({
  id: 'locationSharing',
  description: "The vendor's position sent while it works and shares it (location/ping), with the browser's permission.",
  context: ({ input }) => ({ now: input.now, visits: [], position: null, appointmentId: null, lastSentAt: null, failure: null, pingError: null }),
  on: { 'location.visits': { actions: { type: 'takeVisits', params: ({ event }) => event.visits } } },
  initial: 'off',
  states: {
    off: { tags: ['off'], on: { 'location.start': { target: 'asking', actions: 'reset' } } },
    asking: {
      tags: ['asking'],
      invoke: {
        id: 'firstReading',
        src: 'readPosition',
        onDone: [
          { guard: 'inProgress', target: 'sharing.sending', actions: { type: 'takePosition', params: ({ event }) => event.output } },
          { target: 'sharing.waiting', actions: { type: 'takePosition', params: ({ event }) => event.output } },
        ],
        onError: { target: 'refused', actions: { type: 'refuse', params: errorOf } },
      },
      on: { 'location.stop': 'off' },
    },
    refused: { tags: ['refused'], on: { 'location.start': { target: 'asking', actions: 'reset' } } },
    sharing: {
      tags: ['sharing'],
      invoke: { id: 'ticker', src: 'ticker' },
      on: { 'location.stop': { target: 'off', actions: 'reset' } },
      initial: 'waiting',
      states: {
        waiting: { on: { 'location.tick': { guard: 'inProgress', target: 'reading' } } },
        reading: {
          invoke: {
            id: 'reading',
            src: 'readPosition',
            onDone: { target: 'sending', actions: { type: 'takePosition', params: ({ event }) => event.output } },
            onError: { target: '#locationSharing.refused', actions: { type: 'refuse', params: errorOf } },
          },
        },
        sending: {
          tags: ['sending'],
          invoke: {
            id: 'ping',
            src: 'sendPing',
            input: ({ context }) => ({ position: context.position!, appointmentId: context.appointmentId }),
            onDone: { target: 'waiting', actions: 'sent' },
            onError: { target: 'waiting', actions: { type: 'sendFailed', params: errorOf } },
          },
        },
      },
    },
  },
});

export type LocationActor = ActorRefFrom<typeof locationSharingMachine>;
type Snapshot = SnapshotFrom<typeof locationSharingMachine>;

/** What the control shows: off, asking the browser, sharing (sending or waiting for a visit), denied, unavailable. */
export const selectLocationMode = (s: Snapshot): 'off' | 'asking' | 'sharing' | 'denied' | 'unavailable' =>
  s.hasTag('asking') ? 'asking' : s.hasTag('sharing') ? 'sharing' : s.hasTag('refused') ? (s.context.failure ?? 'unavailable') : 'off';
/** While sharing: whether a visit is under way now (positions are sent) or not (waiting). */
export const selectLocationActive = (s: Snapshot): boolean => s.hasTag('sharing') && visitInProgress(s.context.visits, s.context.now()) !== null;
export const selectLocationLastSent = (s: Snapshot): string | null => s.context.lastSentAt;
export const selectLocationPingError = (s: Snapshot): string | null => s.context.pingError;
