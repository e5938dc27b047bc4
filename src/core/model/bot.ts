import * as Schema from 'effect/Schema';
import type { AccountId } from './ids';
import { IsoDateTime } from './common';

export const BotTaskStatuses = ['queued', 'running', 'waiting_for_reply', 'done', 'canceled', 'failed'] as const;
export const BotTaskStatus = Schema.Literals(BotTaskStatuses);
export type BotTaskStatus = (typeof BotTaskStatuses)[number];

/** One message of a conversation with the assistant. */
export const BotMessage = Schema.Struct({
  from: Schema.Literals(['person', 'bot'] as const),
  text: Schema.String,
  at: Schema.String,
});
export type BotMessage = typeof BotMessage.Type;

/** What the assistant waits for an answer to: `open_ticket` offers a ticket with the conversation attached. */
export const BotPrompts = ['open_ticket'] as const;
export type BotPrompt = (typeof BotPrompts)[number];

/** A bot task (bookings §3 "Bot (taskId)"): its status and the assistant's last message. */
export const BotTask = Schema.Struct({
  taskId: Schema.String,
  status: BotTaskStatus,
  conversation_id: Schema.optional(Schema.NullOr(Schema.String)),
  reply: Schema.optional(Schema.NullOr(Schema.String)),
  updated: Schema.optional(IsoDateTime),
  prompt: Schema.optional(Schema.NullOr(Schema.Literals(BotPrompts))),
  /** The ticket the conversation was handed over to. */
  ticket_id: Schema.optional(Schema.NullOr(Schema.String)),
  messages: Schema.optional(Schema.Array(BotMessage)),
});
export type BotTask = typeof BotTask.Type;

/** Ask the assistant to draft review requests for recently completed appointments. */
export interface GenerateReviewsInput {
  readonly customer_ids?: AccountId[];
  readonly since?: string;
}
