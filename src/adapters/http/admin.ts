import * as Schema from 'effect/Schema';
import type { AdminApi } from '../../core/ports/api/admin';
import { CreditAdjustment } from '../../core/model/credit';
import { AccountId } from '../../core/model/ids';
import { Cents } from '../../core/model/common';
import { DocSchema, body, call } from './call';
import type { HttpClient } from './client';

const CreditResult = Schema.Struct({ balance: Cents, adjustment: CreditAdjustment });
const CreditLedger = Schema.Struct({ customer_id: AccountId, balance: Cents, items: Schema.Array(CreditAdjustment) });

/** The admin tag (super only). */
export const adminApi = ({ client }: HttpClient): AdminApi => ({
  applyCredit: (customerId, adjustment) =>
    call((signal) => client.POST('/admin/credit/{id}', { params: { path: { id: customerId } }, body: adjustment, signal }), body(CreditResult)),
  credit: (customerId) => call((signal) => client.GET('/admin/credit/{id}', { params: { path: { id: customerId } }, signal }), body(CreditLedger)),
  summary: (kind, id) => {
    switch (kind) {
      case 'customer':
        return call((signal) => client.GET('/admin/customers/{id}', { params: { path: { id } }, signal }), body(DocSchema));
      case 'vendor':
        return call((signal) => client.GET('/admin/vendors/{id}', { params: { path: { id } }, signal }), body(DocSchema));
      case 'appointment':
        return call((signal) => client.GET('/appointments/{id}', { params: { path: { id } }, signal }), body(DocSchema));
    }
  },
});
