import { timeOffMachine } from '../../src/machines/lifecycles/time-off.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/** Who asks about free times; the service narrows a vendor to itself and an organization to its vendors. */
const ASKERS = ['super', 'admin', 'customer', 'vendor', 'organization'] as const;
/** Who sets a vendor's working hours: the vendor, its organization, staff. */
const HOURS = ['super', 'admin', 'vendor', 'organization'] as const;
/** Who reads an organization's time-off queue (the organization itself, staff). */
const QUEUE = ['super', 'admin', 'organization'] as const;
/** Who deletes from the queue: the chart's deleters that act on an organization (the vendor has no call for it). */
const DELETERS = chartAccess(timeOffMachine, 'timeOff.delete').filter((role) => role !== 'vendor');

/**
 * The vendor calendar (server/services/calendar.ts): working hours, time off through the time-off chart, and
 * free start times. Time-off changes declare the roles the chart's rules allow (`chartAccess`).
 */
export const operations: OperationModule = [
  defineOperation('updateAvailability', {
    access: HOURS,
    handler: async ({ auth, body, services }) => services.calendar.updateAvailability(auth, body),
  }),
  defineOperation('getVendorInit', {
    access: HOURS,
    handler: async ({ auth, params, services }) => services.calendar.vendorInit(auth, params.id),
  }),
  // The vendor's profile (server/services/vendor-profile.ts): the vendor itself, its organization, staff.
  defineOperation('updateVendor', {
    access: HOURS,
    handler: async ({ auth, params, body, services, requestId }) => services.vendorProfile.update(auth, params.id, body, requestId),
  }),
  defineOperation('requestTimeOff', {
    access: chartAccess(timeOffMachine, 'timeOff.request'),
    handler: async ({ auth, body, services, requestId }) => services.calendar.requestTimeOff(auth, body, requestId),
  }),
  defineOperation('listOrganizationTimeOff', {
    access: QUEUE,
    handler: async ({ auth, params, query, services }) => services.calendar.listOrganizationTimeOff(auth, params.id, query ?? {}),
  }),
  defineOperation('decideVendorTimeOff', {
    access: chartAccess(timeOffMachine, 'timeOff.approve'),
    handler: async ({ auth, params, body, services, requestId }) =>
      services.calendar.decideTimeOff(auth, params.id, params.scheduleId, body, requestId),
  }),
  defineOperation('deleteVendorTimeOff', {
    access: DELETERS,
    handler: async ({ auth, params, services, requestId }) => services.calendar.deleteTimeOff(auth, params.id, params.scheduleId, requestId),
  }),
  defineOperation('checkAvailability', {
    access: ASKERS,
    handler: async ({ auth, query, services }) => services.calendar.check(auth, query),
  }),
  defineOperation('getAvailabilityDay', {
    access: ASKERS,
    handler: async ({ auth, query, services }) => services.calendar.day(auth, query),
  }),
  defineOperation('getAvailabilityRange', {
    access: ASKERS,
    handler: async ({ auth, query, services }) => services.calendar.range(auth, query),
  }),
  defineOperation('getNextAvailability', {
    access: ASKERS,
    handler: async ({ auth, query, services }) => services.calendar.next(auth, query ?? {}),
  }),
  defineOperation('getPublicNextAvailability', {
    access: 'public',
    handler: async ({ query, services }) => services.calendar.publicNext(query),
  }),
];
