/** The organization's dashboard and service-area charts (src/machines/features/organization-dashboard.machine.ts, service-areas.machine.ts, organization-profile.machine.ts). */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { OrganizationInit } from '../../../src/core/model/organization';
import { organizationDashboardMachine } from '../../../src/machines/features/organization-dashboard.machine';
import { organizationProfileMachine } from '../../../src/machines/features/organization-profile.machine';
import { serviceAreasMachine, type AreaSet } from '../../../src/machines/features/service-areas.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

export const ORGANIZATION_ID = 'b1000000000000000000000b' as AccountId;

export const dashboardData: OrganizationInit = {
  organization: { _id: ORGANIZATION_ID, company_name: 'Green Crew', primary_email: 'organization@example.test', meta: {} },
  vendors: [],
  pending_time_off: [],
  today: '2026-11-23',
  time_zone: 'America/Chicago',
  today_appointments: [],
  month_earnings: { month: '2026-11', amount: 12500, visits: 3, currency: 'usd' },
  pending_approvals: 1,
};

/** The dashboard: loads, fails, and reads again. */
export function dashboardEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', dashboardData), failed('load')];
  return [{ type: 'dashboard.retry' }];
}

export const dashboardModel: ChartModel = {
  machine: organizationDashboardMachine,
  events: dashboardEvents,
  starts: () => [initialSnapshot(organizationDashboardMachine, { organizationId: ORGANIZATION_ID })],
};

export const areaSet: AreaSet = { areas: [{ label: 'Austin', postal_code: '78701', radius_miles: 15 }], zipCodes: ['80302'] };

/**
 * The service area: loaded or failing; in editing, a bounded set of edits (at most two rows, so the explored
 * states stay few), a save with problems (a row left empty) and a good one, answered or refused.
 */
export function areasEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', areaSet), failed('load')];
  if (s.matches('saving')) return [done('save', areaSet), failed('save', { _tag: 'ApiError', message: 'Invalid ZIP code 10001', code: 'invalid_zip_code' })];
  if (s.matches('failed')) return [{ type: 'areas.retry' }];
  const rows = (s.context as { rows: readonly unknown[] }).rows.length;
  return [
    ...(rows < 2 ? [{ type: 'areas.add' }] : []),
    ...(rows > 0 ? [{ type: 'areas.remove', index: rows - 1 }, { type: 'areas.change', index: rows - 1, field: 'postal_code', value: '78702' }, { type: 'areas.change', index: rows - 1, field: 'radius_miles', value: '5' }] : []),
    { type: 'areas.zips', text: '80302' },
    { type: 'areas.save' },
  ];
}

export const areasModel: ChartModel = {
  machine: serviceAreasMachine,
  events: areasEvents,
  starts: () => [initialSnapshot(serviceAreasMachine, { organizationId: ORGANIZATION_ID })],
};

/** The profile: loaded or failing; one command of each kind, with problems or good, answered or refused. */
export function profileEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', dashboardData.organization), failed('load')];
  if (s.matches('applying')) return [done('apply', dashboardData.organization), failed('apply', { _tag: 'ApiError', message: 'Contact not found', code: 'contact_not_found' })];
  if (s.matches('failed')) return [{ type: 'profile.retry' }];
  return [
    { type: 'profile.apply', command: { kind: 'details', company_name: '', phone: '555' } },
    { type: 'profile.apply', command: { kind: 'details', company_name: 'Green Crew', phone: '555-123-4567' } },
    { type: 'profile.apply', command: { kind: 'deleteContact', contact_id: 'c1' } },
  ];
}

export const orgProfileModel: ChartModel = {
  machine: organizationProfileMachine,
  events: profileEvents,
  starts: () => [initialSnapshot(organizationProfileMachine, { organizationId: ORGANIZATION_ID })],
};
