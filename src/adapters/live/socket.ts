import { Effect } from 'effect';
import type { ManagerOptions, SocketOptions, io } from 'socket.io-client';
import type { LiveEvent, LivePort } from '../../core/ports/live';
import type { ErrorReport } from '../../core/ports/telemetry';
import { type Decoded, type LiveSync, decodeLiveEventMeta, decodeLiveMessage, decodeLiveSync, decodeResourceUpdate } from '../../core/model/live';
import { LiveEvents } from '../../core/model/live-events';
import { SOCKET_PATH, SOCKET_RECONNECT_MS } from '../../core/rules/constants';
import { type StreamCursor, advanceCursor, catchUp, resyncUpdate, settleCursor } from '../../core/rules/live';

/** What the client says at each (re)connection: its token, and the last number it saw of each stream. */
export interface LiveHandshake {
  readonly token: string;
  readonly since?: Readonly<Record<string, number>>;
}

/** The options the adapter opens the connection with (accounts §7, docs/design.md#ports-and-adapters). */
export type LiveSocketOptions = Partial<Omit<ManagerOptions & SocketOptions, 'auth'>> & {
  readonly path: string;
  /** An object, or a function socket.io-client calls at every (re)connection attempt. */
  readonly auth: LiveHandshake | ((send: (handshake: LiveHandshake) => void) => void);
  readonly extraHeaders: Readonly<Record<string, string>>;
};

