import type { AccountId } from '../../model/ids';
import type { Customer, CustomerListQuery } from '../../model/customer';
import type { Address } from '../../model/address';
import type { ContributionInput, ContributionList } from '../../model/affiliate';
import type {
  ContactInput,
  CustomerAddressInput,
  NewVendorInput,
  Organization,
  OrganizationInit,
  OrganizationVendorQuery,
  ServiceArea,
  ServiceAreaInput,
  Survey,
  SurveyInput,
  UpdateOrganizationInput,
  VerificationDocumentInput,
} from '../../model/organization';
import type { Vendor, VendorSchedule, VendorScheduleApproval } from '../../model/vendor';
import type { BankAccount, BankAccountInput, MoneySummary, OnboardingAuthorize, OnboardingTokenInput, OnboardingTokenResult, Payout, Transfer } from '../../model/payouts';
import type { BusinessDetailsInput, PayoutOnboarding } from '../../model/payout-onboarding';
import type { ApiCall } from '../errors';
import type { Confirmation, Page, PageNumberQuery, PeriodQuery } from './types';

/** The organizations tag (bookings §7; methods and paths are ours, x-origin spec-named). */
export interface OrganizationsApi {
  init(id: AccountId): ApiCall<OrganizationInit>;
  update(id: AccountId, fields: UpdateOrganizationInput): ApiCall<Organization>;
  onboardingAuthorize(id: AccountId): ApiCall<OnboardingAuthorize>;
  onboardingToken(id: AccountId, input: OnboardingTokenInput): ApiCall<OnboardingTokenResult>;
  finishSetup(id: AccountId): ApiCall<Organization>;
  /** Accept the platform agreement of the given version. */
  acceptAgreement(id: AccountId, input: { readonly agreement_version: string }): ApiCall<Organization>;
  bankAccount(id: AccountId, input: BankAccountInput): ApiCall<BankAccount>;
  verificationDocumentData(id: AccountId, input: VerificationDocumentInput): ApiCall<Organization>;
  updateContact(id: AccountId, input: ContactInput): ApiCall<Organization>;
  deleteContact(id: AccountId, input: { readonly contact_id: string }): ApiCall<Organization>;
  vendors(id: AccountId, query: OrganizationVendorQuery): ApiCall<readonly Vendor[]>;
  /** The same list as a page with its total (the team screen pages and searches it). */
  vendorPage(id: AccountId, query: OrganizationVendorQuery): ApiCall<Page<Vendor>>;
  /** 'Max vendors for your organization has been reached' when full. */
  newVendor(id: AccountId, input: NewVendorInput): ApiCall<Vendor>;
  deleteVendor(id: AccountId, vendorId: AccountId): ApiCall<Confirmation>;
  /** Approve or reject a vendor's time-off request. */
  scheduleStatus(id: AccountId, input: { readonly schedule_id: string; readonly approval: Exclude<VendorScheduleApproval, 'pending'>; readonly note?: string }): ApiCall<VendorSchedule>;
  /** The vendors' time-off requests (the time-off queue), newest first. */
  timeOff(
    id: AccountId,
    query?: { readonly approval?: VendorScheduleApproval; readonly vendor_id?: AccountId; readonly page?: number; readonly pageSize?: number },
  ): ApiCall<readonly VendorSchedule[]>;
  deleteSchedule(id: AccountId, input: { readonly schedule_id: string }): ApiCall<Confirmation>;
  serviceAreas(id: AccountId): ApiCall<readonly ServiceArea[]>;
  /** Replaces the circles (ZIP code centre, radius in miles); 'Invalid ZIP code 99999' for a ZIP code the platform does not know. */
  setServiceAreas(id: AccountId, items: readonly ServiceAreaInput[]): ApiCall<readonly ServiceArea[]>;
  /** The ZIP codes the organization serves. */
  zipCodes(id: AccountId): ApiCall<readonly string[]>;
  /** Replaces the ZIP codes listed one by one. */
  setZipCodes(id: AccountId, zipCodes: readonly string[]): ApiCall<readonly string[]>;
  transfers(id: AccountId, query?: PeriodQuery & PageNumberQuery): ApiCall<readonly Transfer[]>;
  transfersSummary(id: AccountId, query?: PeriodQuery): ApiCall<MoneySummary>;
  payouts(id: AccountId, query?: PeriodQuery & PageNumberQuery): ApiCall<readonly Payout[]>;
  payoutsSummary(id: AccountId, query?: PeriodQuery): ApiCall<MoneySummary>;
  /** CSV export (binary). */
  exportCsv(id: AccountId, report: 'transfers' | 'payouts', query?: PeriodQuery): ApiCall<Uint8Array>;
  manageAffiliate(id: AccountId, input: { readonly affiliates: ContributionInput[] }): ApiCall<ContributionList>;
  survey(id: AccountId, input: SurveyInput): ApiCall<Survey>;
  /** The survey's answers so far. */
  getSurvey(id: AccountId): ApiCall<Survey>;
  // ── payout onboarding (issue 11) ──
  /** Where the payout onboarding stands and what is left (GET organization/{id}/onboarding). */
  onboarding(id: AccountId): ApiCall<PayoutOnboarding>;
  /** The business type, entity type and tax id (PUT organization/{id}/business). */
  business(id: AccountId, input: BusinessDetailsInput): ApiCall<PayoutOnboarding>;
  /** The payout bank account, or null. */
  getBankAccount(id: AccountId): ApiCall<BankAccount | null>;
  /** Defaults: type active, count 100, skip 0. */
  customers(id: AccountId, query: CustomerListQuery): ApiCall<readonly Customer[]>;
  updateCustomerAddress(id: AccountId, customerId: AccountId, input: CustomerAddressInput): ApiCall<readonly Address[]>;
}
