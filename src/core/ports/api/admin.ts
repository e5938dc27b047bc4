import type { AccountId } from '../../model/ids';
import type { CreditAdjustment } from '../../model/credit';
import type { ApiCall } from '../errors';
import type { Doc } from './types';

export type HoverCardKind = 'customer' | 'vendor' | 'appointment';

/** The admin tag (super only). */
export interface AdminApi {
  /** POST admin/credit/{id}: only super may apply credit or debit; failure text 'There was an error'. */
  applyCredit(customerId: AccountId, adjustment: CreditAdjustment): ApiCall<{ readonly balance: number; readonly adjustment: CreditAdjustment }>;
  /** GET admin/credit/{id}: the balance in cents (positive: owed; negative: credit) and the adjustments, newest first. */
  credit(customerId: AccountId): ApiCall<{ readonly customer_id: AccountId; readonly balance: number; readonly items: readonly CreditAdjustment[] }>;
  /** The hover-card summary of a customer, vendor or appointment (x-origin tendwell). */
  summary(kind: HoverCardKind, id: string): ApiCall<Doc>;
}
