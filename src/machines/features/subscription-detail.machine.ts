import { and, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Role } from '../../core/model/roles';
import type { Frequency, PricePlan } from '../../core/model/service';
import type { Subscription } from '../../core/model/subscription';
import { specRule } from '../../core/rules/spec-rule';
import { subscriptionAt, type SubscriptionEvent } from '../lifecycles/subscription.machine';
import { errorOf, failureOf, notProvided, withRule, type FlowMessage } from '../flows/auth-flow-support';

/**
 * One subscription as its customer manages it (issue 8 "Subscriptions and billing", bookings §4): created by the
 * subscription screen with the subscription id.
 *
 * - `loading` (tag `loading`) reads the subscription and the service's price plans (the new price is shown before
 *   a change is confirmed); an unknown id is `failed` (tag `error`).
 * - `ready.idle` (tag `ready`) accepts `detail.change {frequency, planId}`, `detail.cancel`, `detail.pause` and
 *   `detail.unpause {beforeSchedule}` exactly when the subscription lifecycle chart accepts `subscription.update`,
 *   `.cancel`, `.pause`, `.unpause` at the subscription's status for the viewer's role — the buttons come from
 *   these `can`s. A change must name another plan than today's.
 * - `ready.changing` (tag `changing`) runs the call; the answer replaces the subscription and emits `notify`
 *   (success). A refusal emits `notify` with the server's message and reads the subscription again.
 */

export interface DetailInput {
  readonly subscriptionId: string;
  readonly role: Role;
  readonly now: () => string;
}

export interface DetailContext extends DetailInput {
  readonly subscription: Subscription | null;
  readonly plans: readonly PricePlan[];
  readonly error: FlowMessage | null;
  /** The command being run (its success names it). */
  readonly pending: DetailCommand['kind'] | null;
}

export type DetailEvent =
  | { readonly type: 'detail.change'; readonly frequency: Frequency; readonly planId: string }
  | { readonly type: 'detail.cancel' }
  | { readonly type: 'detail.pause' }
  | { readonly type: 'detail.unpause'; readonly beforeSchedule: boolean }
  | { readonly type: 'detail.retry' };

export type DetailEmitted = { readonly type: 'notify'; readonly kind: 'error' | 'success'; readonly code: string; readonly message: string };

export interface DetailLoad {
  readonly subscription: Subscription;
  readonly plans: readonly PricePlan[];
}

export type DetailCommand =
  | { readonly kind: 'change'; readonly frequency: Frequency; readonly planId: string }
  | { readonly kind: 'cancel' }
  | { readonly kind: 'pause' }
  | { readonly kind: 'unpause'; readonly beforeSchedule: boolean };

/** The lifecycle event a screen command is. */
const lifecycleEvent = (event: DetailEvent, context: DetailContext): SubscriptionEvent | null => {
  const base = { actor: { role: context.role }, now: context.now() };
  switch (event.type) {
    case 'detail.change':
      return { type: 'subscription.update', ...base, frequency: event.frequency, planId: event.planId };
    case 'detail.cancel':
      return { type: 'subscription.cancel', ...base };
    case 'detail.pause':
      return { type: 'subscription.pause', ...base };
    case 'detail.unpause':
      return { type: 'subscription.unpause', ...base, beforeSchedule: event.beforeSchedule };
    default:
      return null;
  }
};

export const detailRules = {
  lifecycleAllows: specRule<{ readonly context: DetailContext; readonly event: DetailEvent }>({
    id: 'subscriptionDetail.lifecycleAllows',
    spec: 'Every action goes through the subscription chart: update (frequency or plan), cancel, pause, unpause (optionally before the schedule) — offered when the chart accepts it at the status.',
    source: 'bookings §4, issue 8',
    test: ({ context, event }) => {
      const subscription = context.subscription;
      const lifecycle = lifecycleEvent(event, context);
      if (!subscription || !lifecycle) return false;
      return subscriptionAt(subscription.status, { frequency: subscription.frequency, planId: subscription.plan_id, resumeAt: null }).can(lifecycle);
    },
  }),
  changesPlan: specRule<{ readonly subscription: Subscription | null; readonly frequency: Frequency; readonly planId: string }>({
    id: 'subscriptionDetail.changesPlan',
    spec: 'Update (frequency or plan): another plan than the current one.',
    source: 'bookings §4',
    test: ({ subscription, frequency, planId }) => subscription !== null && (subscription.plan_id !== planId || subscription.frequency !== frequency),
  }),
} as const;

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;
type Args = { readonly context: DetailContext; readonly event: DetailEvent };

const commandOf = (event: DetailEvent): DetailCommand => {
  switch (event.type) {
    case 'detail.change':
      return { kind: 'change', frequency: event.frequency, planId: event.planId };
    case 'detail.pause':
      return { kind: 'pause' };
    case 'detail.unpause':
      return { kind: 'unpause', beforeSchedule: event.beforeSchedule };
    default:
      return { kind: 'cancel' };
  }
};

