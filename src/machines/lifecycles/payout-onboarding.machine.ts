/**
 * Payout onboarding (issue 11): an account (organization, vendor or affiliate) links to the payment provider's
 * onboarding, comes back connected (settings.stripe_id), gives what its kind needs, and finishes (meta.initialSetup).
 * The steps that only record details (business, bank account, document, agreement, checklist, survey) are events too,
 * so each leaves an audit row and is refused (409) where it does not belong.
 */
import { and, setup } from 'xstate';
import { payoutOnboardingRules, type PayoutAccountKind, type PayoutOnboardingFacts, type PayoutOnboardingStatus } from '../../core/rules/payout-onboarding';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export interface PayoutOnboardingContext {
  readonly kind: PayoutAccountKind;
  readonly agreementAccepted: boolean;
  readonly documentGiven: boolean;
  readonly surveyClosed: boolean;
}

export type PayoutOnboardingEvent = {
  readonly type:
    | 'onboarding.authorize'
    | 'onboarding.connect'
    | 'onboarding.record'
    | 'onboarding.bankAccount'
    | 'onboarding.survey'
    | 'onboarding.finish';
} & ActorEvent;

export const emptyPayoutOnboarding: PayoutOnboardingContext = { kind: 'organization', agreementAccepted: false, documentGiven: false, surveyClosed: false };

const factsOf = ({ context, event }: GuardArgsOf<PayoutOnboardingContext, PayoutOnboardingEvent>): PayoutOnboardingFacts => ({
  role: event.actor?.role ?? 'none',
  ...context,
});

const guards = ruleGuards(
  { isOnboarder: payoutOnboardingRules.onboarder, requirementsMet: payoutOnboardingRules.requirementsMet, surveyOpen: payoutOnboardingRules.surveyOpen },
  factsOf,
);

/** What every status allows: recording details, the survey while it is open, and a new link to the provider. */
const anyTime = <const S extends string>(status: S) =>
  ({
    'onboarding.record': { target: status, guard: 'isOnboarder' },
    'onboarding.survey': { target: status, guard: and(['isOnboarder', 'surveyOpen']) },
  }) as const;

export const payoutOnboardingMachine = setup({
  types: {
    context: {} as PayoutOnboardingContext,
    events: {} as PayoutOnboardingEvent,
  },
  guards,
}).createMachine({
  id: 'payoutOnboarding',
  description: 'Payout onboarding of an organization, vendor or affiliate. Events carry { actor: { role }, now }.',
  initial: 'not_started',
  context: emptyPayoutOnboarding,
  states: {
    not_started: {
      description: 'Nothing asked of the payment provider yet.',
      on: { ...anyTime('not_started'), 'onboarding.authorize': { target: 'linking', guard: 'isOnboarder' } },
    },
    linking: {
      description: "A link to the provider's onboarding was issued (state key and one-time code kept); the browser comes back with them.",
      on: { ...anyTime('linking'), 'onboarding.authorize': { target: 'linking', guard: 'isOnboarder' }, 'onboarding.connect': { target: 'connected', guard: 'isOnboarder' } },
    },
    connected: {
      description: 'The connected account is the account\'s settings.stripe_id; payouts go to the bank account given here.',
      on: {
        ...anyTime('connected'),
        'onboarding.authorize': { target: 'connected', guard: 'isOnboarder' },
        'onboarding.connect': { target: 'connected', guard: 'isOnboarder' },
        'onboarding.bankAccount': { target: 'connected', guard: 'isOnboarder' },
        'onboarding.finish': { target: 'finished', guard: and(['isOnboarder', 'requirementsMet']) },
      },
    },
    finished: {
      description: 'Set up (meta.initialSetup): an organization now waits for approval. Details may still change.',
      on: {
        ...anyTime('finished'),
        'onboarding.authorize': { target: 'finished', guard: 'isOnboarder' },
        'onboarding.connect': { target: 'finished', guard: 'isOnboarder' },
        'onboarding.bankAccount': { target: 'finished', guard: 'isOnboarder' },
      },
    },
  },
});

export const payoutOnboardingAt = (status: PayoutOnboardingStatus, facts: PayoutOnboardingContext = emptyPayoutOnboarding) =>
  lifecycleAt(payoutOnboardingMachine, status, facts);

export const decidePayoutOnboarding = (status: string, facts: PayoutOnboardingContext, event: PayoutOnboardingEvent) =>
  decide(payoutOnboardingMachine, status, facts, event);
