import * as Schema from 'effect/Schema';
import { AccountId, AppointmentId } from './ids';
import { IsoDateTime } from './common';

export const ReviewSources = ['customer', 'generated'] as const;
export const ReviewSource = Schema.Literals(ReviewSources);
export type ReviewSource = (typeof ReviewSources)[number];

/** A review of one appointment: a rating from 1 to 5 and an optional comment. */
export const Review = Schema.Struct({
  _id: Schema.String,
  appointment_id: AppointmentId,
  customer_id: Schema.optional(AccountId),
  vendor_id: Schema.optional(Schema.NullOr(AccountId)),
  rating: Schema.Int,
  comment: Schema.optional(Schema.NullOr(Schema.String)),
  public: Schema.optional(Schema.Boolean),
  source: Schema.optional(ReviewSource),
  created: IsoDateTime,
});
export type Review = typeof Review.Type;

/** POST review: the contract reviews an appointment, so its id is required. */
export interface CreateReviewInput {
  readonly appointment_id: AppointmentId;
  readonly rating: number;
  readonly comment?: string;
  /** The customer allows showing it publicly (default false). */
  readonly public?: boolean;
}
