import * as Schema from 'effect/Schema';
import { AddressId } from './ids';
import { HomeSize } from './service';
import type { ZipCode } from './common';

/** address_meta (bookings §3): additional_details and home_size. */
export const AddressMeta = Schema.Struct({
  additional_details: Schema.optional(Schema.NullOr(Schema.String)),
  home_size: Schema.optional(HomeSize),
});
export type AddressMeta = typeof AddressMeta.Type;

/**
 * A saved address (bookings §3 "Address", address_data on appointments and subscriptions): the fields the
 * spec names, plus the contract's unit, is_default and coordinates.
 */
export const Address = Schema.Struct({
  _id: Schema.optional(AddressId),
  address_formatted: Schema.String,
  street_number: Schema.optional(Schema.String),
  street: Schema.String,
  unit: Schema.optional(Schema.NullOr(Schema.String)),
  city: Schema.String,
  state: Schema.String,
  postal_code: Schema.String,
  address_meta: Schema.optional(AddressMeta),
  is_default: Schema.optional(Schema.Boolean),
  lat: Schema.optional(Schema.NullOr(Schema.Number)),
  lng: Schema.optional(Schema.NullOr(Schema.Number)),
});
export type Address = typeof Address.Type;

/** `{ address: [...] }` — the reply of the address calls (the account's addresses after the change). */
export const AddressList = Schema.Struct({ address: Schema.Array(Address) });
export type AddressList = typeof AddressList.Type;

/** An address as a person types it (the contract's AddressInput; the server validates the lengths). */
export interface AddressInput {
  readonly street_number: string;
  readonly street: string;
  readonly unit?: string;
  readonly city: string;
  /** Two-letter state code. */
  readonly state: string;
  readonly postal_code: ZipCode;
  readonly address_meta?: { readonly additional_details?: string; readonly home_size?: HomeSize };
}
