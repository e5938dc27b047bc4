import * as Schema from 'effect/Schema';
import type { AddressId, ServiceId} from './ids';
import { AccountId, OrderId, SubscriptionId } from './ids';
import { Cents, IsoDateTime } from './common';
import { PersonData } from './person';
import { Address } from './address';
import type { HomeSize} from './service';
import { Frequency, Order, ServiceData } from './service';
import { AddOn, Appointment } from './appointment';

/**
 * Subscription statuses: active bills and schedules; paused skips appointments until unpaused; suspended
 * holds future appointments until the next successful billing; canceled stops billing and future appointments.
 */
export const SubscriptionStatuses = ['active', 'paused', 'suspended', 'canceled'] as const;
export const SubscriptionStatus = Schema.Literals(SubscriptionStatuses);
export type SubscriptionStatus = (typeof SubscriptionStatuses)[number];

/** Contract lengths in months (128 stands for open-ended, as the contract has it). */
export const ContractLengths = [6, 12, 24, 128] as const;
export const ContractLength = Schema.Literals(ContractLengths);
export type ContractLength = (typeof ContractLengths)[number];

/** Subscription (bookings §3): identified by id or order id; the contract's fields. */
export const Subscription = Schema.Struct({
  _id: SubscriptionId,
  /** The id at the payment provider. */
  subscription_id: Schema.optional(Schema.String),
  orderId: Schema.optional(OrderId),
  status: SubscriptionStatus,
  customer_id: AccountId,
  customer_data: Schema.optional(PersonData),
  vendor_data: Schema.optional(Schema.NullOr(PersonData)),
  service_data: ServiceData,
  plan_id: Schema.String,
  frequency: Frequency,
  price: Schema.optional(Cents),
  address_data: Schema.optional(Address),
  contract_length: Schema.optional(Schema.NullOr(ContractLength)),
  add_ons: Schema.optional(Schema.Array(AddOn)),
  next_appointment: Schema.optional(Schema.NullOr(IsoDateTime)),
  next_billing: Schema.optional(Schema.NullOr(IsoDateTime)),
  paused_at: Schema.optional(Schema.NullOr(IsoDateTime)),
  canceled_at: Schema.optional(Schema.NullOr(IsoDateTime)),
  created: Schema.optional(IsoDateTime),
});
export type Subscription = typeof Subscription.Type;

/** A list of subscriptions; more follow when has_more (ask again with starting_after_id = the last _id). */
export const SubscriptionList = Schema.Struct({ items: Schema.Array(Subscription), has_more: Schema.Boolean });
export type SubscriptionList = typeof SubscriptionList.Type;

/** POST subscriptions/new reply: the subscription, its order and the first appointments. */
export const NewSubscriptionResult = Schema.Struct({
  subscription: Subscription,
  order: Order,
  appointments: Schema.optional(Schema.Array(Appointment)),
});
export type NewSubscriptionResult = typeof NewSubscriptionResult.Type;

export interface NewSubscriptionInput {
  readonly customer_id?: AccountId;
  readonly service_id: ServiceId;
  readonly plan_id: string;
  readonly frequency: Frequency;
  readonly home_size: HomeSize;
  readonly address_id: AddressId;
  readonly start_time: string;
  readonly vendor_id?: AccountId;
  readonly promo_code?: string;
  readonly stripe_src_id?: string;
  readonly contract_length?: ContractLength;
  readonly add_ons?: { readonly service_id: ServiceId; readonly plan_id: string }[];
}

/** Frequency or plan change (or both). */
export interface UpdateSubscriptionInput {
  readonly subscription_id: SubscriptionId;
  readonly frequency?: Frequency;
  readonly plan_id?: string;
}

export interface SubscriptionListQuery {
  readonly customer_id?: AccountId;
  readonly count?: number;
  readonly starting_after_id?: SubscriptionId;
  readonly status?: SubscriptionStatus;
  readonly dateFrom?: string;
  readonly dateTo?: string;
}
