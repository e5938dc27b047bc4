import type { CreateReviewInput, Review } from '../../model/review';
import type { ApiCall } from '../errors';
import type { AppointmentId } from '../../model/ids';

/** The reviews tag: POST review of one appointment; GET the review of one (x-origin tendwell). */
export interface ReviewsApi {
  create(input: CreateReviewInput): ApiCall<Review>;
  /** GET review?appointment_id=: the visit's review, or null when it has none yet. */
  ofAppointment(appointmentId: AppointmentId): ApiCall<Review | null>;
}
