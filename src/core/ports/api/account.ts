import type { AccountId, AddressId, PhoneId } from '../../model/ids';
import type { AccountKind } from '../../model/roles';
import type { Address, AddressInput } from '../../model/address';
import type { Phone } from '../../model/phone';
import type { ApiCall } from '../errors';
import type { Confirmation } from './types';

/** Which account the phone or address belongs to: the account's id (path) and its type (body). */
export interface AccountRef {
  readonly id: AccountId;
  readonly type: AccountKind;
}

/** Without phoneID a phone is added; with it, that phone is changed. */
export interface PhoneInput {
  readonly phoneID?: PhoneId;
  readonly number: string;
  readonly type?: string;
  readonly is_default?: boolean;
}

/** Without address_id an address is added; with it, that address is changed. */
export interface AccountAddressInput {
  readonly address_id?: AddressId;
  readonly address: AddressInput;
  readonly is_default?: boolean;
}

/** The account tag (bookings §7): phones, addresses and deletion. Phone and address calls answer the account's list after the change. */
export interface AccountApi {
  verifyPhone(input: { readonly phone: string; readonly account_type?: AccountKind }): ApiCall<Confirmation>;
  /** The phones after the confirmation; the contract sends no message, so it is ''. */
  confirmPhone(input: {
    readonly phone: string;
    readonly verification_code: string;
    readonly account_type?: AccountKind;
  }): ApiCall<Confirmation & { readonly phones: readonly Phone[] }>;
  updatePhone(account: AccountRef, input: PhoneInput): ApiCall<readonly Phone[]>;
  deletePhone(account: AccountRef, phoneId: PhoneId): ApiCall<readonly Phone[]>;
  updateAddress(account: AccountRef, input: AccountAddressInput): ApiCall<readonly Address[]>;
  deleteAddress(account: AccountRef, addressId: AddressId): ApiCall<readonly Address[]>;
  /** 'There was a problem checking your account' on failure. */
  canDelete(id: AccountId): ApiCall<{ readonly canDelete: boolean; readonly reason?: string }>;
  /** 'There was a problem deleting your account' on failure. */
  delete(id: AccountId, input?: { readonly reason?: string }): ApiCall<Confirmation>;
}
