import { defineOperation, type OperationModule } from './define';

export const operations: OperationModule = [
  // 200 with no body while the server is up (the registry answers HEAD without a body).
  defineOperation('ping', { access: 'public', handler: async () => undefined }),
];
