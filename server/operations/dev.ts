import { notFound } from '../errors';
import { defineOperation, type OperationModule } from './define';

export const operations: OperationModule = [
  defineOperation('listDevOutbox', {
    access: 'public',
    handler: async ({ query, services }) => {
      // Development only: in production the outbox is private (messages hold codes and reset links).
      if (services.config.production) throw notFound();
      return services.outbox.list(query.to);
    },
  }),
];
