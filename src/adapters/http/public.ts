import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import type { PublicApi } from '../../core/ports/api/public';
import { NotFound } from '../../core/ports/errors';
import { AffiliateReferrer } from '../../core/model/affiliate';
import { Address } from '../../core/model/address';
import { body, call, part } from './call';
import type { HttpClient } from './client';

const ReferralIdResult = Schema.Struct({ valid: Schema.Boolean, affiliate: Schema.optional(Schema.NullOr(AffiliateReferrer)) });
const ValidateAddressResult = Schema.Struct({
  valid: Schema.Boolean,
  inServiceArea: Schema.optional(Schema.Boolean),
  address: Schema.optional(Schema.NullOr(Address)),
  time_zone: Schema.optional(Schema.NullOr(Schema.String)),
  message: Schema.optional(Schema.String),
});

/** The public tag (no token): the referrer card of a referral id, and address validation. */
export const publicApi = ({ client }: HttpClient): PublicApi => ({
  // An unknown referral id answers valid false; the port has no card to give, so it is NotFound.
  referralId: (input) =>
    call((signal) => client.POST('/public/referral-id', { body: input, signal }), body(ReferralIdResult)).pipe(
      Effect.flatMap((r) => (r.valid && r.affiliate ? Effect.succeed(r.affiliate) : Effect.fail(new NotFound({ message: 'Referral id not found' })))),
    ),
  validateAddress: (input) =>
    call(
      (signal) => client.POST('/public/validate/address', { body: input, signal }),
      part(ValidateAddressResult, ({ valid, inServiceArea, address, time_zone, message }) => ({
        valid,
        ...(inServiceArea === undefined ? {} : { inServiceArea }),
        ...(address ? { address } : {}),
        ...(time_zone ? { timeZone: time_zone } : {}),
        ...(message === undefined ? {} : { message }),
      })),
    ),
});
