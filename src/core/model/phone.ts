import * as Schema from 'effect/Schema';
import { PhoneId } from './ids';

/** A saved phone (bookings §3 "Phone (phoneID)"): number in E.164 form, a free label, default and verified flags. */
export const Phone = Schema.Struct({
  phoneID: PhoneId,
  number: Schema.String,
  type: Schema.optional(Schema.String),
  is_default: Schema.optional(Schema.Boolean),
  verified: Schema.optional(Schema.Boolean),
});
export type Phone = typeof Phone.Type;

/** `{ phones: [...] }` — the reply of the phone calls (the account's phones after the change). */
export const PhoneList = Schema.Struct({ phones: Schema.Array(Phone) });
export type PhoneList = typeof PhoneList.Type;
