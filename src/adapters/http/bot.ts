import type { BotApi } from '../../core/ports/api/bot';
import { DocSchema, body, call, confirmation, wire } from './call';
import type { HttpClient } from './client';

/** The bot tag (bookings §7): every call answers the bot task. */
export const botApi = ({ client }: HttpClient): BotApi => ({
  replyToBot: (input) => call((signal) => client.POST('/bot/reply-to-bot', { body: input, signal }), body(DocSchema)),
  conversationStatus: (query) => call((signal) => client.GET('/bot/conversation-status', { params: { query }, signal }), body(DocSchema)),
  cancelConversation: (input) => call((signal) => client.POST('/bot/cancel-conversation', { body: input, signal }), confirmation),
  cancelConversationTask: (input) => call((signal) => client.POST('/bot/cancel-conversation-task', { body: input, signal }), confirmation),
  promptConversationResponse: ({ taskId, prompt }) =>
    call((signal) => client.POST('/bot/prompt-conversation-response', { body: { taskId, response: prompt }, signal }), body(DocSchema)),
  generateReviews: (input) => call((signal) => client.PUT('/bot/call/generate-reviews', { body: wire(input), signal }), confirmation),
});
