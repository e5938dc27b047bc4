/**
 * Model of the payout-setup chart (the organization's, vendor's and affiliate's onboarding screens): coming back from the
 * provider or not, a progress with something left and one ready to finish, a step opened, a draft that passes and
 * one that fails the rules, and every outcome of each actor.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { PayoutOnboarding } from '../../../src/core/model/payout-onboarding';
import { emptyPayoutDraft, payoutSetupMachine, type PayoutSetupInput } from '../../../src/machines/flows/payout-setup.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed } from './flow-support';

export const PROGRESS_LEFT = {
  status: 'not_started',
  kind: 'organization',
  stripe_id: null,
  initial_setup: false,
  agreement_version: '2026-01',
  survey_status: 'draft',
  remaining: ['payout_account', 'agreement', 'document'],
  can_finish: false,
} as unknown as PayoutOnboarding;
export const PROGRESS_READY = { ...PROGRESS_LEFT, status: 'connected', stripe_id: 'acct_1', agreement_accepted_at: '2030-01-01T00:00:00.000Z', remaining: [], can_finish: true } as PayoutOnboarding;

export const VALID_DRAFT = { ...emptyPayoutDraft(), tax_id: '12-3456789', agreed: true };

const INPUTS: readonly PayoutSetupInput[] = [
  { kind: 'organization', accountId: 'org1' as PayoutSetupInput['accountId'] },
  { kind: 'vendor', accountId: 'v1' as PayoutSetupInput['accountId'], returned: { code: 'c', state_key: 's' }, cancelled: true },
  { kind: 'affiliate', accountId: 'a1' as PayoutSetupInput['accountId'] },
];

export const payoutSetupEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const events: AnyEventObject[] = [
    done('exchangeToken'),
    failed('exchangeToken'),
    done('loadProgress', PROGRESS_LEFT),
    done('loadProgress', PROGRESS_READY),
    failed('loadProgress'),
    done('saveStep', PROGRESS_READY),
    failed('saveStep'),
    done('tickItem', PROGRESS_LEFT),
    failed('tickItem'),
    done('authorize', { url: 'https://provider.test/onboard' }),
    failed('authorize'),
    done('finishSetup'),
    failed('finishSetup'),
  ];
  // the commands only once the chart is ready (the context's draft would otherwise multiply the states)
  if (snapshot.hasTag('step') && !snapshot.hasTag('busy') && snapshot.context.notice === null) {
    events.push(
      { type: 'onboarding.goto', step: 'agreement' },
      { type: 'onboarding.goto', step: 'nowhere' },
      { type: 'onboarding.change', values: { agreed: true } },
      { type: 'onboarding.save' },
      { type: 'onboarding.tick', itemId: 'equipment', done: true },
      { type: 'onboarding.connect' },
      { type: 'onboarding.finish' },
    );
  }
  if (snapshot.hasTag('failed')) events.push({ type: 'onboarding.goto', step: 'payout' });
  return events;
};

export const model: ChartModel = {
  machine: payoutSetupMachine,
  events: payoutSetupEvents,
  inputs: () => INPUTS,
};
