import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { timeOffMachine } from '../../../src/machines/lifecycles/time-off.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, days, shift, withActors } from './support';

export const timeOffEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, [T], [
    { type: 'timeOff.request', start: shift(T, days(9)), end: shift(T, days(11)) },
    { type: 'timeOff.request', start: shift(T, days(11)), end: shift(T, days(9)) },
    { type: 'timeOff.request', start: shift(T, -days(1)), end: shift(T, days(1)) },
    { type: 'timeOff.approve' },
    { type: 'timeOff.reject' },
    { type: 'timeOff.delete' },
  ]);

export const model: ChartModel = { machine: timeOffMachine, events: timeOffEvents };
