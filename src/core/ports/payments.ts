import * as Schema from 'effect/Schema';
import type { Effect } from 'effect';
import type { CardDetailsInput, CardPaymentMethod } from '../model/billing';
import type { ApiFailure } from './errors';

/**
 * The payment provider on the browser side (issue 8 "Payments"): the card form makes a payment method the
 * server can save or charge, and a payment that needs authentication (`requires_action`) is confirmed here
 * with its client secret. Two adapters (src/adapters/payments): Stripe.js when a publishable key is
 * configured, loaded only when a payment screen first uses it; the sandbox card form otherwise.
 */

/** The provider refused the card or the authentication ('Your card was declined.', 'Your card number is invalid.'). */
export class CardError extends Schema.TaggedError<CardError>()('CardError', {
  message: Schema.String,
  code: Schema.String,
  declineCode: Schema.optional(Schema.String),
}) {}

/** Stripe.js could not be loaded (offline, blocked). */
export class PaymentsUnavailable extends Schema.TaggedError<PaymentsUnavailable>()('PaymentsUnavailable', {
  message: Schema.String,
}) {}

export type PaymentFailure = CardError | PaymentsUnavailable | ApiFailure;

/** An opaque handle of the provider's own card field once mounted in the page (Stripe Elements). */
export interface MountedCardField {
  readonly _tag: 'MountedCardField';
  /** Removes the field from the page. */
  unmount(): void;
}

/** What the card form hands over: typed details (sandbox form) or the provider's mounted field (Stripe). */
export type CardInput =
  | { readonly kind: 'details'; readonly details: CardDetailsInput }
  | { readonly kind: 'field'; readonly field: MountedCardField };

export interface PaymentsPort {
  /** Which form the payment screens show: 'sandbox' (our card form) or 'stripe' (Stripe Elements). */
  readonly provider: 'sandbox' | 'stripe';
  /**
   * Stripe only: mount Stripe's card field in `container` (a DOM element, opaque to the core). The first
   * call loads Stripe.js.
   */
  mountCardField(container: unknown): Effect.Effect<MountedCardField, PaymentFailure>;
  /** A payment method from the card form, to send as `stripe_src` (billing update) or to pay with. */
  createPaymentMethod(card: CardInput): Effect.Effect<CardPaymentMethod, PaymentFailure>;
  /** Complete the authentication a `requires_action` payment asks for, with its client secret. */
  confirmAction(clientSecret: string): Effect.Effect<void, PaymentFailure>;
}
