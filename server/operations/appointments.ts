import { appointmentMachine } from '../../src/machines/lifecycles/appointment.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/** Who reads appointments; the service narrows it to the caller's own (customer, vendor, organization). */
const READERS = ['super', 'admin', 'customer', 'vendor', 'organization'] as const;

/** The roles the appointment chart lets send an event: the access of the operation that sends it. */
const senders = (event: string) => chartAccess(appointmentMachine, event);

/**
 * Appointments. Every change is an event of the appointment chart (server/services/transitions.ts); its
 * access is read from the chart's role rules, so the registry's 403 and the chart agree. Ownership is the
 * service's: a record the caller may not see is 404. The other operations of the tag answer 501 for now.
 */
export const operations: OperationModule = [
  defineOperation('listAppointments', {
    access: READERS,
    handler: async ({ auth, query, services }) => services.appointments.list(auth, query),
  }),
  // The vendor's day: a vendor its own; an organization, super or admin name the vendor.
  defineOperation('getTodayAppointments', {
    access: ['vendor', 'organization', 'super', 'admin'],
    handler: async ({ auth, query, services }) => services.appointments.today(auth, query),
  }),
  // The day view (vendor, organization, super): one day, scoped like every appointment read.
  defineOperation('sortAppointments', {
    access: READERS,
    handler: async ({ auth, query, services }) => services.appointments.sorted(auth, query),
  }),
  defineOperation('saveTodayNote', {
    access: ['vendor'],
    handler: async ({ auth, body, services }) => services.appointments.saveTodayNote(auth, body),
  }),
  defineOperation('getAppointment', {
    access: READERS,
    // With its add-ons and approval request (server/services/addons.ts).
    handler: async ({ auth, params, services }) => services.addOns.withExtras(await services.appointments.get(auth, params.id)),
  }),
  defineOperation('updateAppointment', {
    access: senders('appointment.update'),
    handler: async ({ auth, params, body, services, requestId }) => services.appointments.update(auth, params.id, body, requestId),
  }),
  defineOperation('completeAppointment', {
    access: senders('appointment.complete'),
    handler: async ({ auth, body, services, requestId }) => services.appointments.complete(auth, body, requestId),
  }),
  defineOperation('cancelAppointment', {
    access: senders('appointment.cancel'),
    handler: async ({ auth, params, body, services, requestId }) => services.appointments.cancel(auth, params.id, body, requestId),
  }),
  defineOperation('reinstateAppointment', {
    access: senders('appointment.reenable'),
    handler: async ({ auth, params, services, requestId }) => services.appointments.reinstate(auth, params.id, requestId),
  }),
  defineOperation('rainDelayAppointment', {
    access: senders('appointment.rainDelay'),
    handler: async ({ auth, params, body, services, requestId }) => services.appointments.rainDelay(auth, params.id, body, requestId),
  }),
  defineOperation('setAppointmentException', {
    access: senders('appointment.exception'),
    handler: async ({ auth, params, body, services, requestId }) => services.appointments.exception(auth, params.id, body, requestId),
  }),
  defineOperation('enableAppointment', {
    access: senders('appointment.enable'),
    handler: async ({ auth, params, services, requestId }) => services.appointments.enable(auth, params.id, requestId),
  }),
];
