import * as Schema from 'effect/Schema';
import { AccountId, InvoiceId, SubscriptionId } from './ids';
import { Cents, Currency, Day, IsoDateTime } from './common';
import { PersonData } from './person';

/**
 * Invoice statuses as the contract sends them: draft (being written) → open (sent) → paid | declined;
 * deleted from draft or open. The invoice chart (rules/invoices.ts) starts at open.
 */
export const InvoiceStatuses = ['draft', 'open', 'paid', 'declined', 'deleted'] as const;
export const InvoiceStatus = Schema.Literals(InvoiceStatuses);
export type InvoiceStatus = (typeof InvoiceStatuses)[number];

/** billing comes from a subscription; manual is written by staff or an organization. */
export const InvoiceKinds = ['billing', 'manual'] as const;
export const InvoiceKind = Schema.Literals(InvoiceKinds);
export type InvoiceKind = (typeof InvoiceKinds)[number];

export const InvoiceLine = Schema.Struct({
  description: Schema.String,
  quantity: Schema.Int,
  unit_amount: Cents,
  amount: Cents,
});
export type InvoiceLine = typeof InvoiceLine.Type;

/** Invoice (bookings §3: invoice_id), with the contract's fields. Money in cents. */
export const Invoice = Schema.Struct({
  _id: InvoiceId,
  /** The human number, e.g. TW-000123. */
  invoice_id: Schema.String,
  kind: Schema.optional(InvoiceKind),
  status: InvoiceStatus,
  customer_id: AccountId,
  customer_data: Schema.optional(PersonData),
  organization_id: Schema.optional(Schema.NullOr(AccountId)),
  organization_data: Schema.optional(PersonData),
  subscription_id: Schema.optional(Schema.NullOr(SubscriptionId)),
  lines: Schema.Array(InvoiceLine),
  subtotal: Schema.optional(Cents),
  tax: Schema.optional(Cents),
  /** A manual invoice's tax rate in basis points (825 = 8.25 %). */
  tax_rate_bps: Schema.optional(Schema.Int),
  discount: Schema.optional(Cents),
  total: Cents,
  amount_paid: Schema.optional(Cents),
  amount_due: Schema.optional(Cents),
  currency: Currency,
  note: Schema.optional(Schema.NullOr(Schema.String)),
  decline_reason: Schema.optional(Schema.NullOr(Schema.String)),
  due_date: Schema.optional(Schema.NullOr(Day)),
  period_start: Schema.optional(Schema.NullOr(IsoDateTime)),
  period_end: Schema.optional(Schema.NullOr(IsoDateTime)),
  paymentIntentId: Schema.optional(Schema.NullOr(Schema.String)),
  paid_at: Schema.optional(Schema.NullOr(IsoDateTime)),
  created: Schema.optional(IsoDateTime),
});
export type Invoice = typeof Invoice.Type;

/** A subscription's invoices: the upcoming one (not yet final) and the past ones, newest first. */
export const SubscriptionInvoices = Schema.Struct({ upcoming: Schema.NullOr(Invoice), items: Schema.Array(Invoice) });
export type SubscriptionInvoices = typeof SubscriptionInvoices.Type;

export interface InvoiceLineInput {
  readonly description: string;
  readonly quantity: number;
  /** Cents. */
  readonly unit_amount: number;
}

export interface CreateInvoiceInput {
  readonly customer_id: AccountId;
  readonly organization_id?: AccountId;
  readonly lines: InvoiceLineInput[];
  /** Basis points (825 = 8.25 %). */
  readonly tax_rate_bps?: number;
  readonly due_date?: string;
  readonly note?: string;
  /** true opens (sends) it at once; false keeps a draft. */
  readonly send?: boolean;
}

export interface UpdateInvoiceInput {
  readonly lines?: InvoiceLineInput[];
  readonly tax_rate_bps?: number;
  readonly due_date?: string;
  readonly note?: string;
  readonly send?: boolean;
}

export interface InvoiceListQuery {
  readonly status?: InvoiceStatus;
  readonly customer_id?: AccountId;
  readonly organization_id?: AccountId;
  readonly kind?: InvoiceKind;
  readonly page?: number;
  readonly pageSize?: number;
}
