import { Effect, Schema } from 'effect';
import type { OrganizationsApi } from '../../core/ports/api/organizations';
import { Invalid } from '../../core/ports/errors';
import { OkBody } from '../../core/model/common';
import { Customer } from '../../core/model/customer';
import { AddressList } from '../../core/model/address';
import { ContributionList } from '../../core/model/affiliate';
import { Organization, OrganizationInit, ServiceArea, Survey, ZipCodes } from '../../core/model/organization';
import { Vendor, VendorSchedule } from '../../core/model/vendor';
import { BankAccount, MoneySummary, OnboardingAuthorize, OnboardingTokenResult, Payout, Transfer } from '../../core/model/payouts';
import { PayoutOnboarding } from '../../core/model/payout-onboarding';
import { body, call, exchange, items, part } from './call';
import type { HttpClient } from './client';

const organization = body(Organization);
const VendorPage = Schema.Struct({ items: Schema.Array(Vendor), total: Schema.Int });
const ok = part(OkBody, (r) => ({ message: r.message ?? '' }));

/** The organizations tag (bookings §7; x-origin spec-named). */
export const organizationsApi = ({ client }: HttpClient): OrganizationsApi => ({
  init: (id) => call((signal) => client.GET('/organization/{id}/init', { params: { path: { id } }, signal }), body(OrganizationInit)),
  update: (id, fields) => call((signal) => client.PUT('/organization/{id}/update', { params: { path: { id } }, body: fields, signal }), organization),
  onboardingAuthorize: (id) =>
    call((signal) => client.GET('/organization/{id}/onboarding/authorize', { params: { path: { id } }, signal }), body(OnboardingAuthorize)),
  onboardingToken: (id, input) =>
    call((signal) => client.POST('/organization/{id}/onboarding/token', { params: { path: { id } }, body: input, signal }), body(OnboardingTokenResult)),
  finishSetup: (id) => call((signal) => client.PUT('/organization/{id}/finish_setup', { params: { path: { id } }, signal }), organization),
  acceptAgreement: (id, { agreement_version }) =>
    call(
      (signal) => client.PUT('/organization/{id}/accept_agreement', { params: { path: { id } }, body: { agreement_version, accepted: true }, signal }),
      organization,
    ),
  getSurvey: (id) => call((signal) => client.GET('/organization/{id}/survey', { params: { path: { id } }, signal }), body(Survey)),
  onboarding: (id) => call((signal) => client.GET('/organization/{id}/onboarding', { params: { path: { id } }, signal }), body(PayoutOnboarding)),
  business: (id, input) => call((signal) => client.PUT('/organization/{id}/business', { params: { path: { id } }, body: input, signal }), body(PayoutOnboarding)),
  getBankAccount: (id) => call((signal) => client.GET('/organization/{id}/bank_account', { params: { path: { id } }, signal }), body(Schema.NullOr(BankAccount))),
  bankAccount: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/bank_account', { params: { path: { id } }, body: input, signal }), body(BankAccount)),
  verificationDocumentData: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/verification_document_data', { params: { path: { id } }, body: input, signal }), organization),
  updateContact: (id, input) => call((signal) => client.PUT('/organization/{id}/update-contact', { params: { path: { id } }, body: input, signal }), organization),
  deleteContact: (id, input) => call((signal) => client.PUT('/organization/{id}/delete-contact', { params: { path: { id } }, body: input, signal }), organization),
  vendors: (id, query) => call((signal) => client.GET('/organization/{id}/vendors', { params: { path: { id }, query }, signal }), items(Vendor)),
  vendorPage: (id, query) => call((signal) => client.GET('/organization/{id}/vendors', { params: { path: { id }, query }, signal }), body(VendorPage)),
  newVendor: (id, input) => call((signal) => client.POST('/organization/{id}/vendors', { params: { path: { id } }, body: input, signal }), body(Vendor)),
  deleteVendor: (id, vendorId) =>
    call((signal) => client.PUT('/organization/{id}/vendors/{vendorId}/delete', { params: { path: { id, vendorId } }, signal }), ok),
  scheduleStatus: (id, { schedule_id, ...decision }) =>
    call(
      (signal) => client.PUT('/organization/{id}/schedule/{scheduleId}', { params: { path: { id, scheduleId: schedule_id } }, body: decision, signal }),
      body(VendorSchedule),
    ),
  timeOff: (id, query) => call((signal) => client.GET('/organization/{id}/schedule', { params: { path: { id }, query }, signal }), body(Schema.Array(VendorSchedule))),
  deleteSchedule: (id, { schedule_id }) =>
    call((signal) => client.PUT('/organization/{id}/schedule/{scheduleId}/delete', { params: { path: { id, scheduleId: schedule_id } }, signal }), ok),
  serviceAreas: (id) => call((signal) => client.GET('/organization/{id}/service-areas', { params: { path: { id } }, signal }), items(ServiceArea)),
  zipCodes: (id) => call((signal) => client.GET('/organization/{id}/zip-codes', { params: { path: { id } }, signal }), part(ZipCodes, (r) => r.zip_codes)),
  setServiceAreas: (id, list) =>
    call((signal) => client.PUT('/organization/{id}/service-areas', { params: { path: { id } }, body: { items: [...list] }, signal }), items(ServiceArea)),
  setZipCodes: (id, zipCodes) =>
    call((signal) => client.PUT('/organization/{id}/zip-codes', { params: { path: { id } }, body: { zip_codes: [...zipCodes] }, signal }), part(ZipCodes, (r) => r.zip_codes)),
  transfers: (id, query) => call((signal) => client.GET('/organization/{id}/transfers', { params: { path: { id }, query }, signal }), items(Transfer)),
  transfersSummary: (id, query) =>
    call((signal) => client.GET('/organization/{id}/transfers-summary', { params: { path: { id }, query }, signal }), body(MoneySummary)),
  payouts: (id, query) => call((signal) => client.GET('/organization/{id}/payouts', { params: { path: { id }, query }, signal }), items(Payout)),
  payoutsSummary: (id, query) =>
    call((signal) => client.GET('/organization/{id}/payouts-summary', { params: { path: { id }, query }, signal }), body(MoneySummary)),
  exportCsv: (id, report, query) =>
    exchange((signal) => client.GET('/organization/{id}/csv/{report}', { params: { path: { id, report }, query }, parseAs: 'arrayBuffer', signal })).pipe(
      Effect.flatMap(({ data }) =>
        data instanceof ArrayBuffer ? Effect.succeed(new Uint8Array(data)) : Effect.fail(new Invalid({ message: 'Invalid response: expected the CSV bytes' })),
      ),
    ),
  manageAffiliate: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/affiliate/manage', { params: { path: { id } }, body: input, signal }), body(ContributionList)),
  // status takes the contract's default (draft) when the caller leaves it out.
  survey: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/survey', { params: { path: { id } }, body: { ...input, status: input.status ?? 'draft' }, signal }), body(Survey)),
  customers: (id, query) => call((signal) => client.GET('/organization/{id}/customers', { params: { path: { id }, query }, signal }), items(Customer)),
  updateCustomerAddress: (id, customerId, input) =>
    call(
      (signal) => client.PUT('/organization/{id}/customers/{customerId}/update-address', { params: { path: { id, customerId } }, body: input, signal }),
      part(AddressList, (r) => r.address),
    ),
});
