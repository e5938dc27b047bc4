import type { VendorsApi } from '../../core/ports/api/vendors';
import { Availability, Checklist, Vendor, VendorInit, VendorSchedule } from '../../core/model/vendor';
import { OnboardingAuthorize, OnboardingTokenResult } from '../../core/model/payouts';
import { PayoutOnboarding } from '../../core/model/payout-onboarding';
import { body, call, nothing } from './call';
import type { HttpClient } from './client';

/** The vendors tag (bookings §7). */
export const vendorsApi = ({ client }: HttpClient): VendorsApi => ({
  init: (id) => call((signal) => client.GET('/vendor/{id}/init', { params: { path: { id } }, signal }), body(VendorInit)),
  onboardingAuthorize: (id) => call((signal) => client.GET('/vendors/{id}/onboarding/authorize', { params: { path: { id } }, signal }), body(OnboardingAuthorize)),
  onboardingToken: (id, input) =>
    call((signal) => client.POST('/vendors/{id}/onboarding/token', { params: { path: { id } }, body: input, signal }), body(OnboardingTokenResult)),
  update: (id, fields) => call((signal) => client.PUT('/vendors/{id}/update', { params: { path: { id } }, body: fields, signal }), body(Vendor)),
  requestTimeOff: (input) => call((signal) => client.PUT('/request-time-off', { body: input, signal }), body(VendorSchedule)),
  updateAvailability: (input) => call((signal) => client.PUT('/update-availability', { body: input, signal }), body(Availability)),
  checklist: (query) => call((signal) => client.GET('/vendors/checklist', { params: { query }, signal }), body(Checklist)),
  onboarding: (id) => call((signal) => client.GET('/vendors/{id}/onboarding', { params: { path: { id } }, signal }), body(PayoutOnboarding)),
  finishSetup: (id) => call((signal) => client.PUT('/vendors/{id}/finish_setup', { params: { path: { id } }, signal }), body(PayoutOnboarding)),
  updateChecklist: (input) => call((signal) => client.PUT('/vendors/checklist/update', { body: input, signal }), body(Checklist)),
  pingLocation: (input) => call((signal) => client.POST('/location/ping', { body: input, signal }), nothing),
});
