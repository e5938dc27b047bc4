/**
 * Vendor time off / schedule change (bookings §4): requested by the vendor, approved or rejected by the
 * organization, or deleted. The statuses are the contract's approval values (pending, approved, rejected)
 * plus `deleted` (docs/decisions.md).
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { timeOffRules, type TimeOffFacts, type TimeOffStatus } from '../../core/rules/time-off';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export interface TimeOffContext {
  readonly start: string | null;
  readonly end: string | null;
}

type Ev<T extends string, P = unknown> = { readonly type: T } & ActorEvent & P;

export type TimeOffEvent =
  | Ev<'timeOff.request', { readonly start: string; readonly end: string }>
  | Ev<'timeOff.approve'>
  | Ev<'timeOff.reject'>
  | Ev<'timeOff.delete'>;

export type TimeOffChartStatus = TimeOffStatus | 'new';

export const emptyTimeOff: TimeOffContext = { start: null, end: null };

const factsOf = ({ event }: GuardArgsOf<TimeOffContext, TimeOffEvent>): TimeOffFacts => ({
  role: event.actor?.role ?? 'none',
  now: event.now,
  start: 'start' in event ? event.start : undefined,
  end: 'end' in event ? event.end : undefined,
});

const guards = ruleGuards(
  {
    isVendor: timeOffRules.requester,
    mayDecide: timeOffRules.decider,
    mayDelete: timeOffRules.deleter,
    startsInFuture: timeOffRules.startsInFuture,
    endsAfterStart: timeOffRules.endsAfterStart,
  },
  factsOf,
);

const remove = { target: 'deleted', guard: 'mayDelete' } as const;

export const timeOffMachine = setup({
  types: {
    context: {} as TimeOffContext,
    events: {} as TimeOffEvent,
  },
  guards,
  actions: {
    recordRange: assign(({ event }) => {
      assertEvent(event, 'timeOff.request');
      return { start: event.start, end: event.end };
    }),
  },
}).createMachine({
  id: 'timeOff',
  description: 'Vendor time off (bookings §4). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyTimeOff,
  states: {
    new: {
      description: 'No record yet.',
      on: {
        'timeOff.request': { target: 'pending', guard: and(['isVendor', 'startsInFuture', 'endsAfterStart']), actions: 'recordRange' },
      },
    },
    pending: {
      description: 'Waiting for the organization.',
      on: {
        'timeOff.approve': { target: 'approved', guard: 'mayDecide' },
        'timeOff.reject': { target: 'rejected', guard: 'mayDecide' },
        'timeOff.delete': remove,
      },
    },
    approved: { on: { 'timeOff.delete': remove } },
    rejected: { on: { 'timeOff.delete': remove } },
    deleted: { type: 'final' },
  },
});

export const timeOffAt = (status: TimeOffChartStatus, facts: TimeOffContext) => lifecycleAt(timeOffMachine, status, facts);

export const decideTimeOff = (status: string, facts: TimeOffContext, event: TimeOffEvent) => decide(timeOffMachine, status, facts, event);
