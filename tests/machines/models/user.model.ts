import type { AnyEventObject } from 'xstate';
import { ConfirmationMethods } from '../../../src/core/model/registration';
import { userMachine } from '../../../src/machines/lifecycles/user.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const userEvents = (): AnyEventObject[] => [
  ...withActors(
    ['customer', 'organization', 'vendor'],
    [T],
    ConfirmationMethods.flatMap((method) => [true, false].map((verifiedEmail) => ({ type: 'user.register', method, verifiedEmail }))),
  ),
  ...withActors(['super', 'customer'], [T], [{ type: 'user.invite' }, { type: 'user.deactivate' }, { type: 'user.activate' }]),
  ...withActors(['none'], [T], [{ type: 'user.confirm' }, { type: 'user.claim' }]),
];

export const model: ChartModel = { machine: userMachine, events: userEvents };
