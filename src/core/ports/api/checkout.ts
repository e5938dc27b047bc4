import type { NewSubscriptionInput, NewSubscriptionResult } from '../../model/subscription';
import type { ApiCall } from '../errors';
import type { RequiresAction } from './payment-outcome';

/**
 * What POST subscriptions/new answers: everything created (201), or the card asks for authentication first —
 * an error body carrying the payment's `client_secret`: the browser confirms it (payments port) and sends the
 * same request again with the same Idempotency-Key. Nothing is created until then.
 */
export type NewSubscriptionOutcome = { readonly kind: 'created'; readonly result: NewSubscriptionResult } | RequiresAction;

/**
 * Checkout's own view of POST subscriptions/new (the shop's charts use it; it loads with the shop screens, not
 * with the app): the order and first visits, or the authentication the card asks for.
 */
export interface CheckoutApi {
  /** `idempotencyKey`: one per payment attempt, the same on every retry of it (and after the authentication). */
  create(input: NewSubscriptionInput, idempotencyKey: string): ApiCall<NewSubscriptionOutcome>;
}