export const subscriptionDetailMachine = setup({
  types: {
    context: {} as DetailContext,
    events: {} as DetailEvent,
    emitted: {} as DetailEmitted,
    input: {} as DetailInput,
  },
  actors: {
    /** GET subscriptions/{id} and the service's price plans (GET services/{id}; the plans as booked otherwise). */
    loadSubscription: fromPromise<DetailLoad, { readonly subscriptionId: string }>(notProvided('loadSubscription')),
    /** PUT subscriptions/update | cancel, POST subscriptions/pause | unpause: the subscription after. */
    runCommand: fromPromise<Subscription, { readonly subscription: Subscription; readonly command: DetailCommand }>(notProvided('runCommand')),
  },
  guards: {
    lifecycleAllows: withRule(detailRules.lifecycleAllows, ({ context, event }: Args) => detailRules.lifecycleAllows.test({ context, event })),
    changesPlan: withRule(detailRules.changesPlan, ({ context, event }: Args) =>
      event.type === 'detail.change' ? detailRules.changesPlan.test({ subscription: context.subscription, frequency: event.frequency, planId: event.planId }) : false,
    ),
  },
  actions: {
    takeLoad: assign((_, load: DetailLoad) => ({ subscription: load.subscription, plans: load.plans, error: null })),
    takeSubscription: assign((_, subscription: Subscription) => ({ subscription })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    takeCommand: assign(({ event }) => ({ pending: commandOf(event).kind })),
    notifyDone: emit(({ context }) => ({ type: 'notify' as const, kind: 'success' as const, code: `subscription_${context.pending ?? 'change'}`, message: '' })),
    notifyRefused: emit((_, error: unknown) => {
      const failure = failureOf(error);
      return { type: 'notify' as const, kind: 'error' as const, code: failure.code ?? 'error', message: failure.message };
    }),
  },
}).createMachine({
  id: 'subscriptionDetail',
  description: 'One subscription: change the frequency or plan (new price first), cancel, pause, unpause — each through the subscription chart.',
  context: ({ input }) => ({ ...input, subscription: null, plans: [], error: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: { target: 'ready', actions: { type: 'takeLoad', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'detail.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'detail.change': { guard: and(['changesPlan', 'lifecycleAllows']), target: 'changing', actions: 'takeCommand' },
            'detail.cancel': { guard: 'lifecycleAllows', target: 'changing', actions: 'takeCommand' },
            'detail.pause': { guard: 'lifecycleAllows', target: 'changing', actions: 'takeCommand' },
            'detail.unpause': { guard: 'lifecycleAllows', target: 'changing', actions: 'takeCommand' },
          },
        },
        changing: {
          tags: ['changing'],
          invoke: {
            id: 'command',
            src: 'runCommand',
            input: ({ context, event }) => ({ subscription: context.subscription!, command: commandOf(event) }),
            onDone: { target: 'idle', actions: [{ type: 'takeSubscription', params: outputOf }, 'notifyDone'] },
            onError: { target: 'refreshing', actions: { type: 'notifyRefused', params: errorOf } },
          },
        },
        refreshing: {
          tags: ['changing'],
          invoke: {
            id: 'refresh',
            src: 'loadSubscription',
            input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
            onDone: { target: 'idle', actions: { type: 'takeLoad', params: outputOf } },
            onError: 'idle',
          },
        },
      },
    },
  },
});

// ── selectors ──

export type DetailActor = ActorRefFrom<typeof subscriptionDetailMachine>;
export type DetailSnapshot = SnapshotFrom<typeof subscriptionDetailMachine>;

export const selectDetailMode = (s: DetailSnapshot): 'loading' | 'error' | 'ready' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
export const selectDetailSubscription = (s: DetailSnapshot): Subscription | null => s.context.subscription;
export const selectDetailPlans = (s: DetailSnapshot): readonly PricePlan[] => s.context.plans;
export const selectDetailError = (s: DetailSnapshot): FlowMessage | null => s.context.error;
export const selectDetailBusy = (s: DetailSnapshot): boolean => s.hasTag('changing');

/** What the chart accepts now: the subscription screen's buttons. */
export interface DetailCan {
  readonly change: boolean;
  readonly cancel: boolean;
  readonly pause: boolean;
  readonly unpause: boolean;
}
const other = (f: Frequency): Frequency => (f === 'week' ? 'biweek' : 'week');
export const selectDetailCan = (s: DetailSnapshot): DetailCan => {
  const sub = s.context.subscription;
  return {
    change: sub !== null && s.can({ type: 'detail.change', frequency: other(sub.frequency), planId: `${sub.plan_id}-other` }),
    cancel: s.can({ type: 'detail.cancel' }),
    pause: s.can({ type: 'detail.pause' }),
    unpause: s.can({ type: 'detail.unpause', beforeSchedule: false }),
  };
};
export const sameCan = (a: DetailCan, b: DetailCan): boolean => a.change === b.change && a.cancel === b.cancel && a.pause === b.pause && a.unpause === b.unpause;
/** Whether the chart accepts this very change (another plan, accepted by the lifecycle chart). */
export const selectCanChangeTo = (frequency: Frequency, planId: string) => (s: DetailSnapshot): boolean => s.can({ type: 'detail.change', frequency, planId });
