import type { ReviewsApi } from '../../core/ports/api/reviews';
import { call, confirmation, notInContract } from './call';
import type { HttpClient } from './client';

/** The reviews tag: POST review. The contract reviews an appointment, so the appointment id is required. */
export const reviewsApi = ({ client }: HttpClient): ReviewsApi => ({
  create: ({ appointment_id, rating, comment }) =>
    appointment_id === undefined
      ? notInContract('reviews.create', 'the contract reviews an appointment: appointment_id is required')
      : call((signal) => client.POST('/review', { body: { appointment_id, rating, public: false /* the contract's default */, ...(comment === undefined ? {} : { comment }) }, signal }), confirmation),
});
