import type { AffiliateReferrer } from '../../model/affiliate';
import type { ReferralId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Doc } from './types';

/** The public tag (no token): the referrer card of a referral id, and address validation. */
export interface PublicApi {
  referralId(input: { readonly affiliate_id: ReferralId }): ApiCall<AffiliateReferrer>;
  /** 'Your selected or default address is not in our service areas' when outside. */
  validateAddress(input: Doc): ApiCall<{ readonly valid: boolean; readonly address?: Doc }>;
}
