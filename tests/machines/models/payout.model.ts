import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { payoutMachine } from '../../../src/machines/lifecycles/payout.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const payoutEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, [T], [{ type: 'payout.create' }, { type: 'payout.sent' }, { type: 'payout.arrived' }, { type: 'payout.fail' }, { type: 'payout.cancel' }]);

export const model: ChartModel = { machine: payoutMachine, events: payoutEvents };
