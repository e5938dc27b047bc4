import * as Schema from 'effect/Schema';
import type { AffiliatesApi } from '../../core/ports/api/affiliates';
import {
  Affiliate,
  AffiliateIdEntry,
  AffiliateMetrics,
  BroadcastEmail,
  Contributor,
  FlyerResult,
  IdInUse,
  SignUp,
} from '../../core/model/affiliate';
import { AffiliateInit } from '../../core/model/affiliate-init';
import { BankAccount, OnboardingAuthorize, OnboardingTokenResult, Payout, Transfer } from '../../core/model/payouts';
import { body, call, items, part } from './call';
import type { HttpClient } from './client';

const Balance = Schema.Struct({ available: Schema.Number, pending: Schema.Number });
const idList = items(AffiliateIdEntry);

/** The affiliates tag (bookings §7; x-origin spec-named). */
export const affiliatesApi = ({ client }: HttpClient): AffiliatesApi => ({
  init: (id) => call((signal) => client.GET('/affiliate/{id}/init', { params: { path: { id } }, signal }), body(AffiliateInit)),
  onboardingAuthorize: (id) =>
    call((signal) => client.GET('/affiliate/{id}/onboarding/authorize', { params: { path: { id } }, signal }), body(OnboardingAuthorize)),
  onboardingToken: (id, input) =>
    call((signal) => client.POST('/affiliate/{id}/onboarding/token', { params: { path: { id } }, body: input, signal }), body(OnboardingTokenResult)),
  update: (id, fields) => call((signal) => client.PUT('/affiliate/{id}/update', { params: { path: { id } }, body: fields, signal }), body(Affiliate)),
  finishSetup: (id) => call((signal) => client.PUT('/affiliate/{id}/finish_setup', { params: { path: { id } }, signal }), body(Affiliate)),
  bankAccount: (id, input) => call((signal) => client.PUT('/affiliate/{id}/bank_account', { params: { path: { id } }, body: input, signal }), body(BankAccount)),
  transfers: (id, query) => call((signal) => client.GET('/affiliate/{id}/transfers', { params: { path: { id }, query }, signal }), items(Transfer)),
  payouts: (id, query) => call((signal) => client.GET('/affiliate/{id}/payouts', { params: { path: { id }, query }, signal }), items(Payout)),
  balance: (id) => call((signal) => client.GET('/affiliate/{id}/balance', { params: { path: { id } }, signal }), body(Balance)),
  signUps: (id, query) => call((signal) => client.GET('/affiliate/{id}/sign-ups', { params: { path: { id }, query }, signal }), items(SignUp)),
  contributors: (id, query) => call((signal) => client.GET('/affiliate/{id}/contributors', { params: { path: { id }, query }, signal }), items(Contributor)),
  metrics: (id, query) => call((signal) => client.GET('/affiliate/{id}/metrics', { params: { path: { id }, query }, signal }), body(AffiliateMetrics)),
  getIds: (id) =>
    call((signal) => client.GET('/affiliate/{id}/get-ids', { params: { path: { id } }, signal }), part(Schema.Struct({ items: Schema.Array(AffiliateIdEntry) }), (r) => r.items.map((e) => e.affiliate_id))),
  addId: (id, input) => call((signal) => client.POST('/affiliate/{id}/add-id', { params: { path: { id } }, body: input, signal }), idList),
  updateId: (id, { from, to }) =>
    call((signal) => client.PUT('/affiliate/{id}/update-id', { params: { path: { id } }, body: { affiliate_id: from, new_affiliate_id: to }, signal }), idList),
  deleteId: (id, input) => call((signal) => client.PUT('/affiliate/{id}/delete-id', { params: { path: { id } }, body: input, signal }), idList),
  checkIdInUse: (id, { affiliate_id }) =>
    call(
      (signal) => client.GET('/affiliate/{id}/check-id-in-use', { params: { path: { id }, query: { affiliate_id } }, signal }),
      part(IdInUse, (r) => ({ inUse: r.inUse })),
    ),
  broadcastEmail: (id, { subject, body: text, recipients }) =>
    call(
      (signal) =>
        client.POST('/affiliate/{id}/broadcast-email', {
          params: { path: { id } },
          body: { subject, body: text, recipients: recipients.map((email) => ({ email })) },
          signal,
        }),
      body(BroadcastEmail),
    ),
  broadcastEmails: (id) => call((signal) => client.GET('/affiliate/{id}/get-broadcast-emails', { params: { path: { id } }, signal }), items(BroadcastEmail)),
  // template and language take the contract's defaults when the caller leaves them out.
  generateFlyers: (input) =>
    call(
      (signal) =>
        client.POST('/affiliates/generate-flyers', { body: { ...input, template: input.template ?? 'standard', language: input.language ?? 'en' }, signal }),
      body(FlyerResult),
    ),
});
