import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { emptyPayoutOnboarding, payoutOnboardingAt, payoutOnboardingMachine } from '../../../src/machines/lifecycles/payout-onboarding.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const payoutOnboardingEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, [T], [
    { type: 'onboarding.authorize' },
    { type: 'onboarding.connect' },
    { type: 'onboarding.record' },
    { type: 'onboarding.bankAccount' },
    { type: 'onboarding.survey' },
    { type: 'onboarding.finish' },
  ]);

/** From nothing given (finishing refused), everything given (finishing allowed), and a closed survey. */
export const model: ChartModel = {
  machine: payoutOnboardingMachine,
  events: payoutOnboardingEvents,
  starts: () => [
    payoutOnboardingAt('not_started'),
    payoutOnboardingAt('not_started', { ...emptyPayoutOnboarding, agreementAccepted: true, documentGiven: true }),
    payoutOnboardingAt('connected', { ...emptyPayoutOnboarding, kind: 'vendor', documentGiven: true, surveyClosed: true }),
  ],
};
