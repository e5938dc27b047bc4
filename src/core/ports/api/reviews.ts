import type { AppointmentId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation } from './types';

/** The reviews tag: POST review. */
export interface ReviewsApi {
  create(input: { readonly rating: number; readonly comment?: string; readonly appointment_id?: AppointmentId }): ApiCall<Confirmation>;
}
