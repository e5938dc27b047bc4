import type { AccountId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation, Doc } from './types';

export interface OrganizationVendorQuery {
  readonly start?: number;
  readonly num?: number;
  readonly type?: string;
  readonly _id?: AccountId;
}

/** The organizations tag (bookings §7; methods and paths are ours, x-origin spec-named). */
export interface OrganizationsApi {
  init(id: AccountId): ApiCall<Doc>;
  update(id: AccountId, fields: Doc): ApiCall<Doc>;
  onboardingAuthorize(id: AccountId): ApiCall<{ readonly url: string }>;
  onboardingToken(id: AccountId, input: { readonly code: string; readonly state_key: string }): ApiCall<Confirmation>;
  finishSetup(id: AccountId): ApiCall<Confirmation>;
  acceptAgreement(id: AccountId): ApiCall<Confirmation>;
  bankAccount(id: AccountId, input: Doc): ApiCall<Confirmation>;
  verificationDocumentData(id: AccountId, input: Doc): ApiCall<Confirmation>;
  updateContact(id: AccountId, input: Doc): ApiCall<Confirmation>;
  deleteContact(id: AccountId, input: Doc): ApiCall<Confirmation>;
  vendors(id: AccountId, query: OrganizationVendorQuery): ApiCall<readonly Doc[]>;
  /** 'Max vendors for your organization has been reached' when full. */
  newVendor(id: AccountId, input: Doc): ApiCall<Doc>;
  deleteVendor(id: AccountId, vendorId: AccountId): ApiCall<Confirmation>;
  /** Approve or reject a vendor's time-off request. */
  scheduleStatus(id: AccountId, input: { readonly schedule_id: string; readonly approval: 'approved' | 'rejected' }): ApiCall<Confirmation>;
  deleteSchedule(id: AccountId, input: { readonly schedule_id: string }): ApiCall<Confirmation>;
  serviceAreas(id: AccountId): ApiCall<readonly Doc[]>;
  zipCodes(id: AccountId): ApiCall<readonly Doc[]>;
  transfers(id: AccountId): ApiCall<readonly Doc[]>;
  transfersSummary(id: AccountId): ApiCall<Doc>;
  payouts(id: AccountId): ApiCall<readonly Doc[]>;
  payoutsSummary(id: AccountId): ApiCall<Doc>;
  /** CSV export (binary). */
  exportCsv(id: AccountId, report: 'transfers' | 'payouts'): ApiCall<Uint8Array>;
  manageAffiliate(id: AccountId, input: Doc): ApiCall<Confirmation>;
  survey(id: AccountId, input: Doc): ApiCall<Confirmation>;
  /** Defaults: type active, count 100, skip 0. */
  customers(id: AccountId, query: { readonly type?: string; readonly count?: number; readonly skip?: number }): ApiCall<readonly Doc[]>;
  updateCustomerAddress(id: AccountId, customerId: AccountId, input: Doc): ApiCall<Confirmation>;
}
