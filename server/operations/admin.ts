import { defineOperation, type OperationModule } from './define';

/** The admin area. Only the audit trail is implemented; the other operations of the tag answer 501 for now. */
export const operations: OperationModule = [
  defineOperation('listAuditEntries', {
    access: ['super'],
    handler: async ({ query, services }) => services.audit.list(query),
  }),
];
