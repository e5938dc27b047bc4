import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { transferMachine } from '../../../src/machines/lifecycles/transfer.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const transferEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, [T], [{ type: 'transfer.create' }, { type: 'transfer.sent' }, { type: 'transfer.fail' }, { type: 'transfer.reverse' }]);

export const model: ChartModel = { machine: transferMachine, events: transferEvents };
