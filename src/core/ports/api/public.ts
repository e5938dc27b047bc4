import type { AffiliateReferrer } from '../../model/affiliate';
import type { Address, AddressInput } from '../../model/address';
import type { ReferralId } from '../../model/ids';
import type { ApiCall } from '../errors';

/** The public tag (no token): the referrer card of a referral id, and address validation. */
export interface PublicApi {
  referralId(input: { readonly affiliate_id: ReferralId }): ApiCall<AffiliateReferrer>;
  /** 'Your selected or default address is not in our service areas' when outside; address is the normalised one. */
  validateAddress(input: { readonly address: AddressInput }): ApiCall<{ readonly valid: boolean; readonly inServiceArea?: boolean; readonly address?: Address }>;
}
