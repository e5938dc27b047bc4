import type { AccountId } from '../../model/ids';
import type { CreditAdjustment } from '../../model/credit';
import type { Customer } from '../../model/customer';
import type { Vendor } from '../../model/vendor';
import type { Appointment } from '../../model/appointment';
import type { AppointmentImagePage } from '../../model/visit-photo';
import type { ApiCall } from '../errors';

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
  /** The hover-card summary of a customer, vendor or appointment (x-origin tendwell). */
  summary<K extends HoverCardKind>(kind: K, id: string): ApiCall<HoverCardRecord[K]>;
  /** GET admin/appointment-images: every photo of a completed visit, newest first (x-origin tendwell). */
  appointmentImages(query: { readonly page?: number; readonly pageSize?: number }): ApiCall<AppointmentImagePage>;
}
