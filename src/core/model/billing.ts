import * as Schema from 'effect/Schema';
import { Cents, Currency, IsoDateTime } from './common';

/** Billing source (bookings §3): a saved card at the payment provider. */
export const BillingSource = Schema.Struct({
  stripe_src_id: Schema.String,
  /** Visa, Mastercard, AmericanExpress… */
  brand: Schema.String,
  last4: Schema.String,
  exp_month: Schema.optional(Schema.Int),
  exp_year: Schema.optional(Schema.Int),
  is_default: Schema.optional(Schema.Boolean),
});
export type BillingSource = typeof BillingSource.Type;

/** The customer's cards and which one is the default (the reply of every billing call). */
export const BillingSourceList = Schema.Struct({
  items: Schema.Array(BillingSource),
  default_source_id: Schema.optional(Schema.NullOr(Schema.String)),
});
export type BillingSourceList = typeof BillingSourceList.Type;

export const PaymentStatuses = ['succeeded', 'pending', 'failed', 'refunded'] as const;
export const PaymentStatus = Schema.Literals(PaymentStatuses);
export type PaymentStatus = (typeof PaymentStatuses)[number];

/** One payment of the customer's billing history. */
export const BillingHistoryEntry = Schema.Struct({
  _id: Schema.String,
  amount: Cents,
  currency: Schema.optional(Currency),
  status: PaymentStatus,
  description: Schema.optional(Schema.String),
  invoice_id: Schema.optional(Schema.NullOr(Schema.String)),
  paymentIntentId: Schema.optional(Schema.NullOr(Schema.String)),
  card: Schema.optional(Schema.Struct({ brand: Schema.optional(Schema.String), last4: Schema.optional(Schema.String) })),
  created: IsoDateTime,
});
export type BillingHistoryEntry = typeof BillingHistoryEntry.Type;

/**
 * Attach a card (bookings §3: stripe_src, existingStripeSrc): a token from Stripe.js or the sandbox form,
 * and the id of the card it replaces, if any.
 */
export interface BillingUpdateInput {
  readonly stripe_src: string;
  readonly existingStripeSrc?: string;
  /** Default true (the contract's default). */
  readonly make_default?: boolean;
}
