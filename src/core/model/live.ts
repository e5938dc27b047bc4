import * as Schema from 'effect/Schema';
import { AccountId } from './ids';
import { AccountKind } from './roles';

/** Inbound message pushed on the live connection (accounts §3). */
export const LiveMessage = Schema.Struct({
  accountId: AccountId,
  accountType: AccountKind,
  /** The channel the message came through, e.g. 'SMS' or 'Email' (shown in 'New {connectType} Message…'). */
  connectType: Schema.String,
  preview: Schema.String,
  fromAddress: Schema.String,
});
export type LiveMessage = typeof LiveMessage.Type;

/** Resource kinds announced by the server. Decoding accepts any string; these are the ones the app reacts to. */
export const LiveResourceTypes = ['appointment', 'subscription', 'ticket', 'invoice', 'notification', 'approval', 'account'] as const;

/** Resource update pushed on the live connection (accounts §3). */
export const ResourceUpdate = Schema.Struct({
  reason: Schema.String,
  resourceType: Schema.String,
  resourceId: Schema.String,
});
export type ResourceUpdate = typeof ResourceUpdate.Type;

/** The socket event names live in ./live-events.ts (shared by the server and the live adapter). */
