import { defineOperation, type OperationModule } from './define';

/** Who reads an organization's dashboard: the organization itself (its own id only), super and admin. */
const MANAGERS = ['super', 'admin', 'organization'] as const;

/** The organization's dashboard (server/services/organization-home.ts). */
export const operations: OperationModule = [
  defineOperation('getOrganizationInit', {
    access: MANAGERS,
    handler: async ({ auth, params, services }) => services.organizationHome.init(auth, params.id),
  }),
];
