import * as Schema from 'effect/Schema';
import type { AccountId } from './ids';
import { IsoDateTime } from './common';

export const BotTaskStatuses = ['queued', 'running', 'waiting_for_reply', 'done', 'canceled', 'failed'] as const;
export const BotTaskStatus = Schema.Literals(BotTaskStatuses);
export type BotTaskStatus = (typeof BotTaskStatuses)[number];

/** A bot task (bookings §3 "Bot (taskId)"): its status and the assistant's last message. */
export const BotTask = Schema.Struct({
  taskId: Schema.String,
  status: BotTaskStatus,
  conversation_id: Schema.optional(Schema.NullOr(Schema.String)),
  reply: Schema.optional(Schema.NullOr(Schema.String)),
  updated: Schema.optional(IsoDateTime),
});
export type BotTask = typeof BotTask.Type;

/** Ask the assistant to draft review requests for recently completed appointments. */
export interface GenerateReviewsInput {
  readonly customer_ids?: AccountId[];
  readonly since?: string;
}
