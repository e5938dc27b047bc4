import type { BotApi } from '../../core/ports/api/bot';
import { BotTask } from '../../core/model/bot';
import { body, call } from './call';
import type { HttpClient } from './client';

const task = body(BotTask);

/** The bot tag (bookings §7): every call answers the bot task. */
export const botApi = ({ client }: HttpClient): BotApi => ({
  replyToBot: (input) => call((signal) => client.POST('/bot/reply-to-bot', { body: input, signal }), task),
  conversationStatus: (query) => call((signal) => client.GET('/bot/conversation-status', { params: { query }, signal }), task),
  cancelConversation: (input) => call((signal) => client.POST('/bot/cancel-conversation', { body: input, signal }), task),
  cancelConversationTask: (input) => call((signal) => client.POST('/bot/cancel-conversation-task', { body: input, signal }), task),
  promptConversationResponse: ({ taskId, prompt }) =>
    call((signal) => client.POST('/bot/prompt-conversation-response', { body: { taskId, response: prompt }, signal }), task),
  generateReviews: (input) => call((signal) => client.PUT('/bot/call/generate-reviews', { body: input, signal }), task),
});
