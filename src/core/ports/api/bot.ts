import type { BotTask, GenerateReviewsInput } from '../../model/bot';
import type { ApiCall } from '../errors';

/** The bot tag (serverless host, bookings §7): every call answers the bot task. */
export interface BotApi {
  /** Continue the conversation of taskId; a new one starts without it. */
  replyToBot(input: { readonly taskId?: string; readonly message: string }): ApiCall<BotTask>;
  conversationStatus(query: { readonly taskId: string }): ApiCall<BotTask>;
  cancelConversation(input: { readonly taskId: string }): ApiCall<BotTask>;
  cancelConversationTask(input: { readonly taskId: string }): ApiCall<BotTask>;
  promptConversationResponse(input: { readonly taskId: string; readonly prompt: string }): ApiCall<BotTask>;
  /** PUT bot/call/generate-reviews. */
  generateReviews(input: GenerateReviewsInput): ApiCall<BotTask>;
}
