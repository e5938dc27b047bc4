import type { AffiliateReferrer } from '../../model/affiliate';
import type { Address, AddressInput } from '../../model/address';
import type { ReferralId } from '../../model/ids';
import type { ApiCall } from '../errors';

/** The public tag (no token): the referrer card of a referral id, and address validation. */
export interface PublicApi {
  referralId(input: { readonly affiliate_id: ReferralId }): ApiCall<AffiliateReferrer>;
  /**
   * Whether the address is served ('Not in service area' in `message` when not); `address` is the normalised one and
   * `timeZone` the IANA zone of its ZIP code (the date picker's "tomorrow" is counted there).
   */
  validateAddress(input: { readonly address: AddressInput }): ApiCall<{
    readonly valid: boolean;
    readonly inServiceArea?: boolean;
    readonly address?: Address;
    readonly timeZone?: string;
    readonly message?: string;
  }>;
}
