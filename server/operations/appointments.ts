import { appointmentMachine } from '../../src/machines/lifecycles/appointment.machine';
import { chartAccess } from '../services/transitions';
import { badRequest } from '../errors';
import { defineOperation, type OperationModule } from './define';

/** Who reads appointments; the service narrows it to the caller's own (customer, vendor, organization). */
const READERS = ['super', 'admin', 'customer', 'vendor', 'organization'] as const;

/** Who sees the vendor's last known position on an appointment: its organization and staff (not the customer). */
const LOCATION_READERS: readonly string[] = ['organization', 'super', 'admin'];

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
  // The day view (vendor, organization, super): one day, scoped like every appointment read; without a date, today
  // as the server counts it in the zone of whose day it is (the organization's own for an organization).
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
    // With its add-ons and approval request (server/services/addons.ts); the organization and staff also see the
    // vendor's last known position (server/services/vendor-location.ts).
    handler: async ({ auth, params, services }) => {
      const appointment = await services.addOns.withExtras(await services.appointments.get(auth, params.id));
      const vendorId = appointment.vendor_data?._id;
      if (!vendorId || !LOCATION_READERS.includes(auth.role)) return appointment;
      const location = (await services.vendorLocation.lastOf([vendorId])).get(vendorId);
      return location ? { ...appointment, vendor_location: location } : appointment;
    },
  }),
  // `vendor_id` alone is the chart's appointment.reassign (server/services/vendor-assignment.ts): another vendor
  // takes the visit, even within the 7 days appointment.update refuses; with other fields it is 400.
  defineOperation('updateAppointment', {
    access: [...new Set([...senders('appointment.update'), ...senders('appointment.reassign')])],
    handler: async ({ auth, params, body, services, requestId }) => {
      if (body.vendor_id !== undefined) {
        if (Object.keys(body).length > 1) throw badRequest('vendor_id is changed alone: send no other field with it', 'vendor_id_alone');
        return services.vendorAssignment.reassign(auth, params.id, body.vendor_id, requestId);
      }
      return services.appointments.update(auth, params.id, body, requestId);
    },
  }),
  // A visit booked directly (server/services/appointment-booking.ts): the chart's appointment.create, with its audit row.
  defineOperation('createAppointment', {
    access: senders('appointment.create'),
    handler: async ({ auth, body, services, requestId, reply }) => {
      const created = await services.appointmentBooking.create(auth, body, requestId);
      void reply.code(201);
      return created;
    },
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
