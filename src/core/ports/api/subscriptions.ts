import type { AccountId, OrderId, SubscriptionId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation, Doc, Rec } from './types';

export interface SubscriptionListQuery {
  readonly customer_id?: AccountId;
  readonly count?: number;
  readonly starting_after_id?: string | number;
  readonly dateFrom?: string;
  readonly dateTo?: string;
}

/** The subscriptions tag (bookings §4/§7). A subscription is identified by id or order id. */
export interface SubscriptionsApi {
  create(input: Doc): ApiCall<Rec<SubscriptionId>>;
  /** Frequency or plan change. */
  update(input: Doc & { readonly subscription_id: SubscriptionId }): ApiCall<Rec<SubscriptionId>>;
  /** Stops billing and future appointments. */
  cancel(input: { readonly subscription_id: SubscriptionId }): ApiCall<Confirmation>;
  pause(input: { readonly orderId: OrderId }): ApiCall<Confirmation>;
  unpause(input: { readonly orderId: OrderId; readonly beforeSchedule?: boolean }): ApiCall<Confirmation>;
  /** Suspends future appointments until the next successful billing. */
  suspend(input: { readonly orderId: OrderId }): ApiCall<Confirmation>;
  /** Restores until the next failed billing. */
  restore(input: { readonly orderId: OrderId }): ApiCall<Confirmation>;
  get(id: SubscriptionId, query?: { readonly customer_id?: AccountId }): ApiCall<Rec<SubscriptionId>>;
  list(query: SubscriptionListQuery): ApiCall<readonly Rec<SubscriptionId>[]>;
}
