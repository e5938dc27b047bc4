/**
 * The invoice screens' chart (src/machines/features/invoices.machine.ts): a load answers or fails (retry); on the
 * write screen a save ends the chart (saved); on the view screen send, delete, pay and decline each run once and
 * come back answered or refused; a payment may first ask for the card's authentication, confirmed or failed.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AccountId, InvoiceId } from '../../../src/core/model/ids';
import type { Invoice } from '../../../src/core/model/invoice';
import { invoicesMachine, type InvoicesLoad } from '../../../src/machines/features/invoices.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { BILLING_CUSTOMER, visa } from './billing.fixtures';
import { done, failed, initialSnapshot } from './flow-support';

const INVOICE_ID = 'd0000000000000000000000a' as InvoiceId;
/** The chart reads only the invoice's id; the screens read the rest. */
const invoice = { _id: INVOICE_ID } as Invoice;
const load: InvoicesLoad = { invoices: [invoice], invoice, customers: [], cards: [visa] };
const requiresAction = { kind: 'requires_action', clientSecret: 'pi_sandbox_1_secret_2', message: 'Your bank asks you to confirm this payment.' } as const;
const input = { customer_id: BILLING_CUSTOMER as AccountId, items: [{ description: 'Spring cleanup', amount: 12000 }], due_date: '2026-12-15', send: false };

export function events(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('0.invoices.loading', load), failed('0.invoices.loading')];
  if (s.matches('failed')) return [{ type: 'invoices.retry' }];
  if (s.matches('working')) return [done('0.invoices.working', invoice), failed('0.invoices.working')];
  // A payment: paid, refused, or the card asks for authentication (3-D Secure), which the browser confirms or not.
  if (s.matches('paying'))
    return s.context.clientSecret === null
      ? [done('0.invoices.paying', { kind: 'paid', invoice }), done('0.invoices.paying', requiresAction), failed('0.invoices.paying')]
      : [done('0.invoices.paying', { kind: 'paid', invoice })];
  if (s.matches('authenticating')) return [done('0.invoices.authenticating', undefined), failed('0.invoices.authenticating')];
  // After one command was answered or refused the exploration stops: a new payment attempt makes a new random key,
  // so going on would never revisit a state.
  if (s.matches('saved') || s.context.notice !== null || s.context.error !== null) return [];
  return [
    { type: 'invoices.save', input },
    { type: 'invoices.send' },
    { type: 'invoices.delete' },
    { type: 'invoices.pay', cardId: visa.stripe_src_id },
    { type: 'invoices.decline', reason: 'Not ordered' },
  ];
}

export const model: ChartModel = {
  machine: invoicesMachine,
  events,
  starts: () => [
    initialSnapshot(invoicesMachine, { screen: { kind: 'write', id: null } }),
    initialSnapshot(invoicesMachine, { screen: { kind: 'view', id: INVOICE_ID, customerId: BILLING_CUSTOMER } }),
  ],
};
