/**
 * The names of the live connection's events (socket.io at /socket), shared by the server and the
 * live adapter. Payloads are the schemas of src/core/model/live.ts.
 *
 * A stored event carries a second argument, `{ stream, seq }` (`LiveEventMeta` in ./live.ts): its number in its stream
 * (a room: one user, one account, or the super watchers). The client says the last numbers it saw when it
 * reconnects (`auth.since`), and the server replays what it missed, then sends `sync`.
 */
export const LiveEvents = {
  /** Sent by the server once the token was accepted and the rooms joined. */
  ready: 'session:ready',
  /** After a (re)connection, once the missed events were replayed: where each stream stands (`LiveSync`). */
  sync: 'live:sync',
  /** A record changed: `{ reason, resourceType, resourceId }`. */
  resourceUpdated: 'resource:update',
  /** An inbound message for the account: `{ accountId, accountType, connectType, preview, fromAddress }`. */
  message: 'message:inbound',
} as const;
