import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BillingSource } from '../../core/model/billing';
import type { AccountId, InvoiceId } from '../../core/model/ids';
import type { CreateInvoiceInput, Invoice, UpdateInvoiceInput } from '../../core/model/invoice';
import type { PersonData } from '../../core/model/person';
import type { InvoicePayOutcome } from '../../core/ports/api/invoices';
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
 * - `invoices.pay` runs in `paying` (tag `busy`) with the attempt's key. A card that asks for authentication (3-D
 *   Secure) goes to `authenticating` (tags `busy`, `authenticating`): the payments port confirms the client secret
 *   in the browser, then `paying` sends the same attempt again (same key: the server confirms that payment, never
 *   a second one). A failed authentication ends the attempt with its message; the next pay is a new attempt.
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

export interface PayCommand {
  readonly kind: 'pay';
  readonly id: InvoiceId;
  readonly idempotencyKey: string;
  readonly cardId: string | null;
}

export type InvoiceCommand =
  | { readonly kind: 'create'; readonly input: CreateInvoiceInput }
  | { readonly kind: 'update'; readonly id: InvoiceId; readonly input: UpdateInvoiceInput }
  | { readonly kind: 'delete'; readonly id: InvoiceId }
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
  /** The payment `paying` sends (again after an authentication). */
  readonly payment: PayCommand | null;
  /** The client secret the card's authentication needs (`authenticating`). */
  readonly clientSecret: string | null;
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

const noticeOf = (command: InvoiceCommand): InvoiceNotice => (command.kind === 'decline' ? 'declined' : command.kind === 'delete' ? 'deleted' : 'sent');

export const invoicesMachine = setup({
  types: {
    context: {} as InvoicesContext,
    events: {} as InvoicesEvent,
    input: {} as { readonly screen: InvoicesScreen },
  },
  actors: {
    /** GET invoices / invoice/{id}, the customers to pick from, the customer's cards. */
    load: fromPromise<InvoicesLoad, InvoicesScreen>(notProvided('load')),
    /** POST invoice/new, PUT update/invoice/{id}, invoice/delete/{id}, customer/decline/invoice/{id}. */
    run: fromPromise<Invoice, InvoiceCommand>(notProvided('run')),
    /** PUT customer/pay/invoice/{id} with the attempt's Idempotency-Key: the paid invoice, or the authentication asked. */
    pay: fromPromise<InvoicePayOutcome, PayCommand>(notProvided('pay')),
    /** The payments port confirms the card's authentication with the client secret (3-D Secure). */
    confirmAction: fromPromise<void, { readonly clientSecret: string }>(notProvided('confirmAction')),
  },
  guards: {
    isWrite: ({ context }) => context.screen.kind === 'write',
    needsAuthentication: (_, outcome: InvoicePayOutcome) => outcome.kind === 'requires_action',
  },
  actions: {
    takeLoad: assign((_, load: InvoicesLoad) => ({ load, error: null })),
    failed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    takeInvoice: assign(({ context }, invoice: Invoice) => ({
      load: context.load ? { ...context.load, invoice } : { invoices: [], invoice, customers: [], cards: [] },
      error: null,
    })),
    startPayment: assign(({ context }) => ({ payKey: context.payKey ?? newKey(), notice: null })),
    paymentDone: assign({ payKey: null, clientSecret: null }),
    keepSecret: assign((_, outcome: InvoicePayOutcome) => (outcome.kind === 'requires_action' ? { clientSecret: outcome.clientSecret } : {})),
    takePaid: assign(({ context }, outcome: InvoicePayOutcome) =>
      outcome.kind === 'paid'
        ? { load: context.load ? { ...context.load, invoice: outcome.invoice } : { invoices: [], invoice: outcome.invoice, customers: [], cards: [] }, error: null, notice: 'paid' as const }
        : {},
    ),
  },
}).createMachine({
  id: 'invoices',
  description: 'The invoice screens: list, write (create, edit), view (send, delete, pay, decline).',
  context: ({ input }) => ({ screen: input.screen, load: null, error: null, notice: null, payKey: null, pending: null, payment: null, clientSecret: null }),
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
          target: 'paying',
          actions: [
            'startPayment',
            assign(({ context, event }) => ({ payment: { kind: 'pay', id: context.load!.invoice!._id, idempotencyKey: context.payKey!, cardId: event.cardId } as const })),
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
          { target: 'ready', actions: [{ type: 'takeInvoice', params: outputOf }, assign(({ context }) => ({ notice: noticeOf(context.pending!) }))] },
        ],
        onError: { target: 'ready', actions: { type: 'failed', params: errorOf } },
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        src: 'pay',
        input: ({ context }) => context.payment!,
        onDone: [
          { guard: { type: 'needsAuthentication', params: outputOf }, target: 'authenticating', actions: { type: 'keepSecret', params: outputOf } },
          { target: 'ready', actions: [{ type: 'takePaid', params: outputOf }, 'paymentDone'] },
        ],
        // The key is kept: paying again retries the same attempt (a lost answer charges once).
        onError: { target: 'ready', actions: { type: 'failed', params: errorOf } },
      },
    },
    authenticating: {
      tags: ['busy', 'authenticating'],
      invoke: {
        src: 'confirmAction',
        input: ({ context }) => ({ clientSecret: context.clientSecret ?? '' }),
        onDone: 'paying',
        onError: { target: 'ready', actions: [{ type: 'failed', params: errorOf }, 'paymentDone'] },
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
