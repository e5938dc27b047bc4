/**
 * A feed of "something a remembered record depends on changed": what lets a server process remember the
 * session records it read (server/auth/tokens.ts) and the day views it answered (server/services/appointments.ts)
 * without ever answering from a stale one (server/db/remembered.ts).
 *
 * Each channel has its handler; two sources call them:
 * - **PostgreSQL notifications** on the channels that triggers fill (migration 0022_session-changes: every
 *   statement on users, accounts and revoked_tokens; 0023_day-changes: every statement on what a day view reads),
 *   sent at commit, whoever wrote: this process, another server process on the same database, a seed or a psql
 *   session. On PostgreSQL one dedicated connection LISTENs on every channel; on PGlite the one in-process
 *   connection delivers them before the writing statement's caller continues.
 * - **This process's own writes** (PostgreSQL): every statement of the pool that is not a plain SELECT (so also
 *   COMMIT) calls every handler when it completes, before its caller continues. A request that changed a session
 *   record or a visit has therefore dropped the remembered ones before its answer is sent, without waiting for the
 *   notification to come back.
 *
 * `live` is false until the LISTENs are in place and whenever their connection is lost (a PostgreSQL restart): a
 * notification may have been missed then, so callers must not answer from what they remember (and every handler
 * runs again when the feed is live again).
 */
import pg from 'pg';
import type { Db } from './client';

export interface ChangeFeed {
  /** True while every change is known to reach `onChange`. */
  readonly live: boolean;
  close(): Promise<void>;
}

/** The channel of migration 0022_session-changes. */
export const SESSION_CHANGES_CHANNEL = 'tendwell_session_changes';
/** The channel of migration 0023_day-changes. */
export const DAY_CHANGES_CHANNEL = 'tendwell_day_changes';

/** What to run on a change of each channel. */
export type ChangeHandlers = Readonly<Record<string, () => void>>;

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<(() => Promise<void>) | unknown>;
}
const isPglite = (client: unknown): client is PgliteLike =>
  typeof client === 'object' && client !== null && typeof (client as { listen?: unknown }).listen === 'function' && !(client instanceof pg.Pool);

const WRAPPED = Symbol('tendwell.writesWatched');
/** A plain read: starts with SELECT (drizzle writes its statements in lower case). Anything else may write. */
const isRead = (text: unknown) => typeof text === 'string' && /^\s*select\s/i.test(text);

/** Calls `onWrite` after each statement of `client` that is not a plain SELECT (once per client). */
const watchWrites = (client: pg.PoolClient, onWrite: () => void) => {
  const tagged = client as pg.PoolClient & { [WRAPPED]?: true };
  if (tagged[WRAPPED]) return;
  tagged[WRAPPED] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
    if (isRead(text)) return query(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      // pg-pool's own query() (drizzle's statements outside a transaction) passes a callback.
      args[last] = (...outcome: unknown[]) => {
        onWrite();
        return (callback as (...a: unknown[]) => unknown)(...outcome);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).then(
        (value) => {
          onWrite();
          return value;
        },
        (error: unknown) => {
          onWrite();
          throw error;
        },
      );
    }
    // Callback style (not used by drizzle): drop at once, conservatively.
    onWrite();
    return result;
  };
};

const RECONNECT_MS = 500;

/** Watches the channels of `handlers` (and, on PostgreSQL, this process's writes) on the database under `db`. */
export const watchChanges = (db: Db, handlers: ChangeHandlers): ChangeFeed => {
  const client = (db as unknown as { $client?: unknown }).$client;
  const channels = Object.keys(handlers);
  // Every handler: a write of this process, or a (re)connection after which anything may have changed.
  const onChange = () => {
    for (const handler of Object.values(handlers)) handler();
  };
  let live = false;
  let closed = false;

  if (isPglite(client)) {
    const stops: (() => Promise<void>)[] = [];
    const stop = () => Promise.all(stops.splice(0).map((s) => s().catch(() => undefined)));
    void Promise.all(channels.map((channel) => client.listen(channel, () => handlers[channel]!()))).then(
      (unlistens) => {
        for (const unlisten of unlistens) if (typeof unlisten === 'function') stops.push(unlisten as () => Promise<void>);
        if (closed) return void stop();
        live = true;
        onChange();
      },
      () => undefined, // not live: nothing is remembered
    );
    return {
      get live() {
        return live && !closed;
      },
      close: async () => {
        closed = true;
        live = false;
        await stop();
      },
    };
  }

  if (!(client instanceof pg.Pool)) {
    // An unknown driver: never live, so nothing is ever answered from memory.
    return { live: false, close: async () => {} };
  }
  const pool = client;
  const onAcquire = (c: pg.PoolClient) => watchWrites(c, onChange);
  pool.on('acquire', onAcquire);

  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = () => {
    live = false;
    onChange();
    const gone = listener;
    listener = undefined;
    gone?.removeAllListeners();
    gone?.on('error', () => undefined);
    void gone?.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        connect();
      }, RECONNECT_MS);
      retry.unref();
    }
  };
  const connect = () => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    listener = next;
    next.on('notification', (message) => {
      const handler = Object.hasOwn(handlers, message.channel) ? handlers[message.channel] : undefined;
      handler?.();
    });
    next.on('error', lost);
    next.on('end', () => {
      if (listener === next) lost();
    });
    next
      .connect()
      .then(() => next.query(channels.map((channel) => `LISTEN ${channel};`).join(' ')))
      .then(() => {
        if (listener !== next || closed) return;
        live = true;
        // Whatever changed while nobody listened is unknown: forget everything once more.
        onChange();
      })
      .catch(() => {
        if (listener === next) lost();
      });
  };
  connect();

  return {
    get live() {
      return live && !closed;
    },
    close: async () => {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      pool.off('acquire', onAcquire);
      const last = listener;
      listener = undefined;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
};
