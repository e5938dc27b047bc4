import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { approvalMachine } from '../../../src/machines/lifecycles/approval.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const approvalEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, [T], [
    { type: 'approval.request', approvalType: 'home_size', note: 'The lawn is larger than booked' },
    { type: 'approval.request', approvalType: 'home_size', note: '' },
    { type: 'approval.request', approvalType: 'start_time', note: 'Earlier please' },
    { type: 'approval.request', approvalType: 'colour', note: 'x' },
    { type: 'approval.approve' },
    { type: 'approval.decline' },
  ]);

export const model: ChartModel = { machine: approvalMachine, events: approvalEvents };
