import type { ReviewsApi } from '../../core/ports/api/reviews';
import { Review } from '../../core/model/review';
import { body, call } from './call';
import type { HttpClient } from './client';

/** The reviews tag: POST review. The contract reviews an appointment, so the appointment id is required. */
export const reviewsApi = ({ client }: HttpClient): ReviewsApi => ({
  create: (input) => call((signal) => client.POST('/review', { body: { ...input, public: input.public ?? false /* the contract's default */ }, signal }), body(Review)),
});
