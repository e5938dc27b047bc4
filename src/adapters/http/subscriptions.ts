import * as Schema from 'effect/Schema';
import type { SubscriptionsApi } from '../../core/ports/api/subscriptions';
import { SubscriptionId } from '../../core/model/ids';
import { OpenRecord } from '../../core/model/common';
import { type QueryOf, body, call, confirmation, items, part, recSchema, wire } from './call';
import type { HttpClient } from './client';

const Subscription = recSchema(SubscriptionId);
const NewSubscriptionResult = Schema.StructWithRest(Schema.Struct({ subscription: Subscription }), [OpenRecord]);

/** The subscriptions tag (bookings §4/§7). State changes answer the subscription; the port only confirms them. */
export const subscriptionsApi = ({ client }: HttpClient): SubscriptionsApi => ({
  // The reply also carries the order and the first appointments; the port hands on the subscription.
  create: (input) => call((signal) => client.POST('/subscriptions/new', { body: wire(input), signal }), part(NewSubscriptionResult, (r) => r.subscription)),
  update: (input) => call((signal) => client.PUT('/subscriptions/update', { body: wire(input), signal }), body(Subscription)),
  cancel: (input) => call((signal) => client.PUT('/subscriptions/cancel', { body: input, signal }), confirmation),
  pause: (input) => call((signal) => client.POST('/subscriptions/pause', { body: input, signal }), confirmation),
  unpause: (input) => call((signal) => client.POST('/subscriptions/unpause', { body: { orderId: input.orderId, beforeSchedule: input.beforeSchedule ?? false /* the contract's default */ }, signal }), confirmation),
  suspend: (input) => call((signal) => client.POST('/subscriptions/suspend', { body: input, signal }), confirmation),
  restore: (input) => call((signal) => client.POST('/subscriptions/restore', { body: input, signal }), confirmation),
  get: (id, query) => call((signal) => client.GET('/subscriptions/{id}', { params: { path: { id }, query }, signal }), body(Subscription)),
  list: (query) => call((signal) => client.GET('/subscriptions', { params: { query: wire<QueryOf<'/subscriptions'>>(query) }, signal }), items(Subscription)),
});
