import type { AccountId, AddressId, PhoneId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation, Doc } from './types';

/** The account tag (bookings §7): phones, addresses and deletion. */
export interface AccountApi {
  verifyPhone(input: { readonly phone: string }): ApiCall<Confirmation>;
  confirmPhone(input: { readonly phone: string; readonly verification_code: string }): ApiCall<Confirmation>;
  updatePhone(id: PhoneId, input: Doc): ApiCall<Confirmation>;
  deletePhone(id: PhoneId): ApiCall<Confirmation>;
  updateAddress(id: AddressId, input: Doc): ApiCall<Confirmation>;
  deleteAddress(id: AddressId): ApiCall<Confirmation>;
  /** 'There was a problem checking your account' on failure. */
  canDelete(id: AccountId): ApiCall<{ readonly canDelete: boolean; readonly reason?: string }>;
  /** 'There was a problem deleting your account' on failure. */
  delete(id: AccountId): ApiCall<Confirmation>;
}
