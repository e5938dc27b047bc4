import type { LiveMessage, ResourceUpdate } from '../model/live';
import type { Role } from '../model/roles';

/**
 * The reason of the update the live adapter makes up when a reconnecting client missed more than can be
 * replayed (or what it missed was pruned): every open screen reloads what it shows.
 */
export const RESYNC_REASON = 'resync';

/** The update that tells every open screen to reload (see `catchUp`). */
export const resyncUpdate: ResourceUpdate = { reason: RESYNC_REASON, resourceType: '*', resourceId: '*' };

/** A reconnecting client missed too much: whatever it shows may be stale. */
export const isResync = (update: Pick<ResourceUpdate, 'reason'>): boolean => update.reason === RESYNC_REASON;

/** A screen that lists records of `resourceType` reloads on their 'updated' pushes, and after a resync. */
export const concernsType = (update: ResourceUpdate, resourceType: string): boolean =>
  isResync(update) || (update.reason === 'updated' && update.resourceType === resourceType);

/** A screen that shows one record reloads on its 'updated' pushes, and after a resync. */
export const concernsResource = (update: ResourceUpdate, resourceType: string, resourceId: string): boolean =>
  isResync(update) || (update.reason === 'updated' && update.resourceType === resourceType && update.resourceId === resourceId);

/** accounts §4: a live update with reason 'updated' for an appointment reloads that appointment. */
export const shouldReloadAppointment = (update: ResourceUpdate, appointmentId: string): boolean =>
  concernsResource(update, 'appointment', appointmentId);

/** accounts §6: only admins receive push notifications for new inbound messages. */
export const receivesMessagePush = (role: Role): boolean => role === 'super' || role === 'admin';

/** The push title: 'New {connectType} Message from {fromAddress}'. */
export const messagePushTitle = (m: Pick<LiveMessage, 'connectType' | 'fromAddress'>): string =>
  `New ${m.connectType} Message from ${m.fromAddress}`;

// ── Catching up after a disconnection ────────────────────────────────────────────────────────────
// Every live event is stored with a sequence number per stream (a stream is a room: one user, one
// account, or the super watchers). A reconnecting client says the last number it saw per stream.

/** At most this many missed events are replayed per stream; more than that, and the client reloads. */
export const LIVE_REPLAY_LIMIT = 100;
/** Stored live events are kept this long; a client away for longer reloads everything. */
export const LIVE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** What the server knows of one stream: its newest number (0: nothing yet) and the oldest one still stored. */
export interface StreamState {
  readonly latest: number;
  /** The oldest stored number; `latest + 1` when none is stored (all pruned, or none yet). */
  readonly oldest: number;
}

export type CatchUp =
  /** First connection (nothing seen yet) or nothing missed: start counting from `latest`. */
  | { readonly kind: 'current' }
  /** Replay the events numbered after `since`, up to `latest`. */
  | { readonly kind: 'replay'; readonly since: number }
  /** Missed more than `LIVE_REPLAY_LIMIT`, missed pruned events, or the numbers went back (a new database): reload. */
  | { readonly kind: 'reload' };

/**
 * What a reconnecting client needs for one stream, given the last number it saw (`undefined` on a first
 * connection). The server replays (or not) by this rule, and the client, from the same inputs, decides
 * whether to tell its screens to reload everything.
 */
export const catchUp = (since: number | undefined, stream: StreamState): CatchUp => {
  if (since === undefined || since === stream.latest) return { kind: 'current' };
  if (since > stream.latest) return { kind: 'reload' };
  if (since + 1 < stream.oldest || stream.latest - since > LIVE_REPLAY_LIMIT) return { kind: 'reload' };
  return { kind: 'replay', since };
};

/**
 * What a client has seen of one stream: every number up to `upTo`, and the ones in `above` (events of
 * two server processes can arrive out of order). The client reports `upTo` when it reconnects, so a gap
 * is replayed rather than lost, and the duplicates that brings are recognised.
 */
export interface StreamCursor {
  readonly upTo: number;
  readonly above: readonly number[];
}

/** Record `seq` as seen; `fresh` is false for a number seen before (a duplicate, to ignore). */
export const advanceCursor = (cursor: StreamCursor | undefined, seq: number): { readonly cursor: StreamCursor; readonly fresh: boolean } => {
  if (!cursor) return { cursor: { upTo: seq, above: [] }, fresh: true };
  if (seq <= cursor.upTo || cursor.above.includes(seq)) return { cursor, fresh: false };
  const above = [...cursor.above, seq].sort((a, b) => a - b);
  let upTo = cursor.upTo;
  while (above[0] === upTo + 1) upTo = above.shift()!;
  return { cursor: { upTo, above }, fresh: true };
};

/** After a sync: everything up to `latest` is accounted for (replayed, or reloaded). */
export const settleCursor = (cursor: StreamCursor | undefined, latest: number, reload: boolean): StreamCursor =>
  reload || !cursor ? { upTo: latest, above: [] } : { upTo: Math.max(cursor.upTo, latest), above: cursor.above.filter((n) => n > latest) };
