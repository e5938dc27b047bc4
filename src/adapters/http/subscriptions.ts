import type { SubscriptionsApi } from '../../core/ports/api/subscriptions';
import { NewSubscriptionResult, Subscription, SubscriptionList } from '../../core/model/subscription';
import { Effect } from 'effect';
import type { NewSubscriptionOutcome } from '../../core/ports/api/subscriptions';
import { decodeAt } from '../../core/ports/decode';
import { type ApiFailure, Invalid, NetworkError, errorFromResponse } from '../../core/ports/errors';
import { body, call, part } from './call';
import type { HttpClient } from './client';

const subscription = body(Subscription);

/** The subscriptions tag (bookings §4/§7). State changes answer the subscription. */
export const subscriptionsApi = ({ client }: HttpClient): SubscriptionsApi => ({
  // 201: the subscription, its order and first appointments. An error body with a `client_secret` is a payment
  // that needs the browser's authentication first (nothing created yet); any other error is classified as usual.
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
  update: (input) => call((signal) => client.PUT('/subscriptions/update', { body: input, signal }), subscription),
  cancel: (input) => call((signal) => client.PUT('/subscriptions/cancel', { body: input, signal }), subscription),
  pause: (input) => call((signal) => client.POST('/subscriptions/pause', { body: input, signal }), subscription),
  unpause: (input) =>
    call(
      (signal) => client.POST('/subscriptions/unpause', { body: { orderId: input.orderId, beforeSchedule: input.beforeSchedule ?? false /* the contract's default */ }, signal }),
      subscription,
    ),
  suspend: (input) => call((signal) => client.POST('/subscriptions/suspend', { body: input, signal }), subscription),
  restore: (input) => call((signal) => client.POST('/subscriptions/restore', { body: input, signal }), subscription),
  get: (id, query) => call((signal) => client.GET('/subscriptions/{id}', { params: { path: { id }, query }, signal }), subscription),
  list: (query) => call((signal) => client.GET('/subscriptions', { params: { query }, signal }), part(SubscriptionList, (r) => r.items)),
});
