/**
 * The subscription screen's chart: a customer and a vendor look at active, paused, suspended and canceled
 * subscriptions; each command is accepted exactly when the subscription lifecycle chart accepts it; a change to
 * the current plan is refused; a refused command reads the subscription again.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { subscriptionDetailMachine } from '../../../src/machines/features/subscription-detail.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { activeSubscription, canceledSubscription, mowingPlans, pausedSubscription, suspendedSubscription } from './billing.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const now = () => '2026-11-23T12:00:00.000Z';
const refused = { _tag: 'ApiError', status: 409, message: 'illegal transition', code: 'illegal_transition' };

export function detailEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading'))
    return [activeSubscription, pausedSubscription, suspendedSubscription, canceledSubscription]
      .map((subscription) => done('load', { subscription, plans: mowingPlans }))
      .concat([fail('load', { _tag: 'ApiError', status: 404, message: 'Subscription not found', code: 'not_found' })]);
  if (s.matches('failed')) return [{ type: 'detail.retry' }];
  if (s.matches({ ready: 'changing' })) return [done('command', pausedSubscription), fail('command', refused)];
  if (s.matches({ ready: 'refreshing' })) return [done('refresh', { subscription: activeSubscription, plans: mowingPlans }), fail('refresh', refused)];
  if (s.matches({ ready: 'idle' }))
    return [
      { type: 'detail.change', frequency: 'biweek', planId: 'mowing-small-biweek' },
      { type: 'detail.change', frequency: 'week', planId: 'mowing-small-week' },
      { type: 'detail.cancel' },
      { type: 'detail.pause' },
      { type: 'detail.unpause', beforeSchedule: true },
    ];
  return [];
}

export const model: ChartModel = {
  machine: subscriptionDetailMachine,
  events: detailEvents,
  starts: () => [
    initialSnapshot(subscriptionDetailMachine, { subscriptionId: activeSubscription._id, role: 'customer', now }),
    initialSnapshot(subscriptionDetailMachine, { subscriptionId: activeSubscription._id, role: 'vendor', now }),
  ],
};
