import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Appointment } from '../../core/model/appointment';
import type { ResourceUpdate } from '../../core/model/live';
import type { Role } from '../../core/model/roles';
import type { Vendor, VendorSchedule } from '../../core/model/vendor';
import { specRule } from '../../core/rules/spec-rule';
import { timeOffRules } from '../../core/rules/time-off';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * The work queue of an organization or a vendor, created by its screen:
 *
 * - `actions` (/actions/appointments): the visits that need action and the time-off requests waiting; the
 *   organization approves or rejects a request (`timeOff.decide`), the vendor sees its own waiting.
 * - `requirements` (/requirements): per vendor (a vendor: itself) its working hours, organization and
 *   waiting requests.
 *
 * `loading` (tag `loading`) → `shown.ready` (tag `ready`); a failed load is `failed` (tag `error`) until
 * `queue.retry`. A decision is `shown.deciding` (tag `deciding`), then the queue reloads. A live update of an
 * appointment or a time-off request reloads it (`shown.refreshing`), keeping it on screen.
 */

export type QueueView = 'actions' | 'requirements';

export interface QueueInput {
  readonly view: QueueView;
  readonly role: Role;
  /** The organization's or the vendor's account id. */
  readonly owner: string;
}

export interface QueueLoad {
  readonly visits: readonly Appointment[];
  readonly timeOff: readonly VendorSchedule[];
  readonly vendors: readonly Vendor[];
}

export interface TimeOffDecision {
  readonly owner: string;
  readonly scheduleId: string;
  readonly approval: 'approved' | 'rejected';
}

export interface QueueContext extends QueueInput, QueueLoad {
  readonly error: string | null;
  readonly deciding: string | null;
}

export type QueueEvent =
  | { readonly type: 'queue.retry' }
  | { readonly type: 'timeOff.decide'; readonly scheduleId: string; readonly approval: 'approved' | 'rejected' }
  | { readonly type: 'live.resourceUpdated'; readonly update: ResourceUpdate };

export type QueueEmitted = { readonly type: 'notify'; readonly kind: 'success' | 'error'; readonly code: string; readonly message: string };

export const queueRules = {
  mayDecide: specRule<{ readonly role: Role }>({
    id: 'teamQueue.mayDecide',
    spec: timeOffRules.decider.spec,
    source: timeOffRules.decider.source,
    test: ({ role }) => timeOffRules.decider.test({ role }),
  }),
  reloads: specRule<{ readonly update: ResourceUpdate }>({
    id: 'teamQueue.reloads',
    spec: 'A real-time update of an appointment or a time-off request reloads the queue.',
    source: 'bookings §4',
    test: ({ update }) => update.reason === 'updated' && (update.resourceType === 'appointment' || update.resourceType === 'timeOff'),
  }),
} as const;

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;
const isReload = { type: 'reloads', params: ({ event }: { event: { update: ResourceUpdate } }) => event.update } as const;

export const teamQueueMachine = setup({
  types: {
    context: {} as QueueContext,
    events: {} as QueueEvent,
    emitted: {} as QueueEmitted,
    input: {} as QueueInput,
  },
  actors: {
    /** The visits needing action, the waiting time off and the vendors (what the view needs). */
    loadQueue: fromPromise<QueueLoad, QueueInput>(notProvided('loadQueue')),
    /** PUT organization/{id}/schedule/{scheduleId}: the decided request. */
    decideTimeOff: fromPromise<VendorSchedule, TimeOffDecision>(notProvided('decideTimeOff')),
    liveUpdates: fromCallback(() => () => {}),
  },
  guards: {
    mayDecide: withRule(queueRules.mayDecide, ({ context }: { context: QueueContext }) => queueRules.mayDecide.test({ role: context.role })),
    reloads: withRule(queueRules.reloads, (_: unknown, update: ResourceUpdate) => queueRules.reloads.test({ update })),
  },
  actions: {
    takeLoad: assign((_, load: QueueLoad) => ({ visits: load.visits, timeOff: load.timeOff, vendors: load.vendors, error: null })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error).message })),
    takeDeciding: assign((_, scheduleId: string | null) => ({ deciding: scheduleId })),
    notifyDecided: emit((_, decided: VendorSchedule) => ({
      type: 'notify' as const,
      kind: 'success' as const,
      code: decided.approval === 'approved' ? 'time_off_approved' : 'time_off_rejected',
      message: decided.approval === 'approved' ? 'Time off approved' : 'Time off rejected',
    })),
    notifyRefused: emit((_, error: unknown) => {
      const failure = failureOf(error);
      return { type: 'notify' as const, kind: 'error' as const, code: failure.code ?? 'error', message: failure.message };
    }),
  },
}).createMachine({
  id: 'teamQueue',
  description: "An organization's or vendor's work queue: visits needing action, time off waiting (decided by the organization), requirements.",
  context: ({ input }) => ({ ...input, visits: [], timeOff: [], vendors: [], error: null, deciding: null }),
  invoke: { id: 'liveUpdates', src: 'liveUpdates' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadQueue',
        input: ({ context }) => ({ view: context.view, role: context.role, owner: context.owner }),
        onDone: { target: 'shown', actions: { type: 'takeLoad', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'queue.retry': 'loading', 'live.resourceUpdated': { guard: isReload, target: 'loading' } },
    },
    shown: {
      initial: 'ready',
      on: { 'live.resourceUpdated': { guard: isReload, target: '.refreshing' } },
      states: {
        ready: {
          tags: ['ready'],
          on: {
            'timeOff.decide': {
              guard: 'mayDecide',
              target: 'deciding',
              actions: { type: 'takeDeciding', params: ({ event }) => event.scheduleId },
            },
          },
        },
        refreshing: {
          tags: ['ready', 'refreshing'],
          invoke: {
            id: 'refresh',
            src: 'loadQueue',
            input: ({ context }) => ({ view: context.view, role: context.role, owner: context.owner }),
            onDone: { target: 'ready', actions: { type: 'takeLoad', params: outputOf } },
            onError: 'ready',
          },
        },
        deciding: {
          tags: ['deciding'],
          invoke: {
            id: 'decide',
            src: 'decideTimeOff',
            input: ({ context, event }) => {
              const { scheduleId, approval } = event as Extract<QueueEvent, { type: 'timeOff.decide' }>;
              return { owner: context.owner, scheduleId, approval };
            },
            onDone: { target: 'refreshing', actions: [{ type: 'takeDeciding', params: null }, { type: 'notifyDecided', params: outputOf }] },
            onError: { target: 'ready', actions: [{ type: 'takeDeciding', params: null }, { type: 'notifyRefused', params: errorOf }] },
          },
        },
      },
    },
  },
});

// ── selectors ──

export type QueueActor = ActorRefFrom<typeof teamQueueMachine>;
export type QueueSnapshot = SnapshotFrom<typeof teamQueueMachine>;

export const selectQueueMode = (s: QueueSnapshot): 'loading' | 'error' | 'ready' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
export const selectQueueVisits = (s: QueueSnapshot): readonly Appointment[] => s.context.visits;
export const selectQueueTimeOff = (s: QueueSnapshot): readonly VendorSchedule[] => s.context.timeOff;
export const selectQueueVendors = (s: QueueSnapshot): readonly Vendor[] => s.context.vendors;
export const selectDeciding = (s: QueueSnapshot): string | null => s.context.deciding;
export const selectCanDecide = (s: QueueSnapshot): boolean => s.can({ type: 'timeOff.decide', scheduleId: '', approval: 'approved' });
