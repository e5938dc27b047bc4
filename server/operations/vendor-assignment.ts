import { defineOperation, type OperationModule } from './define';

/**
 * Who serves the visits (server/services/vendor-assignment.ts): the vendor lists of an organization (its own;
 * staff any) and of staff.
 */
export const operations: OperationModule = [
  defineOperation('listOrganizationVendors', {
    access: ['organization', 'super', 'admin'],
    handler: async ({ auth, params, query, services }) => services.vendorAssignment.listOrganizationVendors(auth, params.id, query ?? {}),
  }),
  defineOperation('listAdminVendors', {
    access: ['super', 'admin'],
    handler: async ({ query, services }) => services.vendorAssignment.listAdminVendors(query ?? {}),
  }),
];
