import * as Schema from 'effect/Schema';
import { AccountId, AppointmentId, OrderId, ServiceId, SubscriptionId } from './ids';
import { Cents, IsoDateTime, ZipCode } from './common';

/** Home sizes (bookings §9). */
export const HomeSizes = ['small', 'medium', 'large'] as const;
export const HomeSize = Schema.Literals(HomeSizes);
export type HomeSize = (typeof HomeSizes)[number];

/** "Frequencies: week, biweek, month." (bookings §9) */
export const Frequencies = ['week', 'biweek', 'month'] as const;
export const Frequency = Schema.Literals(Frequencies);
export type Frequency = (typeof Frequencies)[number];

/** Order types (bookings §3 order_data.type, §9). */
export const OrderTypes = ['subscription', 'onetime', 'addon'] as const;
export const OrderType = Schema.Literals(OrderTypes);
export type OrderType = (typeof OrderTypes)[number];

/** How a price is billed at the payment provider. */
export const PriceTypes = ['licensed', 'metered'] as const;
export const PriceType = Schema.Literals(PriceTypes);
export type PriceType = (typeof PriceTypes)[number];

/**
 * Service price plan (bookings §3): plan_id, label, value in cents (the interface shows dollars),
 * preference_match_size, priceAutoSelectRules (home_size, frequency); frequency is null for a one-time price.
 */
export const PricePlan = Schema.Struct({
  plan_id: Schema.String,
  label: Schema.String,
  value: Cents,
  frequency: Schema.optional(Schema.NullOr(Frequency)),
  type: Schema.optional(PriceType),
  preference_match_size: Schema.optional(Schema.NullOr(HomeSize)),
  priceAutoSelectRules: Schema.optional(Schema.Struct({ home_size: Schema.optional(HomeSize), frequency: Schema.optional(Frequency) })),
});
export type PricePlan = typeof PricePlan.Type;

/** A service category (bookings §3 service_data.category.name). */
export const ServiceCategory = Schema.Struct({ _id: Schema.String, name: Schema.String });
export type ServiceCategory = typeof ServiceCategory.Type;

/** A service of the catalogue (add-on services are services with is_addon; bookings §3 "Add-on service: name, description"). */
export const Service = Schema.Struct({
  _id: ServiceId,
  name: Schema.String,
  description: Schema.optional(Schema.String),
  image: Schema.optional(Schema.NullOr(Schema.String)),
  category: Schema.optional(ServiceCategory),
  order_types: Schema.optional(Schema.Array(OrderType)),
  is_addon: Schema.optional(Schema.Boolean),
  /** Typical duration in minutes. */
  duration: Schema.optional(Schema.Int),
  prices: Schema.Array(PricePlan),
  active: Schema.optional(Schema.Boolean),
});
export type Service = typeof Service.Type;

/** service_data: a copy of the service as booked (appointments, subscriptions, add-ons). */
export const ServiceData = Schema.Struct({
  _id: Schema.optional(ServiceId),
  name: Schema.String,
  description: Schema.optional(Schema.String),
  category: Schema.optional(Schema.Struct({ name: Schema.optional(Schema.String) })),
  prices: Schema.optional(Schema.Array(PricePlan)),
});
export type ServiceData = typeof ServiceData.Type;

/** order_data on appointments and subscriptions (bookings §3: plan_id, type). */
export const OrderData = Schema.Struct({
  _id: Schema.optional(OrderId),
  plan_id: Schema.optional(Schema.String),
  type: Schema.optional(OrderType),
});
export type OrderData = typeof OrderData.Type;

export const OrderStatuses = ['pending', 'paid', 'failed', 'canceled'] as const;
export const OrderStatus = Schema.Literals(OrderStatuses);
export type OrderStatus = (typeof OrderStatuses)[number];

/** What a customer bought in one checkout (subscription, one-time or add-on). */
export const Order = Schema.Struct({
  _id: OrderId,
  type: OrderType,
  plan_id: Schema.optional(Schema.String),
  status: OrderStatus,
  customer_id: AccountId,
  service_data: Schema.optional(ServiceData),
  subscription_id: Schema.optional(Schema.NullOr(SubscriptionId)),
  appointment_ids: Schema.optional(Schema.Array(AppointmentId)),
  subtotal: Schema.optional(Cents),
  discount: Schema.optional(Cents),
  tax: Schema.optional(Cents),
  total: Schema.optional(Cents),
  promo_code: Schema.optional(Schema.NullOr(Schema.String)),
  created: Schema.optional(IsoDateTime),
});
export type Order = typeof Order.Type;

/** How long a coupon's discount lasts. */
export const DiscountDurations = ['repeating', 'forever', 'once'] as const;
export const DiscountDuration = Schema.Literals(DiscountDurations);
export type DiscountDuration = (typeof DiscountDurations)[number];

/** Coupon (bookings §3: code, priceOptionId), checked against one service. */
export const Coupon = Schema.Struct({
  code: Schema.String,
  valid: Schema.Boolean,
  serviceId: Schema.optional(ServiceId),
  priceOptionId: Schema.optional(Schema.NullOr(Schema.String)),
  percent_off: Schema.optional(Schema.NullOr(Schema.Number)),
  amount_off: Schema.optional(Schema.NullOr(Cents)),
  duration: Schema.optional(DiscountDuration),
  duration_in_months: Schema.optional(Schema.NullOr(Schema.Int)),
  /** When the code stops working (null: never). */
  expires_at: Schema.optional(Schema.NullOr(IsoDateTime)),
  /** Why the code is not valid (when valid is false). */
  message: Schema.optional(Schema.String),
});
export type Coupon = typeof Coupon.Type;

/** Tax lookup (bookings §3: postalCode): the sales tax rate in percent, and exactly in basis points (825 = 8.25 %). */
export const TaxRate = Schema.Struct({
  postalCode: ZipCode,
  state: Schema.optional(Schema.String),
  rate: Schema.Number,
  rate_basis_points: Schema.optional(Schema.Int),
});
export type TaxRate = typeof TaxRate.Type;

/** A ZIP code the product knows, and whether a vendor serves it. */
export const ZipCodeEntry = Schema.Struct({
  zip_code: ZipCode,
  city: Schema.optional(Schema.String),
  state: Schema.optional(Schema.String),
  serviced: Schema.optional(Schema.Boolean),
  /** The IANA time zone visits there are scheduled in (America/Chicago). */
  time_zone: Schema.optional(Schema.String),
});
export type ZipCodeEntry = typeof ZipCodeEntry.Type;
