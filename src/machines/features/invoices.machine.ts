import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BillingSource } from '../../core/model/billing';
import type { AccountId, InvoiceId } from '../../core/model/ids';
import type { CreateInvoiceInput, Invoice, UpdateInvoiceInput } from '../../core/model/invoice';
import type { PersonData } from '../../core/model/person';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The invoice screens (issue 11): an organization's or super's list, the write form (create and edit), one invoice
 * to view — the issuer sends or deletes it, the customer pays it with a saved card or declines it. Each status
 * change is a call the server runs through the invoice lifecycle chart (src/machines/lifecycles/invoice.machine.ts);
 * this chart only runs the screen: load, then one command at a time.
 *
 * - `loading` (tag `loading`) reads what the screen shows; a failure is `failed` (tag `error`) until `invoices.retry`.
 * - `ready` (tag `ready`) takes `invoices.save`, `invoices.send`, `invoices.delete`, `invoices.pay`, `invoices.decline`;
 *   each runs in `working` (tag `busy`) and comes back to `ready` with the invoice as the server answers it and a
 *   notice, or with the server's `{message, code}` as `error`.
 * - A saved form ends in `saved` (tag `saved`, the invoice in context): the screen opens the invoice.
 */

export type InvoicesScreen =
  | { readonly kind: 'list'; readonly role: 'issuer' | 'customer' }
  | { readonly kind: 'view'; readonly id: InvoiceId; readonly customerId: AccountId | null }
  | { readonly kind: 'write'; readonly id: InvoiceId | null };

export interface InvoicesLoad {
  readonly invoices: readonly Invoice[];
  readonly invoice: Invoice | null;
  /** Customers the issuer may pick (write form). */
  readonly customers: readonly PersonData[];
  /** The customer's saved cards (view, customer). */
  readonly cards: readonly BillingSource[];
}

export type InvoiceCommand =
  | { readonly kind: 'create'; readonly input: CreateInvoiceInput }
  | { readonly kind: 'update'; readonly id: InvoiceId; readonly input: UpdateInvoiceInput }
  | { readonly kind: 'delete'; readonly id: InvoiceId }
  | { readonly kind: 'pay'; readonly id: InvoiceId; readonly idempotencyKey: string; readonly cardId: string | null }
  | { readonly kind: 'decline'; readonly id: InvoiceId; readonly reason: string };

export type InvoiceNotice = 'sent' | 'deleted' | 'paid' | 'declined' | null;

export interface InvoicesContext {
  readonly screen: InvoicesScreen;
  readonly load: InvoicesLoad | null;
  readonly error: FlowMessage | null;
  readonly notice: InvoiceNotice;
  /** The key of the payment attempt: made once per attempt, sent again on a retry of it. */
  readonly payKey: string | null;
  /** The command `working` runs. */
  readonly pending: InvoiceCommand | null;
}

export type InvoicesEvent =
  | { readonly type: 'invoices.retry' }
  | { readonly type: 'invoices.save'; readonly input: CreateInvoiceInput | UpdateInvoiceInput }
  | { readonly type: 'invoices.send' }
  | { readonly type: 'invoices.delete' }
  | { readonly type: 'invoices.pay'; readonly cardId: string | null }
  | { readonly type: 'invoices.decline'; readonly reason: string };

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;
const newKey = (): string => globalThis.crypto.randomUUID();

const noticeOf = (command: InvoiceCommand): InvoiceNotice =>
  command.kind === 'pay' ? 'paid' : command.kind === 'decline' ? 'declined' : command.kind === 'delete' ? 'deleted' : 'sent';

