/**
 * Payout lifecycle (issue 11 "Money"): money paid from a connected account to its bank, one per paid transfer.
 * Created `pending` by the scheduled job, `in_transit` once the provider accepted it (with its arrival date),
 * `paid` when the provider says it arrived, `failed` when the bank or the provider refused it. Super may cancel a
 * payout not yet sent. Status names are the contract's (Stripe's).
 */
import { setup } from 'xstate';
import { payoutRules, payoutScopes, type PayoutStatus } from '../../core/rules/payouts';
import type { ActorRole } from '../../core/rules/spec-rule';
import { decide, lifecycleAt, ruleGuards, scoped, type ActorEvent, type GuardArgsOf } from './lifecycle';

export type PayoutContext = Record<string, never>;

export type PayoutEvent = { readonly type: 'payout.create' | 'payout.sent' | 'payout.arrived' | 'payout.fail' | 'payout.cancel' } & ActorEvent;

export type PayoutChartStatus = PayoutStatus | 'new';

export const emptyPayout: PayoutContext = {};

const factsOf = ({ event }: GuardArgsOf<PayoutContext, PayoutEvent>): { role: ActorRole } => ({ role: event.actor?.role ?? 'none' });

export const payoutMachine = setup({
  types: { context: {} as PayoutContext, events: {} as PayoutEvent },
  guards: ruleGuards({ isScheduler: payoutRules.scheduler, isStaff: payoutRules.staff }, factsOf),
}).createMachine({
  id: 'payout',
  description: 'Payout lifecycle (connected account → bank, one per paid transfer). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyPayout,
  states: {
    new: {
      description: 'No record yet.',
      on: { 'payout.create': { target: 'pending', guard: 'isScheduler' } },
    },
    pending: {
      description: 'Claimed; being sent to the provider.',
      on: {
        'payout.sent': { target: 'in_transit', guard: 'isScheduler' },
        'payout.fail': { target: 'failed', guard: 'isScheduler' },
        'payout.cancel': { target: 'canceled', guard: 'isStaff', meta: scoped(payoutScopes.unsent) },
      },
    },
    in_transit: {
      description: 'On its way to the bank; the provider gave its arrival date.',
      on: {
        'payout.arrived': { target: 'paid', guard: 'isScheduler' },
        'payout.fail': { target: 'failed', guard: 'isScheduler' },
      },
    },
    paid: { type: 'final' },
    failed: { type: 'final' },
    canceled: { type: 'final' },
  },
});

export const payoutAt = (status: PayoutChartStatus) => lifecycleAt(payoutMachine, status, emptyPayout);

export const decidePayout = (status: string, event: PayoutEvent) => decide(payoutMachine, status, emptyPayout, event);
