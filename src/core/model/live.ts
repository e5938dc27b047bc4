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

/** The second argument of a stored live event: its number in its stream (see ./live-events.ts). */
export const LiveEventMeta = Schema.Struct({
  stream: Schema.String,
  seq: Schema.Int,
});
export type LiveEventMeta = typeof LiveEventMeta.Type;

/** One stream's newest number, and its oldest one still stored (`latest + 1` when none is). */
export const LiveStreamState = Schema.Struct({
  stream: Schema.String,
  latest: Schema.Int,
  oldest: Schema.Int,
});
export type LiveStreamState = typeof LiveStreamState.Type;

/** Sent after a (re)connection, once the missed events were replayed: where each of its streams stands. */
export const LiveSync = Schema.Struct({ streams: Schema.Array(LiveStreamState) });
export type LiveSync = typeof LiveSync.Type;