export const invoicesMachine = setup({
  types: {
    context: {} as InvoicesContext,
    events: {} as InvoicesEvent,
    input: {} as { readonly screen: InvoicesScreen },
  },
  actors: {
    /** GET invoices / invoice/{id}, the customers to pick from, the customer's cards. */
    load: fromPromise<InvoicesLoad, InvoicesScreen>(notProvided('load')),
    /** POST invoice/new, PUT update/invoice/{id}, invoice/delete/{id}, customer/pay/invoice/{id}, customer/decline/invoice/{id}. */
    run: fromPromise<Invoice, InvoiceCommand>(notProvided('run')),
  },
  guards: {
    isWrite: ({ context }) => context.screen.kind === 'write',
  },
  actions: {
    takeLoad: assign((_, load: InvoicesLoad) => ({ load, error: null })),
    failed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    takeInvoice: assign(({ context }, invoice: Invoice) => ({
      load: context.load ? { ...context.load, invoice } : { invoices: [], invoice, customers: [], cards: [] },
      error: null,
    })),
    startPayment: assign(({ context }) => ({ payKey: context.payKey ?? newKey(), notice: null })),
    paymentDone: assign({ payKey: null }),
  },
}).createMachine({
  id: 'invoices',
  description: 'The invoice screens: list, write (create, edit), view (send, delete, pay, decline).',
  context: ({ input }) => ({ screen: input.screen, load: null, error: null, notice: null, payKey: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => context.screen,
        onDone: { target: 'ready', actions: { type: 'takeLoad', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'failed', params: errorOf } },
      },
    },
    failed: { tags: ['error'], on: { 'invoices.retry': 'loading' } },
    ready: {
      tags: ['ready'],
      on: {
        'invoices.save': {
          target: 'working',
          actions: assign(({ context, event }) => ({
            notice: null,
            pending:
              context.screen.kind === 'write' && context.screen.id
                ? ({ kind: 'update', id: context.screen.id, input: event.input as UpdateInvoiceInput } as const)
                : ({ kind: 'create', input: event.input as CreateInvoiceInput } as const),
          })),
        },
        'invoices.send': { target: 'working', actions: assign(({ context }) => ({ notice: null, pending: { kind: 'update', id: context.load!.invoice!._id, input: { send: true } } as const })) },
        'invoices.delete': { target: 'working', actions: assign(({ context }) => ({ notice: null, pending: { kind: 'delete', id: context.load!.invoice!._id } as const })) },
        'invoices.pay': {
          target: 'working',
          actions: [
            'startPayment',
            assign(({ context, event }) => ({ pending: { kind: 'pay', id: context.load!.invoice!._id, idempotencyKey: context.payKey!, cardId: event.cardId } as const })),
          ],
        },
        'invoices.decline': {
          target: 'working',
          actions: assign(({ context, event }) => ({ notice: null, pending: { kind: 'decline', id: context.load!.invoice!._id, reason: event.reason } as const })),
        },
      },
    },
    working: {
      tags: ['busy'],
      invoke: {
        src: 'run',
        input: ({ context }) => context.pending!,
        onDone: [
          { guard: 'isWrite', target: 'saved', actions: { type: 'takeInvoice', params: outputOf } },
          {
            target: 'ready',
            actions: [
              { type: 'takeInvoice', params: outputOf },
              'paymentDone',
              assign(({ context }) => ({ notice: noticeOf(context.pending!) })),
            ],
          },
        ],
        onError: { target: 'ready', actions: { type: 'failed', params: errorOf } },
      },
    },
    saved: { tags: ['saved'], type: 'final' },
  },
});

export type InvoicesActor = ActorRefFrom<typeof invoicesMachine>;
export type InvoicesSnapshot = SnapshotFrom<typeof invoicesMachine>;

export const selectInvoicesMode = (s: InvoicesSnapshot): 'loading' | 'error' | 'ready' | 'busy' | 'saved' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('busy') ? 'busy' : s.hasTag('saved') ? 'saved' : 'ready';
export const selectInvoicesLoad = (s: InvoicesSnapshot): InvoicesLoad | null => s.context.load;
export const selectInvoicesError = (s: InvoicesSnapshot): FlowMessage | null => s.context.error;
export const selectInvoiceNotice = (s: InvoicesSnapshot): InvoiceNotice => s.context.notice;
