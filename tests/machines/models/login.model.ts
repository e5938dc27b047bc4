/** The login form chart's model for xstate/graph (see session.model.ts for the conventions). */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { loginMachine } from '../../../src/machines/flows/login.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { failures, loginResults } from './session.fixtures';
import { done, fail, initialSnapshot } from './session.model';

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
  return [
    { type: 'login.change', field: 'username', value: 'person@tendwell.test' },
    { type: 'login.change', field: 'password', value: 'tendwell-demo' },
    { type: 'login.submit' },
    { type: 'login.confirmAccount', token: 'confirm-1' },
    { type: 'login.claimAccount', token: 'claim-1' },
  ];
}

export const model: ChartModel = { machine: loginMachine, events: loginEvents, starts: () => [initialSnapshot(loginMachine, {})] };
