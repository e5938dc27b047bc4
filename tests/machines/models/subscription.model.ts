import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { subscriptionMachine } from '../../../src/machines/lifecycles/subscription.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, days, shift, withActors } from './support';

/** Now, and a month later (after a two-week pause has ended). */
export const NOWS = [T, shift(T, days(30))];
export const PAUSE_END = shift(T, days(14));

export const subscriptionEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, NOWS, [
    { type: 'subscription.create', frequency: 'week', planId: 'plan_a' },
    { type: 'subscription.create', frequency: 'daily', planId: 'plan_a' },
    { type: 'subscription.update', frequency: 'month' },
    { type: 'subscription.update', planId: 'plan_b' },
    { type: 'subscription.update' },
    { type: 'subscription.update', frequency: 'yearly' },
    { type: 'subscription.cancel' },
    { type: 'subscription.pause', until: PAUSE_END },
    { type: 'subscription.pause' },
    { type: 'subscription.unpause' },
    { type: 'subscription.unpause', beforeSchedule: true },
    { type: 'subscription.suspend' },
    { type: 'subscription.restore' },
    { type: 'subscription.addAddOn', serviceId: 'svc_edging' },
    { type: 'subscription.addAddOn', description: 'Hedge trim', valueCents: 1500 },
    { type: 'subscription.addAddOn', description: '', valueCents: 0 },
    { type: 'subscription.billed' },
    { type: 'subscription.billingFailed' },
  ]);

export const model: ChartModel = { machine: subscriptionMachine, events: subscriptionEvents };
