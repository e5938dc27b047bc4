import type { AccountId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation, Doc } from './types';

/** The vendors tag (bookings §7). */
export interface VendorsApi {
  init(id: AccountId): ApiCall<Doc>;
  /** The payout provider's onboarding address. */
  onboardingAuthorize(id: AccountId): ApiCall<{ readonly url: string }>;
  onboardingToken(id: AccountId, input: { readonly code: string; readonly state_key: string }): ApiCall<Confirmation>;
  update(id: AccountId, fields: Doc): ApiCall<Doc>;
  /** A time-off request; it needs the organization's approval. */
  requestTimeOff(input: Doc): ApiCall<Confirmation>;
  updateAvailability(input: Doc): ApiCall<Confirmation>;
  checklist(): ApiCall<readonly Doc[]>;
  updateChecklist(input: Doc): ApiCall<Confirmation>;
}
