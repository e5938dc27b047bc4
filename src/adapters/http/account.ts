import * as Schema from 'effect/Schema';
import type { AccountApi } from '../../core/ports/api/account';
import { MessageBody, OkBody } from '../../core/model/common';
import { AddressList } from '../../core/model/address';
import { PhoneList } from '../../core/model/phone';
import { body, call, part } from './call';
import type { HttpClient } from './client';

const CanDelete = Schema.Struct({ canDelete: Schema.Boolean, reasons: Schema.Array(Schema.String) });
const phones = part(PhoneList, (r) => r.phones);
const addresses = part(AddressList, (r) => r.address);

/** The account tag (bookings §7): phones, addresses and deletion, addressed by the account (path id) and its type. */
export const accountApi = ({ client }: HttpClient): AccountApi => ({
  verifyPhone: (input) => call((signal) => client.PUT('/account/verify-phone', { body: input, signal }), body(MessageBody)),
  confirmPhone: (input) =>
    call((signal) => client.PUT('/account/confirm-phone', { body: input, signal }), part(PhoneList, (r) => ({ message: '', phones: r.phones }))),
  updatePhone: ({ id, type }, input) =>
    call((signal) => client.PUT('/account/update-phone/{id}', { params: { path: { id } }, body: { ...input, account_type: type }, signal }), phones),
  deletePhone: ({ id, type }, phoneID) =>
    call((signal) => client.PUT('/account/delete-phone/{id}', { params: { path: { id } }, body: { phoneID, account_type: type }, signal }), phones),
  updateAddress: ({ id, type }, input) =>
    call((signal) => client.PUT('/account/update-address/{id}', { params: { path: { id } }, body: { ...input, account_type: type }, signal }), addresses),
  deleteAddress: ({ id, type }, address_id) =>
    call((signal) => client.PUT('/account/delete-address/{id}', { params: { path: { id } }, body: { address_id, account_type: type }, signal }), addresses),
  canDelete: (id) =>
    call(
      (signal) => client.GET('/account/can-delete/{id}', { params: { path: { id } }, signal }),
      part(CanDelete, (r) => (r.reasons.length ? { canDelete: r.canDelete, reason: r.reasons.join('; ') } : { canDelete: r.canDelete })),
    ),
  delete: (id, input) =>
    call(
      (signal) => client.PUT('/account/delete/{id}', { params: { path: { id } }, body: input ?? {}, signal }),
      part(OkBody, (r) => ({ message: r.message ?? '' })),
    ),
});
