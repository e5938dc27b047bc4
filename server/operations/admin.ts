import { organizationApprovalMachine } from '../../src/machines/lifecycles/organization-approval.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/**
 * The admin area: the audit trail, a customer's credit (super only; server/services/credits.ts), and the
 * organizations with their approval (server/services/organizations.ts; who decides is the approval chart's rule).
 * The other operations of the tag answer 501 for now.
 */
export const operations: OperationModule = [
  defineOperation('listAuditEntries', {
    access: ['super'],
    handler: async ({ query, services }) => services.audit.list(query),
  }),
  defineOperation('getCreditLedger', {
    access: ['super'],
    handler: async ({ params, services }) => services.credits.ledger(params.id),
  }),
  defineOperation('createCreditAdjustment', {
    access: ['super'],
    fullSignIn: true,
    handler: async ({ auth, body, params, headers, services, reply }) => {
      const result = await services.credits.adjust(auth, params.id, body, headers['idempotency-key'] ?? '');
      reply.code(201);
      return result;
    },
  }),
  defineOperation('listAdminOrganizations', {
    access: ['super'],
    handler: async ({ query, services }) => services.organizations.list(query ?? {}),
  }),
  defineOperation('getAdminOrganization', {
    access: ['super'],
    handler: async ({ params, services }) => services.organizations.get(params.id),
  }),
  defineOperation('approveOrganization', {
    access: chartAccess(organizationApprovalMachine, 'organization.approve'),
    handler: async ({ auth, params, body, services, requestId }) => services.organizations.decide(auth, params.id, 'approve', body, requestId),
  }),
  defineOperation('rejectOrganization', {
    access: chartAccess(organizationApprovalMachine, 'organization.reject'),
    handler: async ({ auth, params, body, services, requestId }) => services.organizations.decide(auth, params.id, 'reject', body, requestId),
  }),
];
