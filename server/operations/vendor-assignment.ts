import { defineOperation, type OperationModule } from './define';

/**
 * Who serves the visits (server/services/vendor-assignment.ts): the vendor lists of an organization (its own;
 * staff any) and of staff, and moving one vendor's visits to another (super). Reassigning one visit is
 * PUT appointments/update/{id} with `vendor_id` alone (server/operations/appointments.ts).
 */
export const operations: OperationModule = [
  defineOperation('listOrganizationVendors', {
    access: ['organization', 'super', 'admin'],
    handler: async ({ auth, params, query, services }) => services.vendorAssignment.listOrganizationVendors(auth, params.id, query ?? {}),
  }),
  // Super only (the admin area): all or nothing, one audit row (appointment.reassign) per visit moved.
  defineOperation('moveVendorAppointments', {
    access: ['super'],
    handler: async ({ auth, body, services, requestId }) => services.vendorAssignment.move(auth, body, requestId),
  }),
  // A vendor's position while it works (server/services/vendor-location.ts): the vendor only.
  defineOperation('pingLocation', {
    access: ['vendor'],
    handler: async ({ auth, body, services }) => services.vendorLocation.ping(auth, body),
  }),
  defineOperation('listAdminVendors', {
    access: ['super', 'admin'],
    handler: async ({ query, services }) => services.vendorAssignment.listAdminVendors(query ?? {}),
  }),
];
