import type { ApprovalId } from '../../model/ids';
import type { Approval, CreateApprovalInput, DecideApprovalInput } from '../../model/approval';
import type { ApiCall } from '../errors';

/** The approvals tag (bookings §3/§7): home-size and start-time change requests about one appointment. */
export interface ApprovalsApi {
  create(input: CreateApprovalInput): ApiCall<Approval>;
  update(id: ApprovalId, input: DecideApprovalInput): ApiCall<Approval>;
  get(id: ApprovalId): ApiCall<Approval>;
}
