/**
 * Invoice lifecycle (bookings §4): create, update, delete, pay by customer, decline by customer — plus send: an
 * invoice is written as a draft (only its issuer sees it) and sent (open) to the customer, at once or later
 * (bookings §2: "save draft / send"). Status names are ours.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { invoiceRules, invoiceScopes as scope, type InvoiceFacts, type InvoiceStatus } from '../../core/rules/invoices';
import { decide, lifecycleAt, ruleGuards, scoped, type ActorEvent, type GuardArgsOf } from './lifecycle';

export interface InvoiceContext {
  readonly amountCents: number | null;
}

type Ev<T extends string, P = unknown> = { readonly type: T } & ActorEvent & P;

export type InvoiceEvent =
  | Ev<'invoice.create', { readonly amountCents: number }>
  | Ev<'invoice.update', { readonly amountCents: number }>
  | Ev<'invoice.send'>
  | Ev<'invoice.delete'>
  | Ev<'invoice.pay', { readonly hasCard: boolean }>
  | Ev<'invoice.decline'>;

export type InvoiceChartStatus = InvoiceStatus | 'new';

export const emptyInvoice: InvoiceContext = { amountCents: null };

const factsOf = ({ event }: GuardArgsOf<InvoiceContext, InvoiceEvent>): InvoiceFacts => ({
  role: event.actor?.role ?? 'none',
  now: event.now,
  amountCents: 'amountCents' in event ? event.amountCents : undefined,
  hasCard: 'hasCard' in event ? event.hasCard : undefined,
});

const guards = ruleGuards(
  {
    isIssuer: invoiceRules.issuer,
    isPayer: invoiceRules.payer,
    amountValid: invoiceRules.amountValid,
    cardOnFile: invoiceRules.cardOnFile,
  },
  factsOf,
);

const remove = { target: 'deleted', guard: 'isIssuer', meta: scoped(scope.unpaid) } as const;

export const invoiceMachine = setup({
  types: {
    context: {} as InvoiceContext,
    events: {} as InvoiceEvent,
  },
  guards,
  actions: {
    recordAmount: assign(({ event }) => {
      assertEvent(event, ['invoice.create', 'invoice.update']);
      return { amountCents: event.amountCents };
    }),
  },
}).createMachine({
  id: 'invoice',
  description: 'Invoice lifecycle (bookings §4). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyInvoice,
  states: {
    new: {
      description: 'No record yet.',
      on: {
        'invoice.create': { target: 'draft', guard: and(['isIssuer', 'amountValid']), actions: 'recordAmount' },
      },
    },
    draft: {
      description: 'Being written: only the issuer sees it.',
      on: {
        'invoice.update': { target: 'draft', guard: and(['isIssuer', 'amountValid']), actions: 'recordAmount', meta: scoped(scope.unpaid) },
        'invoice.send': { target: 'open', guard: 'isIssuer' },
        'invoice.delete': remove,
      },
    },
    open: {
      description: 'Sent to the customer, waiting for payment.',
      on: {
        'invoice.update': { target: 'open', guard: and(['isIssuer', 'amountValid']), actions: 'recordAmount', meta: scoped(scope.unpaid) },
        'invoice.delete': remove,
        'invoice.pay': { target: 'paid', guard: and(['isPayer', 'cardOnFile']) },
        'invoice.decline': { target: 'declined', guard: 'isPayer' },
      },
    },
    declined: {
      on: {
        'invoice.update': {
          target: 'open',
          guard: and(['isIssuer', 'amountValid']),
          actions: 'recordAmount',
          description: 'Updating a declined invoice issues it again.',
          meta: scoped(scope.unpaid),
        },
        'invoice.delete': remove,
      },
    },
    paid: { type: 'final' },
    deleted: { type: 'final' },
  },
});

export const invoiceAt = (status: InvoiceChartStatus, facts: InvoiceContext) => lifecycleAt(invoiceMachine, status, facts);

export const decideInvoice = (status: string, facts: InvoiceContext, event: InvoiceEvent) => decide(invoiceMachine, status, facts, event);
