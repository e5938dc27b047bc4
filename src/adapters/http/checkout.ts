import { Effect } from 'effect';
import { NewSubscriptionResult } from '../../core/model/subscription';
import type { CheckoutApi, NewSubscriptionOutcome } from '../../core/ports/api/checkout';
import { decodeAt } from '../../core/ports/decode';
import { paymentCall } from './call';
import type { HttpClient } from './client';

/**
 * POST subscriptions/new as checkout reads it. 201: the subscription, its order and first visits. An error body
 * with a `client_secret` (400 `payment_requires_action`) is a payment that needs the browser's authentication
 * first (nothing created yet); any other error is classified as usual (src/core/ports/errors.ts).
 */
export const checkoutApi = ({ client }: HttpClient): CheckoutApi => ({
  create: (input, idempotencyKey) =>
    paymentCall(
      (signal) => client.POST('/subscriptions/new', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: input, signal }),
      (data) => decodeAt(NewSubscriptionResult)(data).pipe(Effect.map((result): NewSubscriptionOutcome => ({ kind: 'created', result }))),
    ),
});
