import * as Schema from 'effect/Schema';
import type { VendorsApi } from '../../core/ports/api/vendors';
import { DocSchema, body, call, confirmation, items, wire } from './call';
import type { HttpClient } from './client';

/** The payout provider's onboarding address (the reply also carries the state key of the hand-back). */
export const OnboardingAuthorize = Schema.Struct({ url: Schema.String });

/** The vendors tag (bookings §7). */
export const vendorsApi = ({ client }: HttpClient): VendorsApi => ({
  init: (id) => call((signal) => client.GET('/vendor/{id}/init', { params: { path: { id } }, signal }), body(DocSchema)),
  onboardingAuthorize: (id) => call((signal) => client.GET('/vendors/{id}/onboarding/authorize', { params: { path: { id } }, signal }), body(OnboardingAuthorize)),
  onboardingToken: (id, input) =>
    call((signal) => client.POST('/vendors/{id}/onboarding/token', { params: { path: { id } }, body: input, signal }), confirmation),
  update: (id, fields) => call((signal) => client.PUT('/vendors/{id}/update', { params: { path: { id } }, body: wire(fields), signal }), body(DocSchema)),
  requestTimeOff: (input) => call((signal) => client.PUT('/request-time-off', { body: wire(input), signal }), confirmation),
  updateAvailability: (input) => call((signal) => client.PUT('/update-availability', { body: wire(input), signal }), confirmation),
  checklist: () => call((signal) => client.GET('/vendors/checklist', { signal }), items(DocSchema)),
  updateChecklist: (input) => call((signal) => client.PUT('/vendors/checklist/update', { body: wire(input), signal }), confirmation),
});
