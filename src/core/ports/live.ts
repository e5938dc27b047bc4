import type { Effect } from 'effect';
import type { LiveMessage, ResourceUpdate } from '../model/live';

/** What the live connection reports (accounts §3/§7, docs/design.md#live-updates). */
export type LiveEvent =
  | { readonly type: 'live.connected' }
  | { readonly type: 'live.disconnected'; readonly reason: string }
  | { readonly type: 'live.resourceUpdated'; readonly update: ResourceUpdate }
  | { readonly type: 'live.message'; readonly message: LiveMessage };

/**
 * The live connection: socket.io at /socket with credentials; starts closed; opens on login with the
 * token; reconnects every 500 ms without limit; closes on logout. Payloads that fail their schema are
 * dropped by the adapter, so listeners only see valid events.
 */
export interface LivePort {
  connect(token: string): Effect.Effect<void>;
  disconnect(): Effect.Effect<void>;
  /** Listen to every event; returns the function that stops listening (fits xstate's fromCallback). */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}
