import type { ApiCall } from '../errors';
import type { Confirmation, Doc } from './types';

/** The bot tag (serverless host, bookings §7). Errors come from the response's nested error field. */
export interface BotApi {
  replyToBot(input: { readonly taskId: string; readonly message: string }): ApiCall<Doc>;
  conversationStatus(query: { readonly taskId: string }): ApiCall<Doc>;
  cancelConversation(input: { readonly taskId: string }): ApiCall<Confirmation>;
  cancelConversationTask(input: { readonly taskId: string }): ApiCall<Confirmation>;
  promptConversationResponse(input: { readonly taskId: string; readonly prompt: string }): ApiCall<Doc>;
  /** PUT bot/call/generate-reviews. */
  generateReviews(input: Doc): ApiCall<Confirmation>;
}
