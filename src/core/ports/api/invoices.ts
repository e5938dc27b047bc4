import type { InvoiceId } from '../../model/ids';
import type { CreateInvoiceInput, Invoice, InvoiceListQuery, UpdateInvoiceInput } from '../../model/invoice';
import type { ApiCall } from '../errors';
import type { RequiresAction } from './payment-outcome';

/** A payment of an invoice: the paid invoice, or the authentication the card asks for first (then the same key again). */
export type InvoicePayOutcome = { readonly kind: 'paid'; readonly invoice: Invoice } | RequiresAction;

/** The invoices tag (bookings §7): create, list, update, delete, pay and decline by the customer. Each answers the invoice. */
export interface InvoicesApi {
  create(input: CreateInvoiceInput): ApiCall<Invoice>;
  list(query?: InvoiceListQuery): ApiCall<readonly Invoice[]>;
  update(id: InvoiceId, input: UpdateInvoiceInput): ApiCall<Invoice>;
  delete(id: InvoiceId): ApiCall<Invoice>;
  /** Money-moving: `idempotencyKey` (one per attempt, the same on every retry of it) makes a retry charge once. */
  pay(id: InvoiceId, idempotencyKey: string, input?: { readonly stripe_src_id?: string }): ApiCall<InvoicePayOutcome>;
  decline(id: InvoiceId, input?: { readonly reason?: string }): ApiCall<Invoice>;
}
