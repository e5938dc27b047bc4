import * as Schema from 'effect/Schema';
import type { AffiliatesApi } from '../../core/ports/api/affiliates';
import { ReferralId } from '../../core/model/ids';
import { DocSchema, body, call, confirmation, items, notInContract, part, wire } from './call';
import type { HttpClient } from './client';
import { OnboardingAuthorize } from './vendors';

const Balance = Schema.Struct({ available: Schema.Number, pending: Schema.Number });
const AffiliateIds = Schema.Struct({ items: Schema.Array(Schema.Struct({ affiliate_id: ReferralId })) });

/** The affiliates tag (bookings §7; x-origin spec-named). */
export const affiliatesApi = ({ client }: HttpClient): AffiliatesApi => ({
  init: (id) => call((signal) => client.GET('/affiliate/{id}/init', { params: { path: { id } }, signal }), body(DocSchema)),
  onboardingAuthorize: (id) =>
    call((signal) => client.GET('/affiliate/{id}/onboarding/authorize', { params: { path: { id } }, signal }), body(OnboardingAuthorize)),
  onboardingToken: (id, input) =>
    call((signal) => client.POST('/affiliate/{id}/onboarding/token', { params: { path: { id } }, body: input, signal }), confirmation),
  update: (id, fields) => call((signal) => client.PUT('/affiliate/{id}/update', { params: { path: { id } }, body: wire(fields), signal }), body(DocSchema)),
  finishSetup: (id) => call((signal) => client.PUT('/affiliate/{id}/finish_setup', { params: { path: { id } }, signal }), confirmation),
  bankAccount: (id, input) => call((signal) => client.PUT('/affiliate/{id}/bank_account', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  transfers: (id) => call((signal) => client.GET('/affiliate/{id}/transfers', { params: { path: { id } }, signal }), items(DocSchema)),
  payouts: (id) => call((signal) => client.GET('/affiliate/{id}/payouts', { params: { path: { id } }, signal }), items(DocSchema)),
  balance: (id) => call((signal) => client.GET('/affiliate/{id}/balance', { params: { path: { id } }, signal }), body(Balance)),
  signUps: (id) => call((signal) => client.GET('/affiliate/{id}/sign-ups', { params: { path: { id } }, signal }), items(DocSchema)),
  contributors: (id) => call((signal) => client.GET('/affiliate/{id}/contributors', { params: { path: { id } }, signal }), items(DocSchema)),
  metrics: (id) => call((signal) => client.GET('/affiliate/{id}/metrics', { params: { path: { id } }, signal }), body(DocSchema)),
  getIds: (id) =>
    call((signal) => client.GET('/affiliate/{id}/get-ids', { params: { path: { id } }, signal }), part(AffiliateIds, (r) => r.items.map((e) => e.affiliate_id))),
  addId: (id, input) => call((signal) => client.POST('/affiliate/{id}/add-id', { params: { path: { id } }, body: input, signal }), confirmation),
  updateId: (id, { from, to }) =>
    call(
      (signal) => client.PUT('/affiliate/{id}/update-id', { params: { path: { id } }, body: { affiliate_id: from, new_affiliate_id: to }, signal }),
      confirmation,
    ),
  deleteId: (id, input) => call((signal) => client.PUT('/affiliate/{id}/delete-id', { params: { path: { id } }, body: input, signal }), confirmation),
  checkIdInUse: () => notInContract('affiliates.checkIdInUse', "the contract asks under the affiliate's account (path id), which the port does not carry"),
  broadcastEmail: (id, { subject, body: text, recipients }) =>
    call(
      (signal) =>
        client.POST('/affiliate/{id}/broadcast-email', {
          params: { path: { id } },
          body: { subject, body: text, recipients: recipients.map((email) => ({ email })) },
          signal,
        }),
      confirmation,
    ),
  broadcastEmails: (id) => call((signal) => client.GET('/affiliate/{id}/get-broadcast-emails', { params: { path: { id } }, signal }), items(DocSchema)),
  generateFlyers: (input) => call((signal) => client.POST('/affiliates/generate-flyers', { body: wire(input), signal }), body(DocSchema)),
});
