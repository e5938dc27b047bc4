/**
 * Subscription lifecycle (bookings §4): new, update (frequency or plan), cancel (stops billing and future
 * appointments), pause, unpause (optionally before the schedule), suspend (until the next successful
 * billing), restore (until the next failed billing), add add-on. Status names are ours.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { addOnRules, type AddOnTerms } from '../../core/rules/addons';
import {
  subscriptionRules,
  subscriptionScopes as scope,
  type Frequency,
  type SubscriptionFacts,
  type SubscriptionStatus,
} from '../../core/rules/subscriptions';
import { decide, lifecycleAt, ruleGuards, scoped, type ActorEvent, type GuardArgsOf } from './lifecycle';

export interface SubscriptionContext {
  readonly frequency: Frequency | null;
  readonly planId: string | null;
  /** When the current pause is scheduled to end; null when not paused or open-ended. */
  readonly resumeAt: string | null;
}

type Ev<T extends string, P = unknown> = { readonly type: T } & ActorEvent & P;

export type SubscriptionEvent =
  | Ev<'subscription.create', { readonly frequency: Frequency; readonly planId: string }>
  | Ev<'subscription.update', { readonly frequency?: Frequency; readonly planId?: string }>
  | Ev<'subscription.cancel'>
  | Ev<'subscription.pause', { readonly until?: string }>
  | Ev<'subscription.unpause', { readonly beforeSchedule?: boolean }>
  | Ev<'subscription.suspend'>
  | Ev<'subscription.restore'>
  | Ev<'subscription.addAddOn', AddOnTerms>
  | Ev<'subscription.billed'>
  | Ev<'subscription.billingFailed'>;

export type SubscriptionChartStatus = SubscriptionStatus | 'new';

export const emptySubscription: SubscriptionContext = { frequency: null, planId: null, resumeAt: null };

const factsOf = ({ context, event }: GuardArgsOf<SubscriptionContext, SubscriptionEvent>): SubscriptionFacts & AddOnTerms => ({
  role: event.actor?.role ?? 'none',
  now: event.now,
  resumeAt: context.resumeAt,
  frequency: 'frequency' in event ? event.frequency : undefined,
  planId: 'planId' in event ? event.planId : undefined,
  until: 'until' in event ? event.until : undefined,
  beforeSchedule: 'beforeSchedule' in event ? event.beforeSchedule : undefined,
  serviceId: 'serviceId' in event ? event.serviceId : undefined,
  description: 'description' in event ? event.description : undefined,
  valueCents: 'valueCents' in event ? event.valueCents : undefined,
});

const guards = ruleGuards(
  {
    isOwner: subscriptionRules.owner,
    mayUnpause: subscriptionRules.unpauser,
    isBillingRole: subscriptionRules.billing,
    isBillingOutcome: subscriptionRules.billingOutcome,
    termsKnown: subscriptionRules.termsKnown,
    changesFrequencyOrPlan: subscriptionRules.changesFrequencyOrPlan,
    pauseEndsLater: subscriptionRules.pauseEndsLater,
    unpauseAllowed: subscriptionRules.unpauseAllowed,
    addOnDescribed: addOnRules.described,
  },
  factsOf,
);

const stay = <S extends SubscriptionChartStatus>(status: S) =>
  ({
    update: { target: status, guard: and(['isOwner', 'changesFrequencyOrPlan']), actions: 'recordTerms', meta: scoped(scope.live) },
    addAddOn: { target: status, guard: and(['isOwner', 'addOnDescribed']) },
    billed: { target: status, guard: 'isBillingOutcome', meta: scoped(scope.billed) },
    billingFailed: { target: status, guard: 'isBillingOutcome', meta: scoped(scope.billed) },
  }) as const;

const cancel = {
  target: 'canceled',
  guard: 'isOwner',
  description: 'Cancel stops billing and future appointments.',
  meta: scoped(scope.live),
} as const;

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
  },
  guards,
  actions: {
    recordTerms: assign(({ context, event }) => {
      assertEvent(event, ['subscription.create', 'subscription.update']);
      return { frequency: event.frequency ?? context.frequency, planId: event.planId ?? context.planId };
    }),
    recordPause: assign(({ event }) => {
      assertEvent(event, 'subscription.pause');
      return { resumeAt: event.until ?? null };
    }),
    clearPause: assign({ resumeAt: null }),
  },
}).createMachine({
  id: 'subscription',
  description: 'Subscription lifecycle (bookings §4). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptySubscription,
  states: {
    new: {
      description: 'No record yet.',
      on: {
        'subscription.create': { target: 'active', guard: and(['isOwner', 'termsKnown']), actions: 'recordTerms' },
      },
    },
    active: {
      on: {
        'subscription.update': stay('active').update,
        'subscription.cancel': cancel,
        'subscription.pause': { target: 'paused', guard: and(['isOwner', 'pauseEndsLater']), actions: 'recordPause' },
        'subscription.suspend': {
          target: 'suspended',
          guard: 'isBillingRole',
          description: 'Suspend suspends future appointments until the next successful billing.',
        },
        'subscription.addAddOn': stay('active').addAddOn,
        'subscription.billed': stay('active').billed,
        'subscription.billingFailed': {
          target: 'suspended',
          guard: 'isBillingOutcome',
          description: 'After a restore, the next failed billing suspends again.',
          meta: scoped(scope.billed),
        },
      },
    },
    paused: {
      on: {
        'subscription.update': stay('paused').update,
        'subscription.cancel': cancel,
        'subscription.unpause': { target: 'active', guard: and(['mayUnpause', 'unpauseAllowed']), actions: 'clearPause' },
        'subscription.addAddOn': stay('paused').addAddOn,
      },
    },
    suspended: {
      on: {
        'subscription.update': stay('suspended').update,
        'subscription.cancel': cancel,
        'subscription.restore': {
          target: 'active',
          guard: 'isBillingRole',
          description: 'Restore restores until the next failed billing.',
        },
        'subscription.billed': {
          target: 'active',
          guard: 'isBillingOutcome',
          description: 'A suspension lasts until the next successful billing.',
          meta: scoped(scope.billed),
        },
        'subscription.billingFailed': stay('suspended').billingFailed,
      },
    },
    canceled: { type: 'final', description: 'Billing and future appointments stopped.' },
  },
});

export const subscriptionAt = (status: SubscriptionChartStatus, facts: SubscriptionContext) => lifecycleAt(subscriptionMachine, status, facts);

export const decideSubscription = (status: string, facts: SubscriptionContext, event: SubscriptionEvent) =>
  decide(subscriptionMachine, status, facts, event);
