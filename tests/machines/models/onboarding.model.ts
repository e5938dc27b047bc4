/**
 * Model of the onboarding chart: every role, profiles with and without a pending first password,
 * drafts that pass and fail each step's rule, and every actor outcome.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { AccountTypes } from '../../../src/core/model/roles';
import { onboardingMachine } from '../../../src/machines/flows/onboarding.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

export const onboardingEvents = (_snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  done('loadOnboarding', { first_name: 'Pat', last_name: 'Doe', language_preference: 'default', needsPassword: true }),
  done('loadOnboarding', { first_name: null, last_name: null, language_preference: 'es', needsPassword: false }),
  failed('loadOnboarding'),
  { type: 'onboarding.change', values: { first_name: 'Pat', last_name: 'Doe', language: 'es', password: 'garden-path', confirmation: 'garden-path' } },
  { type: 'onboarding.change', values: { first_name: ' ', password: 'garden-path', confirmation: 'garden-gate' } },
  { type: 'onboarding.change', values: { password: '123', confirmation: '123' } },
  { type: 'onboarding.next' },
  { type: 'onboarding.back' },
  { type: 'onboarding.skip' },
  done('saveProfile', {}),
  failed('saveProfile'),
  done('saveLanguage', {}),
  failed('saveLanguage'),
  done('setPassword', { message: 'Password updated!' }),
  failed('setPassword', { _tag: 'ApiError', message: 'Invalid Password: use 6 to 128 characters.', code: 'invalid_password' }),
  done('forgetResetToken'),
  failed('forgetResetToken'),
  { type: 'onboarding.finish' },
  done('finishSetup'),
  failed('finishSetup'),
];

export const model: ChartModel = {
  machine: onboardingMachine,
  events: onboardingEvents,
  starts: () => AccountTypes.map((role) => initialSnapshot(onboardingMachine, { role })),
};
