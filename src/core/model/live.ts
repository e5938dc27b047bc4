import { isObjectId } from './id-patterns';
import type { AccountId } from './ids';
import { AccountKinds, type AccountKind } from './role-names';

/**
 * The live connection's payloads (accounts §3), with a hand-written decoder each. The live adapter is built on
 * every page's boot path, so these are plain functions rather than effect/Schema structs (which would load Schema
 * before /login paints, docs/performance.md). Each decoder answers the value with only its known fields, or the
 * first thing wrong with it; the adapter drops and reports a payload that does not decode.
 * tests/core/model/payloads.test.ts checks them.
 */
export type Decoded<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly issue: string };

type Field<A> = (input: unknown) => input is A;
const isString: Field<string> = (input): input is string => typeof input === 'string';
const isInt: Field<number> = (input): input is number => Number.isInteger(input);
const isRecord = (input: unknown): input is Readonly<Record<string, unknown>> => typeof input === 'object' && input !== null && !Array.isArray(input);

/** A record whose every listed field is required and passes its check; other fields are dropped. */
const struct =
  <A>(what: string, fields: { readonly [K in keyof A]: readonly [Field<A[K]>, string] }) =>
  (input: unknown): Decoded<A> => {
    if (!isRecord(input)) return { ok: false, issue: `${what}: expected an object` };
    const out: Record<string, unknown> = {};
    for (const [name, [check, expected]] of Object.entries(fields) as [string, readonly [Field<unknown>, string]][]) {
      if (!check(input[name])) return { ok: false, issue: `${what}.${name}: expected ${expected}, got ${JSON.stringify(input[name]) ?? 'nothing'}` };
      out[name] = input[name];
    }
    return { ok: true, value: out as A };
  };

/** Inbound message pushed on the live connection (accounts §3). */
export interface LiveMessage {
  readonly accountId: AccountId;
  readonly accountType: AccountKind;
  /** The channel the message came through, e.g. 'SMS' or 'Email' (shown in 'New {connectType} Message…'). */
  readonly connectType: string;
  readonly preview: string;
  readonly fromAddress: string;
}
export const decodeLiveMessage = struct<LiveMessage>('message', {
  accountId: [(input): input is AccountId => isObjectId(input), 'a record id (24 lower-case hex characters)'],
  accountType: [(input): input is AccountKind => (AccountKinds as readonly unknown[]).includes(input), `one of ${AccountKinds.join(', ')}`],
  connectType: [isString, 'a string'],
  preview: [isString, 'a string'],
  fromAddress: [isString, 'a string'],
});

/** Resource kinds announced by the server. Decoding accepts any string; these are the ones the app reacts to. */
export const LiveResourceTypes = ['appointment', 'subscription', 'ticket', 'invoice', 'notification', 'approval', 'account'] as const;

/** Resource update pushed on the live connection (accounts §3). */
export interface ResourceUpdate {
  readonly reason: string;
  readonly resourceType: string;
  readonly resourceId: string;
}
export const decodeResourceUpdate = struct<ResourceUpdate>('update', {
  reason: [isString, 'a string'],
  resourceType: [isString, 'a string'],
  resourceId: [isString, 'a string'],
});

/** The socket event names live in ./live-events.ts (shared by the server and the live adapter). */

/** The second argument of a stored live event: its number in its stream (see ./live-events.ts). */
export interface LiveEventMeta {
  readonly stream: string;
  readonly seq: number;
}
export const decodeLiveEventMeta = struct<LiveEventMeta>('meta', { stream: [isString, 'a string'], seq: [isInt, 'an integer'] });

/** One stream's newest number, and its oldest one still stored (`latest + 1` when none is). */
export interface LiveStreamState {
  readonly stream: string;
  readonly latest: number;
  readonly oldest: number;
}
const decodeLiveStreamState = struct<LiveStreamState>('stream', { stream: [isString, 'a string'], latest: [isInt, 'an integer'], oldest: [isInt, 'an integer'] });

/** Sent after a (re)connection, once the missed events were replayed: where each of its streams stands. */
export interface LiveSync {
  readonly streams: readonly LiveStreamState[];
}
export const decodeLiveSync = (input: unknown): Decoded<LiveSync> => {
  if (!isRecord(input) || !Array.isArray(input.streams)) return { ok: false, issue: 'sync.streams: expected an array' };
  const streams: LiveStreamState[] = [];
  for (const [i, item] of input.streams.entries()) {
    const state = decodeLiveStreamState(item);
    if (!state.ok) return { ok: false, issue: `sync.streams[${i}]: ${state.issue}` };
    streams.push(state.value);
  }
  return { ok: true, value: { streams } };
};
