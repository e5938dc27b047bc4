import { Effect } from 'effect';
import type { LiveEvent, LivePort } from '../../core/ports/live';
import type { LiveAdapterOptions } from './socket';

/**
 * The live connection, its adapter loaded with the first `connect()`: the adapter, its payload decoders and the
 * stream cursors (src/adapters/live/socket.ts, src/core/rules/live.ts, src/core/model/live.ts) stay out of what a
 * signed-out page loads before React takes it over (tools/budgets.ts), since only a signed-in session connects.
 * Listeners subscribed before then hear every event once it has loaded; the last of `connect` and `disconnect`
 * called while it loads is the one that holds.
 */
export const createLazyLiveAdapter = (
  options: LiveAdapterOptions = {},
  load: () => Promise<LivePort> = () => import('./socket').then((module) => module.createLiveAdapter(options)),
): LivePort => {
  const listeners = new Set<(event: LiveEvent) => void>();
  let real: LivePort | undefined;
  let loading: Promise<void> | undefined;
  /** The token of the last `connect()` while loading, or null after a `disconnect()`. */
  let wanted: string | null = null;
  const arrive = () =>
    (loading ??= load().then(
      (adapter) => {
        real = adapter;
        adapter.subscribe((event) => {
          for (const listener of [...listeners]) listener(event);
        });
        if (wanted !== null) Effect.runSync(adapter.connect(wanted));
      },
      (error: unknown) => {
        // The chunk could not be fetched: the next connect tries again, and the report says why.
        loading = undefined;
        options.report?.({ error, context: 'live:load' });
      },
    ));
  return {
    connect: (token) =>
      Effect.sync(() => {
        wanted = token;
        if (real) Effect.runSync(real.connect(token));
        else void arrive();
      }),
    disconnect: () =>
      Effect.sync(() => {
        wanted = null;
        if (real) Effect.runSync(real.disconnect());
      }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
};
