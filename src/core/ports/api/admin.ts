import type { AccountId } from '../../model/ids';
import type { CreditAdjustment } from '../../model/credit';
import type { Customer } from '../../model/customer';
import type { Vendor } from '../../model/vendor';
import type { Appointment } from '../../model/appointment';
import type { Organization, OrganizationApprovalState } from '../../model/organization';
import type { Page, PageNumberQuery } from './types';
import type { AppointmentImagePage } from '../../model/visit-photo';
import type { ApiCall } from '../errors';

/** The admin list of organizations (x-origin tendwell): a page, with search (3 characters or more) and the approval filter. */
export interface AdminOrganizationQuery extends PageNumberQuery {
  readonly search?: string;
  readonly approval?: OrganizationApprovalState;
  readonly sort?: 'created' | 'name';
  readonly order?: 'asc' | 'desc';
}

/** GET admin/vendors: every vendor, by name or e-mail, by organization. */
export interface AdminVendorQuery extends PageNumberQuery {
  readonly search?: string;
  readonly organization_id?: AccountId;
  readonly sort?: 'created' | 'name';
  readonly order?: 'asc' | 'desc';
}

/** POST admin/move-vendor-appointments: one vendor's open visits of a date range (whole days) to another vendor. */
export interface MoveVendorAppointmentsInput {
  readonly from_vendor_id: AccountId;
  readonly to_vendor_id: AccountId;
  readonly start_date: string;
  readonly end_date: string;
}

/** How many visits moved, and each as it is now. */
export interface MoveVendorAppointmentsResult {
  readonly moved: number;
  readonly items: readonly Appointment[];
}

export type HoverCardKind = 'customer' | 'vendor' | 'appointment';

/** The hover-card record of each kind. */
export interface HoverCardRecord {
  readonly customer: Customer;
  readonly vendor: Vendor;
  readonly appointment: Appointment;
}

/** The admin tag (super only). */
export interface AdminApi {
  /** POST admin/credit/{id}: only super may apply credit or debit; failure text 'There was an error'. */
  /** Money-moving: `idempotencyKey` (one per attempt, the same on every retry of it) makes a retry apply once. */
  applyCredit(customerId: AccountId, adjustment: CreditAdjustment, idempotencyKey: string): ApiCall<{ readonly balance: number; readonly adjustment: CreditAdjustment }>;
  /** GET admin/credit/{id}: the balance in cents (positive: owed; negative: credit) and the adjustments, newest first. */
  credit(customerId: AccountId): ApiCall<{ readonly customer_id: AccountId; readonly balance: number; readonly items: readonly CreditAdjustment[] }>;
  /** GET admin/organizations: one page of organizations (the pending queue of /admin asks approval 'pending'). */
  organizations(query: AdminOrganizationQuery): ApiCall<Page<Organization>>;
  /** GET admin/organizations/{id}. */
  organization(id: AccountId): ApiCall<Organization>;
  /** PUT admin/organizations/{id}/approve or …/reject: the organization-approval chart's decision (409 when it is not allowed). */
  decideOrganization(id: AccountId, decision: 'approve' | 'reject', note?: string): ApiCall<Organization>;
  /** The hover-card summary of a customer, vendor or appointment (x-origin tendwell). */
  summary<K extends HoverCardKind>(kind: K, id: string): ApiCall<HoverCardRecord[K]>;
  /** GET admin/appointment-images: every photo of a completed visit, newest first (x-origin tendwell). */
  appointmentImages(query: { readonly page?: number; readonly pageSize?: number }): ApiCall<AppointmentImagePage>;
  /** GET admin/vendors: one page of every vendor (super, admin). */
  vendors(query: AdminVendorQuery): ApiCall<Page<Vendor>>;
  /** POST admin/move-vendor-appointments (super): all or nothing; 409 move_refused names the visits that cannot go. */
  moveVendorAppointments(input: MoveVendorAppointmentsInput): ApiCall<MoveVendorAppointmentsResult>;
}
