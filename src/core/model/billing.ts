import * as Schema from 'effect/Schema';
import { Cents, Currency, IsoDateTime } from './common';

/** The card brands the spec shows (bookings §2: Visa, Mastercard, AmericanExpress); any other is 'Other'. */
export const CardBrands = ['Visa', 'Mastercard', 'AmericanExpress', 'Other'] as const;
export const CardBrand = Schema.Literals(CardBrands);
export type CardBrand = (typeof CardBrands)[number];

/** Billing source (bookings §3): a saved card at the payment provider. */
export const BillingSource = Schema.Struct({
  stripe_src_id: Schema.String,
  brand: CardBrand,
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


/** What the card form produces: a payment method at the provider, with what may be shown of it. */
export const CardPaymentMethod = Schema.Struct({
  id: Schema.String,
  brand: CardBrand,
  last4: Schema.String,
  exp_month: Schema.Int,
  exp_year: Schema.Int,
});
export type CardPaymentMethod = typeof CardPaymentMethod.Type;

/** What the sandbox card form sends: a typed test card number, its expiry and security code. */
export interface CardDetailsInput {
  readonly number: string;
  readonly exp_month: number;
  readonly exp_year: number;
  readonly cvc: string;
}

/** Where a payment stands after a charge or a confirmation (Stripe's PaymentIntent outcomes). */
export const ChargeOutcomes = ['succeeded', 'requires_action', 'declined'] as const;
export const ChargeOutcome = Schema.Literals(ChargeOutcomes);
export type ChargeOutcome = (typeof ChargeOutcomes)[number];
