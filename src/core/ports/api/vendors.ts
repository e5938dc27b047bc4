import type { AccountId, AppointmentId } from '../../model/ids';
import type {
  Availability,
  Checklist,
  ChecklistUpdateInput,
  TimeOffInput,
  UpdateAvailabilityInput,
  UpdateVendorInput,
  Vendor,
  VendorInit,
  VendorSchedule,
} from '../../model/vendor';
import type { OnboardingAuthorize, OnboardingTokenInput, OnboardingTokenResult } from '../../model/payouts';
import type { PayoutOnboarding } from '../../model/payout-onboarding';
import type { ApiCall } from '../errors';

/** The vendors tag (bookings §7). */
export interface VendorsApi {
  init(id: AccountId): ApiCall<VendorInit>;
  /** The payout provider's onboarding address. */
  onboardingAuthorize(id: AccountId): ApiCall<OnboardingAuthorize>;
  onboardingToken(id: AccountId, input: OnboardingTokenInput): ApiCall<OnboardingTokenResult>;
  update(id: AccountId, fields: UpdateVendorInput): ApiCall<Vendor>;
  /** A time-off request; it needs the organization's approval. */
  requestTimeOff(input: TimeOffInput): ApiCall<VendorSchedule>;
  updateAvailability(input: UpdateAvailabilityInput): ApiCall<Availability>;
  checklist(query?: { readonly vendor_id?: AccountId }): ApiCall<Checklist>;
  updateChecklist(input: ChecklistUpdateInput): ApiCall<Checklist>;
  /** Where the payout onboarding stands and what is left (GET vendors/{id}/onboarding). */
  onboarding(id: AccountId): ApiCall<PayoutOnboarding>;
  /** PUT vendors/{id}/finish_setup: meta.initialSetup once the provider account and the insurance document are there. */
  finishSetup(id: AccountId): ApiCall<PayoutOnboarding>;
  /** POST location/ping (vendor): its position while it works; the last one replaces the one before. */
  pingLocation(input: LocationPingInput): ApiCall<void>;
}

/** A position sent with POST location/ping. */
export interface LocationPingInput {
  readonly lat: number;
  readonly lng: number;
  readonly accuracy?: number;
  readonly appointment_id?: AppointmentId;
}
