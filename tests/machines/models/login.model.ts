/** The login form chart's model for xstate/graph (see session.model.ts for the conventions). */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { loginMachine } from '../../../src/machines/flows/login.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { failures, loginResults } from './session.fixtures';
import { done, entered, fail } from './session.model';

const CONFIRM = entered('login', {}, { confirm_account: 'confirm-1' });
const CLAIM = entered('login', {}, { claim_account: 'claim-1' });

export function loginEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('submitting')) {
    return [
      done('login', loginResults.refused),
      done('login', loginResults.loggedIn),
      done('login', loginResults.sms),
      done('login', loginResults.temporary),
      fail('login', failures.network),
    ];
  }
  if (s.matches('claimingAccount')) return [done('claimAccount', { reset_token: 'reset-1' }), fail('claimAccount', failures.server)];
  if (s.matches('confirmingAccount')) return [done('confirmAccount', { message: 'Your account is confirmed.' }), fail('confirmAccount', failures.server)];
  if (s.matches('lost')) return [{ type: 'login.back' }];
  return [
    { type: 'login.change', field: 'username', value: 'person@tendwell.test' },
    { type: 'login.change', field: 'password', value: 'tendwell-demo' },
    { type: 'login.submit' },
    { type: 'login.lostPassword' },
    CONFIRM,
    CLAIM,
    entered('login'),
  ];
}

/** The form starts plain, or on an e-mailed confirm or claim link (its first state decides by the input). */
export const model: ChartModel = {
  machine: loginMachine,
  events: loginEvents,
  inputs: () => [{}, { visit: CONFIRM }, { visit: CLAIM }],
};
