/**
 * The names of the live connection's events (socket.io at /socket), shared by the server and the
 * live adapter. Payloads are the schemas of src/core/model/live.ts.
 */
export const LiveEvents = {
  /** Sent by the server once the token was accepted and the rooms joined. */
  ready: 'session:ready',
  /** A record changed: `{ reason, resourceType, resourceId }`. */
  resourceUpdated: 'resource:update',
  /** An inbound message for the account: `{ accountId, accountType, connectType, preview, fromAddress }`. */
  message: 'message:inbound',
} as const;
