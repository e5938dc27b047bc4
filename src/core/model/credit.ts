import * as Schema from 'effect/Schema';
import { Cents, Currency } from './common';

/**
 * Customer credit adjustment (accounts §3, bookings §3): amount in cents (negative means credit),
 * description, currency usd. Only super may apply one (accounts §6).
 */
export const CreditAdjustment = Schema.Struct({
  amount: Cents,
  description: Schema.String.pipe(Schema.check(Schema.isMaxLength(500, { message: 'Maximum 500 characters' }))),
  currency: Currency,
});
export type CreditAdjustment = typeof CreditAdjustment.Type;
