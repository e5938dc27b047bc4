import { Effect } from 'effect';
import type { OrganizationsApi } from '../../core/ports/api/organizations';
import { Invalid } from '../../core/ports/errors';
import { DocSchema, type QueryOf, body, call, confirmation, exchange, items, notInContract, wire } from './call';
import type { HttpClient } from './client';
import { OnboardingAuthorize } from './vendors';

/** The organizations tag (bookings §7; x-origin spec-named). */
export const organizationsApi = ({ client }: HttpClient): OrganizationsApi => ({
  init: (id) => call((signal) => client.GET('/organization/{id}/init', { params: { path: { id } }, signal }), body(DocSchema)),
  update: (id, fields) => call((signal) => client.PUT('/organization/{id}/update', { params: { path: { id } }, body: wire(fields), signal }), body(DocSchema)),
  onboardingAuthorize: (id) =>
    call((signal) => client.GET('/organization/{id}/onboarding/authorize', { params: { path: { id } }, signal }), body(OnboardingAuthorize)),
  onboardingToken: (id, input) =>
    call((signal) => client.POST('/organization/{id}/onboarding/token', { params: { path: { id } }, body: input, signal }), confirmation),
  finishSetup: (id) => call((signal) => client.PUT('/organization/{id}/finish_setup', { params: { path: { id } }, signal }), confirmation),
  acceptAgreement: () =>
    notInContract('organizations.acceptAgreement', 'the contract needs the agreement_version accepted, which the port does not carry'),
  bankAccount: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/bank_account', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  verificationDocumentData: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/verification_document_data', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  updateContact: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/update-contact', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  deleteContact: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/delete-contact', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  vendors: (id, query) =>
    call(
      (signal) => client.GET('/organization/{id}/vendors', { params: { path: { id }, query: wire<QueryOf<'/organization/{id}/vendors'>>(query) }, signal }),
      items(DocSchema),
    ),
  newVendor: (id, input) => call((signal) => client.POST('/organization/{id}/vendors', { params: { path: { id } }, body: wire(input), signal }), body(DocSchema)),
  deleteVendor: (id, vendorId) =>
    call((signal) => client.PUT('/organization/{id}/vendors/{vendorId}/delete', { params: { path: { id, vendorId } }, signal }), confirmation),
  scheduleStatus: (id, { schedule_id, approval }) =>
    call(
      (signal) => client.PUT('/organization/{id}/schedule/{scheduleId}', { params: { path: { id, scheduleId: schedule_id } }, body: { approval }, signal }),
      confirmation,
    ),
  deleteSchedule: (id, { schedule_id }) =>
    call((signal) => client.PUT('/organization/{id}/schedule/{scheduleId}/delete', { params: { path: { id, scheduleId: schedule_id } }, signal }), confirmation),
  serviceAreas: (id) => call((signal) => client.GET('/organization/{id}/service-areas', { params: { path: { id } }, signal }), items(DocSchema)),
  zipCodes: () => notInContract('organizations.zipCodes', 'the contract answers a list of zip code strings, the port a list of records'),
  transfers: (id) => call((signal) => client.GET('/organization/{id}/transfers', { params: { path: { id } }, signal }), items(DocSchema)),
  transfersSummary: (id) => call((signal) => client.GET('/organization/{id}/transfers-summary', { params: { path: { id } }, signal }), body(DocSchema)),
  payouts: (id) => call((signal) => client.GET('/organization/{id}/payouts', { params: { path: { id } }, signal }), items(DocSchema)),
  payoutsSummary: (id) => call((signal) => client.GET('/organization/{id}/payouts-summary', { params: { path: { id } }, signal }), body(DocSchema)),
  exportCsv: (id, report) =>
    exchange((signal) => client.GET('/organization/{id}/csv/{report}', { params: { path: { id, report } }, parseAs: 'arrayBuffer', signal })).pipe(
      Effect.flatMap(({ data }) =>
        data instanceof ArrayBuffer ? Effect.succeed(new Uint8Array(data)) : Effect.fail(new Invalid({ message: 'Invalid response: expected the CSV bytes' })),
      ),
    ),
  manageAffiliate: (id, input) =>
    call((signal) => client.PUT('/organization/{id}/affiliate/manage', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  survey: (id, input) => call((signal) => client.PUT('/organization/{id}/survey', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  customers: (id, query) =>
    call((signal) => client.GET('/organization/{id}/customers', { params: { path: { id }, query: wire<QueryOf<'/organization/{id}/customers'>>(query) }, signal }), items(DocSchema)),
  updateCustomerAddress: (id, customerId, input) =>
    call(
      (signal) =>
        client.PUT('/organization/{id}/customers/{customerId}/update-address', { params: { path: { id, customerId } }, body: wire(input), signal }),
      confirmation,
    ),
});
