import type { AccountId, OrderId, SubscriptionId } from '../../model/ids';
import type { NewSubscriptionInput, Subscription, SubscriptionListQuery, UpdateSubscriptionInput } from '../../model/subscription';
import type { ApiCall } from '../errors';

/** The subscriptions tag (bookings §4/§7). A subscription is identified by id or order id; every change answers it. */
export interface SubscriptionsApi {
  /** Takes the first charge: `idempotencyKey` (one per checkout attempt, the same on every retry of it) makes a retry charge once. */
  create(input: NewSubscriptionInput, idempotencyKey: string): ApiCall<Subscription>;
  /** Frequency or plan change. */
  update(input: UpdateSubscriptionInput): ApiCall<Subscription>;
  /** Stops billing and future appointments. */
  cancel(input: { readonly subscription_id: SubscriptionId; readonly note?: string }): ApiCall<Subscription>;
  pause(input: { readonly orderId: OrderId }): ApiCall<Subscription>;
  unpause(input: { readonly orderId: OrderId; readonly beforeSchedule?: boolean }): ApiCall<Subscription>;
  /** Suspends future appointments until the next successful billing. */
  suspend(input: { readonly orderId: OrderId }): ApiCall<Subscription>;
  /** Restores until the next failed billing. */
  restore(input: { readonly orderId: OrderId }): ApiCall<Subscription>;
  get(id: SubscriptionId, query?: { readonly customer_id?: AccountId }): ApiCall<Subscription>;
  list(query: SubscriptionListQuery): ApiCall<readonly Subscription[]>;
}
