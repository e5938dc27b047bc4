import * as Schema from 'effect/Schema';
import type { AccountApi } from '../../core/ports/api/account';
import { MessageBody } from '../../core/model/common';
import { body, call, confirmation, notInContract, part } from './call';
import type { HttpClient } from './client';

const CanDelete = Schema.Struct({ canDelete: Schema.Boolean, reasons: Schema.Array(Schema.String) });

const byAccount = (method: string) =>
  notInContract(`account.${method}`, 'the contract addresses the account (path id) and needs its account_type; the port passes only the phone or address id');

/** The account tag (bookings §7): phones, addresses and deletion. */
export const accountApi = ({ client }: HttpClient): AccountApi => ({
  verifyPhone: (input) => call((signal) => client.PUT('/account/verify-phone', { body: input, signal }), body(MessageBody)),
  confirmPhone: (input) => call((signal) => client.PUT('/account/confirm-phone', { body: input, signal }), confirmation),
  updatePhone: () => byAccount('updatePhone'),
  deletePhone: () => byAccount('deletePhone'),
  updateAddress: () => byAccount('updateAddress'),
  deleteAddress: () => byAccount('deleteAddress'),
  canDelete: (id) =>
    call(
      (signal) => client.GET('/account/can-delete/{id}', { params: { path: { id } }, signal }),
      part(CanDelete, (r) => (r.reasons.length ? { canDelete: r.canDelete, reason: r.reasons.join('; ') } : { canDelete: r.canDelete })),
    ),
  delete: (id) => call((signal) => client.PUT('/account/delete/{id}', { params: { path: { id } }, body: {}, signal }), confirmation),
});
