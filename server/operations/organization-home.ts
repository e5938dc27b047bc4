import { defineOperation, type OperationModule } from './define';

/** Who reads an organization's dashboard: the organization itself (its own id only), super and admin. */
const MANAGERS = ['super', 'admin', 'organization'] as const;

/** The organization's dashboard and profile: its names, business phone and contacts (server/services/organization-home.ts). */
export const operations: OperationModule = [
  defineOperation('getOrganizationInit', {
    access: MANAGERS,
    handler: async ({ auth, params, services }) => services.organizationHome.init(auth, params.id),
  }),
  defineOperation('updateOrganization', {
    access: MANAGERS,
    handler: async ({ auth, params, body, services }) => services.organizationHome.update(auth, params.id, body),
  }),
  defineOperation('updateOrganizationContact', {
    access: MANAGERS,
    handler: async ({ auth, params, body, services }) => services.organizationHome.saveContact(auth, params.id, body),
  }),
  defineOperation('deleteOrganizationContact', {
    access: MANAGERS,
    handler: async ({ auth, params, body, services }) => services.organizationHome.deleteContact(auth, params.id, body),
  }),
  defineOperation('listOrganizationCustomers', {
    access: MANAGERS,
    handler: async ({ auth, params, query, services }) => services.organizationHome.customers(auth, params.id, query ?? {}),
  }),
  defineOperation('updateOrganizationCustomerAddress', {
    access: MANAGERS,
    handler: async ({ auth, params, body, services }) => services.organizationHome.updateCustomerAddress(auth, params.id, params.customerId, body),
  }),
];
