import * as Schema from 'effect/Schema';
import { Effect } from 'effect';

const Phone = Schema.Struct({ number: Schema.String });
const Address = Schema.Struct({ address_formatted: Schema.String });

/** Contact resource card (accounts §3): names, primary e-mail, phone list and address list (missing lists decode empty). */
export const ContactCard = Schema.Struct({
  first_name: Schema.optional(Schema.NullOr(Schema.String)),
  last_name: Schema.optional(Schema.NullOr(Schema.String)),
  primary_email: Schema.optional(Schema.NullOr(Schema.String)),
  phone: Schema.Array(Phone).pipe(Schema.withDecodingDefaultKey(Effect.succeed([]))),
  address: Schema.Array(Address).pipe(Schema.withDecodingDefaultKey(Effect.succeed([]))),
});
export type ContactCard = typeof ContactCard.Type;
