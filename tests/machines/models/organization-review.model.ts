/**
 * Super's review of organizations: the queue or one organization loads (something, nothing, or fails); approve
 * and reject go through when the approval chart allows them, and the answer or a refusal comes back.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { Organization } from '../../../src/core/model/organization';
import { organizationReviewMachine } from '../../../src/machines/features/organization-review.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

const ID = 'a0000000000000000000000a' as AccountId;
export const pendingOrganization: Organization = {
  _id: ID,
  company_name: 'Fresh Cut Partners',
  primary_email: 'pending-organization@tendwell.test',
  meta: { isApproved: false, approval_status: 'pending' },
};
const approved: Organization = { ...pendingOrganization, meta: { isApproved: true, approval_status: 'approved' } };

export function reviewEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', { items: [pendingOrganization], total: 1 }), done('load', { items: [], total: 0 }), failed('load')];
  if (s.matches('deciding')) return [done('decide', approved), failed('decide')];
  return [
    { type: 'review.approve', id: ID },
    { type: 'review.reject', id: ID, note: 'Insurance missing' },
    { type: 'review.retry' },
  ];
}

export const model: ChartModel = {
  machine: organizationReviewMachine,
  events: reviewEvents,
  starts: () => [initialSnapshot(organizationReviewMachine, { request: { kind: 'queue', pageSize: 5 } })],
};
