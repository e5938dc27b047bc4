import { Effect } from 'effect';
import type { BotApi } from '../../core/ports/api/bot';
import { BotTask } from '../../core/model/bot';
import { ApiError, type ApiFailure } from '../../core/ports/errors';
import { MESSAGES } from '../../core/rules/messages';
import { body, call, type Send } from './call';
import type { HttpClient } from './client';

const task = body(BotTask);

/**
 * Bookings §8: a bot call's error text is the response's nested `error.message`, else the unknown-error
 * message ('An unknown error occurred. Please try again.'); a 401 passes on unchanged (the session's).
 */
const nestedError =
  (send: Send): Send =>
  async (signal) => {
    const outcome = await send(signal);
    if (outcome.response.ok) return outcome;
    const error = (typeof outcome.error === 'object' && outcome.error !== null ? outcome.error : {}) as { code?: unknown; error?: { message?: unknown } };
    const nested = error.error?.message;
    if (typeof nested === 'string' && nested !== '') return { ...outcome, error: { message: nested, code: error.code } };
    if (outcome.response.status === 401) return outcome;
    return { ...outcome, error: { message: MESSAGES.bot_unknown_error, code: 'bot_unknown_error' } };
  };

/** A network failure (no response at all) is the unknown error too. */
const unknownWhenNoAnswer = <A>(effect: Effect.Effect<A, ApiFailure>): Effect.Effect<A, ApiFailure> =>
  effect.pipe(
    Effect.catchTag('NetworkError', () => Effect.fail(new ApiError({ message: MESSAGES.bot_unknown_error, code: 'bot_unknown_error', status: 0 }))),
  );

const botCall = (send: Send) => unknownWhenNoAnswer(call(nestedError(send), task));

/** The bot tag (bookings §7): every call answers the bot task. */
export const botApi = ({ client }: HttpClient): BotApi => ({
  replyToBot: (input) => botCall((signal) => client.POST('/bot/reply-to-bot', { body: input, signal })),
  conversationStatus: (query) => botCall((signal) => client.GET('/bot/conversation-status', { params: { query }, signal })),
  cancelConversation: (input) => botCall((signal) => client.POST('/bot/cancel-conversation', { body: input, signal })),
  cancelConversationTask: (input) => botCall((signal) => client.POST('/bot/cancel-conversation-task', { body: input, signal })),
  promptConversationResponse: ({ taskId, prompt }) =>
    botCall((signal) => client.POST('/bot/prompt-conversation-response', { body: { taskId, response: prompt }, signal })),
  generateReviews: (input) => botCall((signal) => client.PUT('/bot/call/generate-reviews', { body: input, signal })),
});
