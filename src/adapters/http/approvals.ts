import type { ApprovalsApi } from '../../core/ports/api/approvals';
import { ApprovalId } from '../../core/model/ids';
import { body, call, notInContract, recSchema } from './call';
import type { HttpClient } from './client';

const Approval = recSchema(ApprovalId);

/** The approvals tag (bookings §3/§7): home-size and start-time change requests. */
export const approvalsApi = ({ client }: HttpClient): ApprovalsApi => ({
  create: () => notInContract('approvals.create', 'the contract needs the appointment_id the request is about (and a note), which the port does not carry'),
  update: (id, input) => call((signal) => client.PUT('/approvals/{id}', { params: { path: { id } }, body: input, signal }), body(Approval)),
  get: (id) => call((signal) => client.GET('/approvals/{id}', { params: { path: { id } }, signal }), body(Approval)),
});
