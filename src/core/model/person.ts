import * as Schema from 'effect/Schema';
import { AccountId } from './ids';

/** A short copy of a person's account (customer_data, vendor_data on bookings; bookings §3). */
export const PersonData = Schema.Struct({
  _id: AccountId,
  first_name: Schema.optional(Schema.String),
  last_name: Schema.optional(Schema.String),
  primary_email: Schema.optional(Schema.String),
});
export type PersonData = typeof PersonData.Type;
