import type { ApprovalsApi } from '../../core/ports/api/approvals';
import { Approval } from '../../core/model/approval';
import { body, call } from './call';
import type { HttpClient } from './client';

/** The approvals tag (bookings §3/§7): home-size and start-time change requests. */
export const approvalsApi = ({ client }: HttpClient): ApprovalsApi => ({
  create: (input) => call((signal) => client.POST('/approvals', { body: input, signal }), body(Approval)),
  update: (id, input) => call((signal) => client.PUT('/approvals/{id}', { params: { path: { id } }, body: input, signal }), body(Approval)),
  get: (id) => call((signal) => client.GET('/approvals/{id}', { params: { path: { id } }, signal }), body(Approval)),
});
