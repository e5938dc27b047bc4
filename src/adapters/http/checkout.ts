import { Effect } from 'effect';
import { NewSubscriptionResult } from '../../core/model/subscription';
import type { CheckoutApi, NewSubscriptionOutcome } from '../../core/ports/api/checkout';
import { decodeAt } from '../../core/ports/decode';
import { type ApiFailure, Invalid, NetworkError, errorFromResponse } from '../../core/ports/errors';
import type { HttpClient } from './client';

/**
 * POST subscriptions/new as checkout reads it. 201: the subscription, its order and first visits. An error body
 * with a `client_secret` (400 `payment_requires_action`) is a payment that needs the browser's authentication
 * first (nothing created yet); any other error is classified as usual (src/core/ports/errors.ts).
 */
export const checkoutApi = ({ client }: HttpClient): CheckoutApi => ({
  create: (input, idempotencyKey) =>
    Effect.tryPromise({
      try: (signal) => client.POST('/subscriptions/new', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: input, signal }),
      catch: (cause) => (cause instanceof SyntaxError ? new Invalid({ message: `Invalid response: ${cause.message}` }) : new NetworkError({})),
    }).pipe(
      Effect.flatMap(({ data, error, response }): Effect.Effect<NewSubscriptionOutcome, ApiFailure> => {
        if (response.ok) return decodeAt(NewSubscriptionResult)(data).pipe(Effect.map((result): NewSubscriptionOutcome => ({ kind: 'created', result })));
        const problem = (typeof error === 'object' && error !== null ? error : {}) as { client_secret?: unknown; message?: unknown };
        if (typeof problem.client_secret === 'string' && problem.client_secret !== '')
          return Effect.succeed({ kind: 'requires_action', clientSecret: problem.client_secret, message: typeof problem.message === 'string' ? problem.message : '' });
        return Effect.fail(errorFromResponse(response.status, error, response.statusText));
      }),
    ),
});
