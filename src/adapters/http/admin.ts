import * as Schema from 'effect/Schema';
import type { AdminApi, HoverCardKind, HoverCardRecord } from '../../core/ports/api/admin';
import type { ApiCall } from '../../core/ports/errors';
import { CreditAdjustment } from '../../core/model/credit';
import { AccountId } from '../../core/model/ids';
import { Cents } from '../../core/model/common';
import { Customer } from '../../core/model/customer';
import { Vendor } from '../../core/model/vendor';
import { Appointment } from '../../core/model/appointment';
import { Organization } from '../../core/model/organization';
import { AppointmentImagePage } from '../../core/model/visit-photo';
import { body, call } from './call';
import type { HttpClient } from './client';

const OrganizationPage = Schema.Struct({ items: Schema.Array(Organization), total: Schema.Int });
const VendorPage = Schema.Struct({ items: Schema.Array(Vendor), total: Schema.Int });
const MoveResult = Schema.Struct({ moved: Schema.Int, items: Schema.Array(Appointment) });
const CreditResult = Schema.Struct({ balance: Cents, adjustment: CreditAdjustment });
const CreditLedger = Schema.Struct({ customer_id: AccountId, balance: Cents, items: Schema.Array(CreditAdjustment) });

/** The admin tag (super only). */
export const adminApi = ({ client }: HttpClient): AdminApi => {
  const summaries: { readonly [K in HoverCardKind]: (id: string) => ApiCall<HoverCardRecord[K]> } = {
    customer: (id) => call((signal) => client.GET('/admin/customers/{id}', { params: { path: { id } }, signal }), body(Customer)),
    vendor: (id) => call((signal) => client.GET('/admin/vendors/{id}', { params: { path: { id } }, signal }), body(Vendor)),
    appointment: (id) => call((signal) => client.GET('/appointments/{id}', { params: { path: { id } }, signal }), body(Appointment)),
  };
  return {
    applyCredit: (customerId, adjustment, idempotencyKey) =>
      call(
        (signal) =>
          client.POST('/admin/credit/{id}', { params: { path: { id: customerId }, header: { 'Idempotency-Key': idempotencyKey } }, body: adjustment, signal }),
        body(CreditResult),
      ),
    credit: (customerId) => call((signal) => client.GET('/admin/credit/{id}', { params: { path: { id: customerId } }, signal }), body(CreditLedger)),
    organizations: (query) => call((signal) => client.GET('/admin/organizations', { params: { query }, signal }), body(OrganizationPage)),
    organization: (id) => call((signal) => client.GET('/admin/organizations/{id}', { params: { path: { id } }, signal }), body(Organization)),
    decideOrganization: (id, decision, note) =>
      call(
        (signal) =>
          decision === 'approve'
            ? client.PUT('/admin/organizations/{id}/approve', { params: { path: { id } }, body: note ? { note } : {}, signal })
            : client.PUT('/admin/organizations/{id}/reject', { params: { path: { id } }, body: note ? { note } : {}, signal }),
        body(Organization),
      ),
    summary: (kind, id) => summaries[kind](id),
    appointmentImages: (query) => call((signal) => client.GET('/admin/appointment-images', { params: { query }, signal }), body(AppointmentImagePage)),
    vendors: (query) => call((signal) => client.GET('/admin/vendors', { params: { query }, signal }), body(VendorPage)),
    moveVendorAppointments: (input) => call((signal) => client.POST('/admin/move-vendor-appointments', { body: input, signal }), body(MoveResult)),
  };
};
