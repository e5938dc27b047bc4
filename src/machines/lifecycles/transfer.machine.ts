/**
 * Transfer lifecycle (issue 11 "Money"): money moved from the platform to an organization's or vendor's connected
 * account, once per period. Created `pending` by the scheduled job (its claim of the period), then `paid` when the
 * provider accepted it or `failed` when it refused; super may reverse a paid one. Status names are the contract's.
 */
import { setup } from 'xstate';
import { payoutRules, type TransferStatus } from '../../core/rules/payouts';
import type { ActorRole } from '../../core/rules/spec-rule';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export type TransferContext = Record<string, never>;

export type TransferEvent = { readonly type: 'transfer.create' | 'transfer.sent' | 'transfer.fail' | 'transfer.reverse' } & ActorEvent;

export type TransferChartStatus = TransferStatus | 'new';

export const emptyTransfer: TransferContext = {};

const factsOf = ({ event }: GuardArgsOf<TransferContext, TransferEvent>): { role: ActorRole } => ({ role: event.actor?.role ?? 'none' });

export const transferMachine = setup({
  types: { context: {} as TransferContext, events: {} as TransferEvent },
  guards: ruleGuards({ isScheduler: payoutRules.scheduler, isStaff: payoutRules.staff }, factsOf),
}).createMachine({
  id: 'transfer',
  description: 'Transfer lifecycle (platform → connected account, once per period). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyTransfer,
  states: {
    new: {
      description: 'No record yet.',
      on: { 'transfer.create': { target: 'pending', guard: 'isScheduler', description: "The job claims the period: one transfer per earner and period." } },
    },
    pending: {
      description: 'Claimed; being sent to the provider (the same idempotency key on every attempt).',
      on: {
        'transfer.sent': { target: 'paid', guard: 'isScheduler' },
        'transfer.fail': { target: 'failed', guard: 'isScheduler' },
      },
    },
    paid: {
      description: 'The provider moved the money to the connected account.',
      on: { 'transfer.reverse': { target: 'reversed', guard: 'isStaff' } },
    },
    failed: { type: 'final', description: 'The provider refused it; its earnings are not paid by this transfer.' },
    reversed: { type: 'final' },
  },
});

export const transferAt = (status: TransferChartStatus) => lifecycleAt(transferMachine, status, emptyTransfer);

export const decideTransfer = (status: string, event: TransferEvent) => decide(transferMachine, status, emptyTransfer, event);
