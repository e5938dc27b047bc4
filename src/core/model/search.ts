import * as Schema from 'effect/Schema';
import { AccountId, UserId } from './ids';
import { AccountKind, Role } from './roles';

/** A login found by search/users. */
export const UserMatch = Schema.Struct({
  _id: UserId,
  email: Schema.String,
  first_name: Schema.optional(Schema.String),
  last_name: Schema.optional(Schema.String),
  role: Schema.optional(Role),
});
export type UserMatch = typeof UserMatch.Type;

/** An account found by accounts/search. */
export const AccountMatch = Schema.Struct({
  _id: AccountId,
  type: AccountKind,
  name: Schema.String,
  primary_email: Schema.optional(Schema.String),
});
export type AccountMatch = typeof AccountMatch.Type;

/** A customer found by search/customers. */
export const CustomerMatch = Schema.Struct({
  _id: AccountId,
  first_name: Schema.String,
  last_name: Schema.String,
  primary_email: Schema.optional(Schema.String),
  address_formatted: Schema.optional(Schema.NullOr(Schema.String)),
});
export type CustomerMatch = typeof CustomerMatch.Type;