/** The part of a socket.io-client Socket the adapter uses; tests pass a fake. */
export interface SocketLike {
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type SocketFactory = (options: LiveSocketOptions) => SocketLike;

export interface LiveAdapterOptions {
  /** The server to connect to; the page's own origin when absent (the socket is served next to the API). */
  readonly url?: string;
  /** Builds the socket; socket.io-client's `io`, loaded on the first connection, by default. */
  readonly createSocket?: SocketFactory;
  /** A payload that failed its schema, or a connection error: dropped, and reported here (telemetry). */
  readonly report?: (report: ErrorReport) => void;
}

/**
 * The connection options of the spec: path /socket, credentials, the token in `auth` (and the header for
 * polling), starts closed, reconnects every 500 ms without limit. With `since`, `auth` is asked again at
 * every reconnection, so the server hears the last numbers seen by then.
 */
export const liveSocketOptions = (token: string, since?: () => Readonly<Record<string, number>>): LiveSocketOptions => ({
  path: SOCKET_PATH,
  withCredentials: true,
  autoConnect: false,
  auth: since ? (send) => send({ token, since: since() }) : { token },
  extraHeaders: { Authorization: `Bearer ${token}` },
  reconnection: true,
  reconnectionDelay: SOCKET_RECONNECT_MS,
  reconnectionDelayMax: SOCKET_RECONNECT_MS,
  reconnectionAttempts: Infinity,
  randomizationFactor: 0,
});

type Io = typeof io;

/**
 * A socket whose client library loads on its first `connect()`: socket.io-client (about 13 KB gzip) stays
 * out of the first paint of the signed-out pages, which never connect (docs/performance.md). Listeners
 * registered before the library arrives are attached to the real socket when it is built; a `disconnect()`
 * or `off()` before then cancels the pending connection.
 */
export const lazySocket =
  (url: string | undefined, load: () => Promise<Io> = () => import('socket.io-client').then((module) => module.io)): SocketFactory =>
  (options) => {
    const pending: [string, (...args: never[]) => void][] = [];
    let real: SocketLike | undefined;
    let loading: Promise<void> | undefined;
    let wanted = false;
    const build = (io: Io): SocketLike => {
      const real = options as Partial<ManagerOptions & SocketOptions>; // socket.io-client types `auth` as an object only
      const socket: SocketLike = url === undefined ? io(real) : io(url, real);
      for (const [event, listener] of pending) socket.on(event, listener);
      return socket;
    };
    return {
      on: (event, listener) => (real ? real.on(event, listener) : pending.push([event, listener])),
      off: () => {
        wanted = false;
        pending.length = 0;
        return real?.off();
      },
      connect: () => {
        wanted = true;
        if (real) return real.connect();
        loading ??= load().then((io) => {
          real = build(io);
          if (wanted) real.connect();
        });
        return undefined;
      },
      disconnect: () => {
        wanted = false;
        return real?.disconnect();
      },
    };
  };

/** socket.io-client over the LivePort: one socket per signed-in token, events mapped and validated. */
export const createLiveAdapter = (options: LiveAdapterOptions = {}): LivePort => {
  const createSocket = options.createSocket ?? lazySocket(options.url);
  const listeners = new Set<(event: LiveEvent) => void>();
  let current: { readonly token: string; readonly socket: SocketLike } | undefined;

  const emit = (event: LiveEvent): void => {
    for (const listener of [...listeners]) listener(event);
  };

  /** Decode a payload; a malformed one is dropped and reported, so listeners only see valid events. */
  const decoded =
    <A>(decode: (input: unknown) => Decoded<A>, event: string, use: (value: A) => void) =>
    (payload: unknown): void => {
      const result = decode(payload);
      if (result.ok) use(result.value);
      else options.report?.({ error: new Error(`Invalid live payload: ${result.issue}`), context: `live:${event}`, extra: { payload } });
    };

  // What was seen of each stream (src/core/rules/live.ts), kept across reconnections and tokens: stream
  // names are global (a user, an account, the super watchers), so a new sign-in simply has other streams.
  const cursors = new Map<string, StreamCursor>();
  /** The `since` of the latest handshake: the sync that follows is judged against it. */
  let sent: Readonly<Record<string, number>> = {};
  const since = (): Readonly<Record<string, number>> => {
    sent = Object.fromEntries([...cursors].map(([stream, cursor]) => [stream, cursor.upTo]));
    return sent;
  };

  /** A numbered event counts once: a copy (replayed and also pushed) is dropped. Unnumbered ones always pass. */
  const firstTime = (meta: unknown): boolean => {
    if (meta === undefined) return true;
    const decodedMeta = decodeLiveEventMeta(meta);
    if (!decodedMeta.ok) return true;
    const { cursor, fresh } = advanceCursor(cursors.get(decodedMeta.value.stream), decodedMeta.value.seq);
    cursors.set(decodedMeta.value.stream, cursor);
    return fresh;
  };

  /** After the replay: a stream that missed too much (by the rule the server replayed with) reloads every screen, once. */
  const synced = (sync: LiveSync): void => {
    let reload = false;
    for (const state of sync.streams) {
      const stale = catchUp(sent[state.stream], state).kind === 'reload';
      reload ||= stale;
      cursors.set(state.stream, settleCursor(cursors.get(state.stream), state.latest, stale));
    }
    if (reload) emit({ type: 'live.resourceUpdated', update: resyncUpdate });
  };

  const open = (token: string): void => {
    const socket = createSocket(liveSocketOptions(token, since));
    const mine = (listener: (...args: never[]) => void) => (...args: never[]) => {
      if (current?.socket === socket) listener(...args);
    };
    const numbered = (listener: (payload: unknown) => void) => (payload: unknown, meta?: unknown) => {
      if (firstTime(meta)) listener(payload);
    };
    socket.on('connect', mine(() => emit({ type: 'live.connected' })));
    socket.on('disconnect', mine((reason: string) => emit({ type: 'live.disconnected', reason: String(reason) })));
    socket.on('connect_error', mine((error: Error) => options.report?.({ error, context: 'live:connect_error' })));
    socket.on(LiveEvents.sync, mine(decoded(decodeLiveSync, LiveEvents.sync, synced)));
    socket.on(
      LiveEvents.resourceUpdated,
      mine(numbered(decoded(decodeResourceUpdate, LiveEvents.resourceUpdated, (update) => emit({ type: 'live.resourceUpdated', update })))),
    );
    socket.on(
      LiveEvents.message,
      mine(numbered(decoded(decodeLiveMessage, LiveEvents.message, (message) => emit({ type: 'live.message', message })))),
    );
    current = { token, socket };
    socket.connect();
  };

  const close = (): void => {
    const closing = current;
    if (!closing) return;
    closing.socket.disconnect(); // still current: its 'disconnect' event reaches the listeners
    current = undefined;
    closing.socket.off();
  };

  return {
    connect: (token) =>
      Effect.sync(() => {
        if (current?.token === token) {
          current.socket.connect(); // no-op when already connected
          return;
        }
        close();
        open(token);
      }),
    disconnect: () => Effect.sync(close),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};
