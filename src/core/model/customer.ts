import * as Schema from 'effect/Schema';
import { AccountId } from './ids';
import { Cents, IsoDateTime, RecordStatus } from './common';
import { Phone } from './phone';
import { Address } from './address';
import { Contribution } from './affiliate';
import { LanguagePreference } from './language';
import { Subscription } from './subscription';
import { Appointment } from './appointment';
import { TicketPriority, TicketType } from './ticket';

/** customer meta (bookings §3): meta.initialSetup, meta.skipOnboarding. */
export const CustomerMeta = Schema.Struct({
  initialSetup: Schema.optional(Schema.Boolean),
  skipOnboarding: Schema.optional(Schema.Boolean),
});
export type CustomerMeta = typeof CustomerMeta.Type;

/** One entry of the address checklist. */
export const ChecklistEntry = Schema.Struct({ _id: Schema.optional(Schema.String), label: Schema.String, done: Schema.Boolean });
export type ChecklistEntry = typeof ChecklistEntry.Type;

/** Platforms a customer may leave a public review on. */
export const ReviewPlatforms = ['google', 'facebook', 'yelp', 'nextdoor', 'other'] as const;
export const ReviewPlatform = Schema.Literals(ReviewPlatforms);
export type ReviewPlatform = (typeof ReviewPlatforms)[number];

/**
 * Customer (bookings §3): _id, address list (each with is_default), address_checklist, payment_info,
 * affiliates (with affiliate_id), meta.initialSetup, meta.skipOnboarding — with the contract's fields.
 */
export const Customer = Schema.Struct({
  _id: AccountId,
  type: Schema.optional(Schema.Literal('customer')),
  status: Schema.optional(RecordStatus),
  first_name: Schema.String,
  last_name: Schema.String,
  primary_email: Schema.String,
  phones: Schema.optional(Schema.Array(Phone)),
  address: Schema.optional(Schema.Array(Address)),
  address_checklist: Schema.optional(Schema.Array(ChecklistEntry)),
  payment_info: Schema.optional(
    Schema.Struct({
      has_card: Schema.optional(Schema.Boolean),
      default_source_id: Schema.optional(Schema.NullOr(Schema.String)),
      brand: Schema.optional(Schema.NullOr(Schema.String)),
      last4: Schema.optional(Schema.NullOr(Schema.String)),
    }),
  ),
  affiliates: Schema.optional(Schema.Array(Contribution)),
  referred_by: Schema.optional(Schema.NullOr(Schema.String)),
  /** Positive: owed by the customer; negative: credit. */
  credit_balance: Schema.optional(Cents),
  public_reviews: Schema.optional(
    Schema.Struct({ completed: Schema.optional(Schema.Boolean), platform: Schema.optional(Schema.NullOr(Schema.String)) }),
  ),
  meta: Schema.optional(CustomerMeta),
  settings: Schema.optional(Schema.Struct({ language_preference: Schema.optional(LanguagePreference) })),
  organization_id: Schema.optional(Schema.NullOr(AccountId)),
  created: Schema.optional(IsoDateTime),
});
export type Customer = typeof Customer.Type;

/** A note staff leave for a customer, shown until read or dismissed. */
export const CustomerNote = Schema.Struct({
  _id: Schema.String,
  note: Schema.String,
  priority: TicketPriority,
  category: TicketType,
  read: Schema.optional(Schema.Boolean),
  dismissed: Schema.optional(Schema.Boolean),
  created: Schema.optional(IsoDateTime),
});
export type CustomerNote = typeof CustomerNote.Type;

/** What the customer dashboard needs on first entry. */
export const CustomerInit = Schema.Struct({
  customer: Customer,
  subscriptions: Schema.optional(Schema.Array(Subscription)),
  upcoming_appointments: Schema.optional(Schema.Array(Appointment)),
  notes: Schema.optional(Schema.Array(CustomerNote)),
  new_tickets: Schema.optional(Schema.Int),
  balance: Schema.optional(Cents),
});
export type CustomerInit = typeof CustomerInit.Type;

export interface UpdateCustomerInput {
  readonly first_name?: string;
  readonly last_name?: string;
  /** Staff only. */
  readonly status?: RecordStatus;
  readonly meta?: { readonly initialSetup?: boolean; readonly skipOnboarding?: boolean };
  readonly address_checklist?: { readonly label: string; readonly done: boolean }[];
  readonly language_preference?: LanguagePreference;
}

/** Customer list query (bookings §3 defaults: type active, count, skip). */
export interface CustomerListQuery {
  readonly type?: RecordStatus | 'all';
  readonly count?: number;
  readonly skip?: number;
  readonly text?: string;
}
