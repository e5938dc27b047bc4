import type { ReviewsApi } from '../../core/ports/api/reviews';
import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import { Review } from '../../core/model/review';

const AppointmentReview = Schema.Struct({ review: Schema.NullOr(Review) });
import { body, call } from './call';
import type { HttpClient } from './client';

/** The reviews tag: POST review and GET review (of one appointment). The contract reviews an appointment, so the appointment id is required. */
export const reviewsApi = ({ client }: HttpClient): ReviewsApi => ({
  ofAppointment: (appointmentId) =>
    call((signal) => client.GET('/review', { params: { query: { appointment_id: appointmentId } }, signal }), body(AppointmentReview)).pipe(Effect.map((r) => r.review)),
  create: (input) => call((signal) => client.POST('/review', { body: { ...input, public: input.public ?? false /* the contract's default */ }, signal }), body(Review)),
});
