/**
 * The vendor's own profile chart (src/machines/features/vendor-profile.machine.ts): a load that works (with and
 * without the payout onboarding) and one that fails; a draft the core rule refuses and one it sends; a save that
 * lands and one the server refuses.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { Vendor } from '../../../src/core/model/vendor';
import { vendorOwnProfileMachine } from '../../../src/machines/features/vendor-profile.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

const VENDOR_ID = 'b2000000000000000000000b' as AccountId;
const vendor: Vendor = { _id: VENDOR_ID, first_name: 'Vic', last_name: 'Vendor', primary_email: 'vendor@example.test', is_part_of_org: true, company_name: 'Green Crew', bio: null };

export function vendorProfileEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', { vendor, onboarding: null }), failed('load')];
  if (s.matches('failed')) return [{ type: 'profile.retry' }];
  if (s.matches('saving')) return [done('save', { ...vendor, bio: 'Hedges.' }), failed('save')];
  return [
    { type: 'profile.save', draft: { first_name: ' ', last_name: 'Vendor', bio: '' } },
    { type: 'profile.save', draft: { first_name: 'Vic', last_name: 'Vendor', bio: 'Hedges.' } },
  ];
}

export const model: ChartModel = {
  machine: vendorOwnProfileMachine,
  events: vendorProfileEvents,
  starts: () => [initialSnapshot(vendorOwnProfileMachine, { vendorId: VENDOR_ID })],
};
