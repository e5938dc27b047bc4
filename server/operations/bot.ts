import { defineOperation, type OperationModule } from './define';

/**
 * The assistant (chat help, accounts §1: for customers, vendors, organizations and affiliates, not admins)
 * and super's review requests. A conversation belongs to the user who started it (404 for anyone else).
 */
const widget = ['customer', 'vendor', 'organization', 'affiliate'] as const;

export const operations: OperationModule = [
  defineOperation('replyToBot', {
    access: widget,
    handler: async ({ auth, body, services }) => services.bot.reply(auth, body),
  }),
  defineOperation('getBotConversationStatus', {
    access: widget,
    handler: async ({ auth, query, services }) => services.bot.status(auth, query.taskId),
  }),
  defineOperation('cancelBotConversation', {
    access: widget,
    handler: async ({ auth, body, services }) => services.bot.cancel(auth, body.taskId),
  }),
  defineOperation('cancelBotConversationTask', {
    access: widget,
    handler: async ({ auth, body, services }) => services.bot.cancelTask(auth, body.taskId),
  }),
  defineOperation('promptBotConversationResponse', {
    access: widget,
    handler: async ({ auth, body, services, requestId }) => services.bot.respond(auth, body, requestId),
  }),
  defineOperation('generateReviews', {
    access: ['super'],
    handler: async ({ auth, body, services }) => services.bot.generateReviews(auth, body),
  }),
];
