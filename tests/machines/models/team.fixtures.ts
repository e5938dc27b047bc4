/** The team list: a page answers something, nothing, or fails; search, page and retry read again. */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { Vendor } from '../../../src/core/model/vendor';
import { teamListMachine } from '../../../src/machines/features/team-list.machine';
import { vendorInviteMachine } from '../../../src/machines/features/vendor-invite.machine';
import { vendorProfileMachine } from '../../../src/machines/features/team-vendor.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

export const ORGANIZATION_ID = 'b1000000000000000000000b' as AccountId;
export const teamVendor: Vendor = {
  _id: 'b2000000000000000000000b' as AccountId,
  first_name: 'Nia',
  last_name: 'Newhire',
  primary_email: 'nia@example.test',
  is_part_of_org: true,
  organization_id: ORGANIZATION_ID,
  invitation_pending: true,
};

export function listEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches({ active: 'loading' })) return [done('load', { items: [teamVendor], total: 1 }), done('load', { items: [], total: 0 }), failed('load')];
  return [{ type: 'team.search', text: 'nia' }, { type: 'team.page', page: 2 }, { type: 'team.retry' }];
}

export const listModel: ChartModel = {
  machine: teamListMachine,
  events: listEvents,
  starts: () => [initialSnapshot(teamListMachine, { organizationId: ORGANIZATION_ID })],
};

/** Inviting: problems stay (nothing sent), a good invitation is sent and answered or refused; again starts over. */
export function inviteEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('sending')) return [done('invite', teamVendor), failed('invite', { _tag: 'ApiError', message: 'Max vendors for your organization has been reached', code: 'max_vendors_reached' })];
  if (s.matches('sent')) return [{ type: 'team.again' }];
  return [
    { type: 'team.invite', input: { first_name: '', last_name: 'Newhire', email: 'nia@' } },
    { type: 'team.invite', input: { first_name: 'Nia', last_name: 'Newhire', email: 'nia@example.test' } },
  ];
}

export const inviteModel: ChartModel = {
  machine: vendorInviteMachine,
  events: inviteEvents,
  starts: () => [initialSnapshot(vendorInviteMachine, { organizationId: ORGANIZATION_ID })],
};

/** One vendor: found, not ours, or failing; removing is asked, confirmed or cancelled, and answered or refused. */
export function profileEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', { vendor: teamVendor, timeOff: [], visits: [] }), done('load', null), failed('load')];
  if (s.matches('removing')) return [done('remove'), failed('remove')];
  return [{ type: 'vendor.remove' }, { type: 'vendor.confirm' }, { type: 'vendor.cancel' }, { type: 'vendor.retry' }];
}

export const profileModel: ChartModel = {
  machine: vendorProfileMachine,
  events: profileEvents,
  starts: () => [initialSnapshot(vendorProfileMachine, { organizationId: ORGANIZATION_ID, vendorId: teamVendor._id })],
};
