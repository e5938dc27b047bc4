import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BillingHistoryEntry } from '../../core/model/billing';
import type { AccountId } from '../../core/model/ids';
import type { Invoice, SubscriptionInvoices } from '../../core/model/invoice';
import type { Subscription } from '../../core/model/subscription';
import type { UpcomingCharge } from '../../core/rules/billing';
import { specRule } from '../../core/rules/spec-rule';
import { errorOf, failureOf, notProvided, withRule, type FlowMessage } from '../flows/auth-flow-support';

/**
 * What the read-only billing screens show (issue 8): the subscriptions list, the invoices of each subscription,
 * the next charge, one receipt. Created by the screen with what it reads (`request`).
 *
 * - `loading` (tag `loading`) reads; a failure is `failed` (tag `error`, with the server's `{message, code}`: a
 *   call the server does not implement yet says so) until `read.retry`.
 * - `ready` (tag `ready`) or, for a list with nothing in it, `empty` (tag `empty`). `read.retry` reads again.
 */

export type ReadRequest =
  | { readonly kind: 'subscriptions'; readonly customerId: AccountId }
  | { readonly kind: 'invoices'; readonly customerId: AccountId }
  | { readonly kind: 'upcoming'; readonly customerId: AccountId }
  | { readonly kind: 'receipt'; readonly customerId: AccountId; readonly id: string };

/** One subscription's invoices, or why they could not be read. */
export interface SubscriptionInvoiceRow {
  readonly subscription: Subscription;
  readonly invoices: SubscriptionInvoices | null;
  readonly error: FlowMessage | null;
}

/** One subscription's next charge: the server's upcoming invoice when it has one, else computed with the pricing rules. */
export interface UpcomingRow {
  readonly subscription: Subscription;
  readonly charge: UpcomingCharge | null;
  readonly invoice: Invoice | null;
}

/** A receipt: the invoice, or — for a charge without one — the charge of the history. */
export type Receipt = { readonly kind: 'invoice'; readonly invoice: Invoice } | { readonly kind: 'charge'; readonly charge: BillingHistoryEntry };

export type ReadResult =
  | { readonly kind: 'subscriptions'; readonly items: readonly Subscription[] }
  | { readonly kind: 'invoices'; readonly items: readonly SubscriptionInvoiceRow[] }
  | { readonly kind: 'upcoming'; readonly items: readonly UpcomingRow[] }
  | { readonly kind: 'receipt'; readonly receipt: Receipt };

export interface ReadContext {
  readonly request: ReadRequest;
  readonly result: ReadResult | null;
  readonly error: FlowMessage | null;
}

export type ReadEvent = { readonly type: 'read.retry' };

export const readRules = {
  empty: specRule<{ readonly result: ReadResult }>({
    id: 'billingRead.empty',
    spec: 'A list with nothing in it shows its empty state (no subscriptions, no invoices, no upcoming charge).',
    source: 'issue 8',
    test: ({ result }) => result.kind !== 'receipt' && result.items.length === 0,
  }),
} as const;

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;

export const billingReadMachine = setup({
  types: {
    context: {} as ReadContext,
    events: {} as ReadEvent,
    input: {} as { readonly request: ReadRequest },
  },
  actors: {
    /** The screen's read: GET subscriptions, customer/{id}/invoice/list/{subscriptionId}, invoice/{id}, billing history. */
    read: fromPromise<ReadResult, ReadRequest>(notProvided('read')),
  },
  guards: {
    isEmpty: withRule(readRules.empty, (_: unknown, result: ReadResult) => readRules.empty.test({ result })),
  },
  actions: {
    takeResult: assign((_, result: ReadResult) => ({ result, error: null })),
    readFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
  },
}).createMachine({
  id: 'billingRead',
  description: 'A read-only billing screen: subscriptions, invoices per subscription, the next charge, one receipt.',
  context: ({ input }) => ({ request: input.request, result: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'read',
        src: 'read',
        input: ({ context }) => context.request,
        onDone: [
          { guard: { type: 'isEmpty', params: outputOf }, target: 'empty', actions: { type: 'takeResult', params: outputOf } },
          { target: 'ready', actions: { type: 'takeResult', params: outputOf } },
        ],
        onError: { target: 'failed', actions: { type: 'readFailed', params: errorOf } },
      },
    },
    ready: { tags: ['ready'], on: { 'read.retry': 'loading' } },
    empty: { tags: ['empty'], on: { 'read.retry': 'loading' } },
    failed: { tags: ['error'], on: { 'read.retry': 'loading' } },
  },
});

export type ReadActor = ActorRefFrom<typeof billingReadMachine>;
export type ReadSnapshot = SnapshotFrom<typeof billingReadMachine>;

export const selectReadMode = (s: ReadSnapshot): 'loading' | 'error' | 'empty' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('empty') ? 'empty' : 'ready';
export const selectReadResult = (s: ReadSnapshot): ReadResult | null => s.context.result;
export const selectReadError = (s: ReadSnapshot): FlowMessage | null => s.context.error;
