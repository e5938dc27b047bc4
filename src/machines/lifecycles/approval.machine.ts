/**
 * Approval request (bookings §3, §4): type home_size or start_time, with a note; the customer approves or
 * declines. Who may ask for which type is the appointment's rule (home-size change; start-time approval).
 */
import { and, assertEvent, assign, setup } from 'xstate';
import type { ApprovalType } from '../../core/rules/appointments';
import { approvalRules, type ApprovalFacts, type ApprovalStatus } from '../../core/rules/approvals';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export interface ApprovalContext {
  readonly approvalType: ApprovalType | null;
}

type Ev<T extends string, P = unknown> = { readonly type: T } & ActorEvent & P;

export type ApprovalEvent =
  | Ev<'approval.request', { readonly approvalType: ApprovalType; readonly note: string }>
  | Ev<'approval.approve', { readonly note?: string }>
  | Ev<'approval.decline', { readonly note?: string }>;

export type ApprovalChartStatus = ApprovalStatus | 'new';

export const emptyApproval: ApprovalContext = { approvalType: null };

const factsOf = ({ context, event }: GuardArgsOf<ApprovalContext, ApprovalEvent>): ApprovalFacts => ({
  role: event.actor?.role ?? 'none',
  now: event.now,
  approvalType: event.type === 'approval.request' ? event.approvalType : context.approvalType,
  note: 'note' in event ? event.note : undefined,
});

const guards = ruleGuards(
  {
    typeKnown: approvalRules.typeKnown,
    noteGiven: approvalRules.noteGiven,
    mayAsk: approvalRules.requesterMayAsk,
    mayDecide: approvalRules.decider,
  },
  factsOf,
);

export const approvalMachine = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
  },
  guards,
  actions: {
    recordType: assign(({ event }) => {
      assertEvent(event, 'approval.request');
      return { approvalType: event.approvalType };
    }),
  },
}).createMachine({
  id: 'approval',
  description: 'Approval request (bookings §3, §4). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyApproval,
  states: {
    new: {
      description: 'No record yet.',
      on: {
        'approval.request': { target: 'pending', guard: and(['typeKnown', 'mayAsk', 'noteGiven']), actions: 'recordType' },
      },
    },
    pending: {
      on: {
        'approval.approve': { target: 'approved', guard: 'mayDecide' },
        'approval.decline': { target: 'declined', guard: 'mayDecide' },
      },
    },
    approved: { type: 'final' },
    declined: { type: 'final' },
  },
});

export const approvalAt = (status: ApprovalChartStatus, facts: ApprovalContext) => lifecycleAt(approvalMachine, status, facts);

export const decideApproval = (status: string, facts: ApprovalContext, event: ApprovalEvent) => decide(approvalMachine, status, facts, event);
