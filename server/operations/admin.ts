import { defineOperation, type OperationModule } from './define';

/**
 * The admin area: the audit trail and a customer's credit (super only; server/services/credits.ts). The other
 * operations of the tag answer 501 for now.
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
    handler: async ({ auth, body, params, headers, services, reply }) => {
      const result = await services.credits.adjust(auth, params.id, body, headers['idempotency-key'] ?? '');
      reply.code(201);
      return result;
    },
  }),
];
