/**
 * A feed of "something a remembered record depends on changed": what lets a server process remember the
 * session records it read (server/auth/tokens.ts) without ever answering from a stale one.
 *
 * Two sources, both calling `onChange`:
 * - **PostgreSQL notifications** on a channel that triggers fill (migration 0022_session-changes: every statement
 *   on users, accounts and revoked_tokens), sent at commit, whoever wrote: this process, another server process
 *   on the same database, a seed or a psql session. On PostgreSQL a dedicated connection LISTENs; on PGlite the
 *   one in-process connection delivers them before the writing statement's caller continues.
 * - **This process's own writes** (PostgreSQL): every statement of the pool that is not a plain SELECT (so also
 *   COMMIT) calls `onChange` when it completes, before its caller continues. A request that changed a session
 *   record has therefore dropped the remembered ones before its answer is sent, without waiting for the
 *   notification to come back.
 *
 * `live` is false until the LISTEN is in place and whenever its connection is lost (a PostgreSQL restart): a
 * notification may have been missed then, so callers must not answer from what they remember (and `onChange`
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

/** Watches `channel` (and, on PostgreSQL, this process's writes) on the database under `db`. */
export const watchChanges = (db: Db, channel: string, onChange: () => void): ChangeFeed => {
  const client = (db as unknown as { $client?: unknown }).$client;
  let live = false;
  let closed = false;

  if (isPglite(client)) {
    let stop: (() => Promise<void>) | undefined;
    void client.listen(channel, () => onChange()).then(
      (unlisten) => {
        if (typeof unlisten === 'function') stop = unlisten as () => Promise<void>;
        if (closed) return void stop?.().catch(() => undefined);
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
        await stop?.().catch(() => undefined);
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
      if (message.channel === channel) onChange();
    });
    next.on('error', lost);
    next.on('end', () => {
      if (listener === next) lost();
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
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
