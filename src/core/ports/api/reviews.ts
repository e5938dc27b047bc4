import type { CreateReviewInput, Review } from '../../model/review';
import type { ApiCall } from '../errors';

/** The reviews tag: POST review of one appointment. */
export interface ReviewsApi {
  create(input: CreateReviewInput): ApiCall<Review>;
}
