import type { SubscriptionsApi } from '../../core/ports/api/subscriptions';
import { NewSubscriptionResult, Subscription, SubscriptionList } from '../../core/model/subscription';
import { body, call, part } from './call';
import type { HttpClient } from './client';

const subscription = body(Subscription);

/** The subscriptions tag (bookings §4/§7). State changes answer the subscription. */
export const subscriptionsApi = ({ client }: HttpClient): SubscriptionsApi => ({
  // The reply also carries the order and the first appointments; the port hands on the subscription.
  create: (input, idempotencyKey) =>
    call(
      (signal) => client.POST('/subscriptions/new', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: input, signal }),
      part(NewSubscriptionResult, (r) => r.subscription),
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
