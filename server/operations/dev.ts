import { assertMayUseDevTools } from '../auth/dev-access';
import { notFound } from '../errors';
import { defineOperation, type OperationModule } from './define';

export const operations: OperationModule = [
  defineOperation('listDevOutbox', {
    access: 'public',
    handler: async ({ auth, request, query, services }) => {
      // A development convenience (server/config.ts): absent unless on, and then only for this machine or super,
      // since the messages hold reset links and codes.
      if (!services.config.conveniences.outbox) throw notFound();
      await assertMayUseDevTools(request, services.tokens, auth);
      return services.outbox.list(query.to);
    },
  }),
];
