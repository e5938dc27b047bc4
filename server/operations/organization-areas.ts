import { defineOperation, type OperationModule } from './define';

/** Who reads and sets an organization's service area: the organization itself (its own id only), super and admin. */
const MANAGERS = ['super', 'admin', 'organization'] as const;

/** An organization's service area (server/services/service-areas.ts): circles with a radius in miles, and ZIP codes. */
export const operations: OperationModule = [
  defineOperation('getOrganizationServiceAreas', {
    access: MANAGERS,
    handler: async ({ auth, params, services }) => services.serviceAreas.areas(auth, params.id),
  }),
  defineOperation('setOrganizationServiceAreas', {
    access: MANAGERS,
    handler: async ({ auth, params, body, services }) => services.serviceAreas.setAreas(auth, params.id, body),
  }),
  defineOperation('getOrganizationZipCodes', {
    access: MANAGERS,
    handler: async ({ auth, params, services }) => services.serviceAreas.zipCodes(auth, params.id),
  }),
  // The platform's ZIP codes by text, for the service-area form (docs/decisions.md, "Service areas").
  defineOperation('searchZipCodes', {
    access: MANAGERS,
    handler: async ({ query, services }) => services.serviceAreas.search(query ?? {}),
  }),
  defineOperation('setOrganizationZipCodes', {
    access: MANAGERS,
    handler: async ({ auth, params, body, services }) => services.serviceAreas.setZipCodes(auth, params.id, body),
  }),
];
