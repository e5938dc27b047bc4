import type { ApprovalId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Doc, Rec } from './types';

export type ApprovalType = 'home_size' | 'start_time';

/** The approvals tag (bookings §3/§7): home-size and start-time change requests. */
export interface ApprovalsApi {
  create(input: { readonly type: ApprovalType; readonly data: Doc; readonly note?: string }): ApiCall<Rec<ApprovalId>>;
  update(id: ApprovalId, input: { readonly status: 'approved' | 'declined'; readonly note?: string }): ApiCall<Rec<ApprovalId>>;
  get(id: ApprovalId): ApiCall<Rec<ApprovalId>>;
}
