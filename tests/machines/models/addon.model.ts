import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { addOnMachine } from '../../../src/machines/lifecycles/addon.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const addOnEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, [T], [
    { type: 'addon.add', serviceId: 'svc_edging' },
    { type: 'addon.add', description: 'Extra bag of mulch', valueCents: 900 },
    { type: 'addon.add', description: 'Nothing', valueCents: 0 },
    { type: 'addon.update', serviceId: 'svc_edging' },
    { type: 'addon.update', description: '' },
    { type: 'addon.approve' },
    { type: 'addon.decline' },
    { type: 'addon.remove' },
  ]);

export const model: ChartModel = { machine: addOnMachine, events: addOnEvents };
