import type { Server as HttpServer } from 'node:http';
import { and, asc, eq, gt, lt, min, sql } from 'drizzle-orm';
import { Server as SocketServer, type Socket } from 'socket.io';
import type { LiveStreamState, LiveSync } from '../../src/core/model/live';
import { LiveEvents } from '../../src/core/model/live-events';
import { LIVE_REPLAY_LIMIT, LIVE_RETENTION_MS, catchUp } from '../../src/core/rules/live';
import type { AuthContext } from '../auth/context';
import { type Clock, systemClock } from '../clock';
import type { Db } from '../db/client';
import { liveEvents, liveStreams } from '../db/schema';

/** Pushes events to everyone connected as an account (a room per account, and one per user). */
export interface LiveHub {
  toAccount(accountId: string, event: string, payload: unknown): void;
  toUser(userId: string, event: string, payload: unknown): void;
  /** Everyone connected as super (the watchers of records such as help-desk tickets). */
  toSupers(event: string, payload: unknown): void;
  /**
   * Drops the live connections of ended sessions (issue 21): every connection of the user (deactivation, a password
   * reset) or all but those of one session (a password change). Every server process drops its own (through the
   * Redis adapter when there are several).
   */
  endSessions(userId: string, exceptSessionId?: string): void;
  /** Drops the live connections of one session (logout). */
  endSession(sessionId: string): void;
}

export interface AttachableLiveHub extends LiveHub {
  /** Attaches socket.io at /socket to the HTTP server; until then events go nowhere (but are still stored). */
  attach(server: HttpServer, options: AttachOptions): Promise<SocketServer>;
  /** Resolves once every event pushed so far is stored and emitted (tests, and a clean shutdown). */
  flush(): Promise<void>;
  /** Deletes the stored events older than `LIVE_RETENTION_MS`; returns how many. */
  prune(): Promise<number>;
}

export interface AttachOptions {
  /** The token's caller; with `sessionOnly`, a token revoked by a refresh answers while its session lives. */
  readonly verifySession: (token: string, options?: { readonly sessionOnly?: boolean }) => Promise<AuthContext | null>;
  readonly redisUrl?: string | undefined;
  /**
   * How often each open connection's token is checked again (default SOCKET_RECHECK_MS): a token revoked or a session
   * ended by any way the hub was not told of (another process without Redis, a database change) still drops.
   */
  readonly recheckMs?: number;
}

/** How often an open live connection's token is checked again. */
export const SOCKET_RECHECK_MS = 60_000;

export interface LiveHubOptions {
  /** Where events are numbered and stored for catching up; without it events are pushed but not kept. */
  readonly db?: Db;
  readonly clock?: Clock;
  /** A store that failed (the database restarting): the event is still pushed, unnumbered. */
  readonly onError?: (error: unknown) => void;
}

export const accountRoom = (accountId: string) => `account:${accountId}`;
/** The room of a connection's session: not a stream (nothing is published there), only for dropping it. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** The room of super watchers: every connection whose role is super joins it. */
export const SUPER_ROOM = 'role:super';

/** The rooms, hence the numbered streams, of a connection. */
export const streamsOf = (auth: AuthContext): string[] => [
  userRoom(auth.userId),
  ...(auth.accountId ? [accountRoom(auth.accountId)] : []),
  ...(auth.role === 'super' || auth.role === 'admin' ? [SUPER_ROOM] : []),
];

const tokenOf = (handshake: { auth?: Record<string, unknown>; headers: Record<string, string | string[] | undefined> }) => {
  const fromAuth = handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  const header = handshake.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  return value?.replace(/^Bearer\s+/i, '') || undefined;
};

/** The last number the client saw of a stream, from the handshake's `since` (anything malformed: none). */
const sinceOf = (auth: Record<string, unknown> | undefined, stream: string): number | undefined => {
  const since = auth?.since;
  if (!since || typeof since !== 'object' || Array.isArray(since)) return undefined;
  const value = (since as Record<string, unknown>)[stream];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
};

export const createLiveHub = ({ db, clock = systemClock, onError = (error) => console.warn('live event not stored', error) }: LiveHubOptions = {}): AttachableLiveHub => {
  let io: SocketServer | undefined;
  // Events are stored and emitted one after another, so a stream's numbers leave this process in order.
  let queue: Promise<void> = Promise.resolve();

  /** Numbers the event in its stream (one statement: safe with several processes on one database) and stores it. */
  const store = async (store: Db, stream: string, event: string, payload: unknown): Promise<number> => {
    const result = await store.execute<{ seq: number }>(sql`
      with next as (
        insert into ${liveStreams} (stream, last_seq) values (${stream}, 1)
        on conflict (stream) do update set last_seq = ${liveStreams}.last_seq + 1
        returning last_seq
      )
      insert into ${liveEvents} (stream, seq, event, payload, created_at)
      select ${stream}, last_seq, ${event}, ${JSON.stringify(payload)}::jsonb, ${clock.now().toISOString()}::timestamptz from next
      returning seq`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { seq: number }[] }).rows) as { seq: number }[];
    return Number(rows[0]!.seq);
  };

  const publish = (stream: string, event: string, payload: unknown): void => {
    if (!db) {
      void io?.to(stream).emit(event, payload);
      return;
    }
    queue = queue.then(async () => {
      let seq: number | undefined;
      try {
        seq = await store(db, stream, event, payload);
      } catch (error) {
        onError(error);
      }
      if (seq === undefined) void io?.to(stream).emit(event, payload);
      else void io?.to(stream).emit(event, payload, { stream, seq });
    });
  };

  const stateOf = async (database: Db, stream: string): Promise<LiveStreamState> => {
    const [latest] = await database.select({ seq: liveStreams.lastSeq }).from(liveStreams).where(eq(liveStreams.stream, stream));
    const [oldest] = await database.select({ seq: min(liveEvents.seq) }).from(liveEvents).where(eq(liveEvents.stream, stream));
    const last = latest?.seq ?? 0;
    return { stream, latest: last, oldest: oldest?.seq ?? last + 1 };
  };

  /** Replays what a reconnecting client missed (by the shared `catchUp` rule), then says where each stream stands. */
  const catchUpSocket = async (database: Db, socket: Socket, streams: readonly string[]) => {
    const states: LiveStreamState[] = [];
    for (const stream of streams) {
      const state = await stateOf(database, stream);
      const plan = catchUp(sinceOf(socket.handshake.auth, stream), state);
      if (plan.kind === 'replay') {
        const missed = await database
          .select({ seq: liveEvents.seq, event: liveEvents.event, payload: liveEvents.payload })
          .from(liveEvents)
          .where(and(eq(liveEvents.stream, stream), gt(liveEvents.seq, plan.since)))
          .orderBy(asc(liveEvents.seq))
          .limit(LIVE_REPLAY_LIMIT);
        for (const row of missed) socket.emit(row.event, row.payload, { stream, seq: row.seq });
      }
      states.push(state);
    }
    const sync: LiveSync = { streams: states };
    socket.emit(LiveEvents.sync, sync);
  };

  return {
    toAccount: (accountId, event, payload) => publish(accountRoom(accountId), event, payload),
    toUser: (userId, event, payload) => publish(userRoom(userId), event, payload),
    toSupers: (event, payload) => publish(SUPER_ROOM, event, payload),
    endSessions(userId, exceptSessionId) {
      const target = io?.in(userRoom(userId));
      (exceptSessionId ? target?.except(sessionRoom(exceptSessionId)) : target)?.disconnectSockets(true);
    },
    endSession(sessionId) {
      io?.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    flush: () => queue,
    async prune() {
      if (!db) return 0;
      const deleted = await db
        .delete(liveEvents)
        .where(lt(liveEvents.createdAt, new Date(clock.now().getTime() - LIVE_RETENTION_MS)))
        .returning({ seq: liveEvents.seq });
      return deleted.length;
    },
    async attach(server, { verifySession, redisUrl, recheckMs = SOCKET_RECHECK_MS }) {
      const attached = new SocketServer(server, { path: '/socket', serveClient: false });
      io = attached;
      if (redisUrl) {
        const [{ createAdapter }, { createClient }] = await Promise.all([import('@socket.io/redis-adapter'), import('redis')]);
        const pub = createClient({ url: redisUrl });
        const sub = pub.duplicate();
        await Promise.all([pub.connect(), sub.connect()]);
        attached.adapter(createAdapter(pub, sub));
      }
      attached.use((socket, next) => {
        const token = tokenOf(socket.handshake);
        if (!token) return next(new Error('User token authentication failed'));
        verifySession(token).then(
          (auth) => {
            if (!auth) return next(new Error('User token authentication failed'));
            socket.data.auth = auth;
            socket.data.token = token;
            next();
          },
          (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
        );
      });
      attached.on('connection', (socket) => {
        const auth = socket.data.auth as AuthContext;
        const streams = streamsOf(auth);
        // Join first, then read what was missed: an event stored meanwhile arrives twice at most (the client drops the copy), never not at all.
        void socket.join([...streams, ...(auth.session ? [sessionRoom(auth.session.id)] : [])]);
        // The connection lives no longer than its token (issue 21): dropped when it expires (by the server's clock).
        if (auth.expiresAt) {
          const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, auth.expiresAt.getTime() - clock.now().getTime()));
          expiry.unref();
          socket.once('disconnect', () => clearTimeout(expiry));
        }
        socket.emit(LiveEvents.ready, { accountId: auth.accountId, role: auth.role });
        if (db) catchUpSocket(db, socket, streams).catch((error: unknown) => onError(error));
      });
      // Every open connection's session is checked again now and then: ended (logout, a password change or reset, a
      // revoked app password, its absolute lifetime) or its user deactivated, it drops. A refresh that revoked the
      // token it opened with does not drop it: the session goes on (docs/decisions.md).
      const recheck = setInterval(() => {
        for (const socket of attached.of('/').sockets.values()) {
          const token = socket.data.token as string | undefined;
          if (!token) continue;
          verifySession(token, { sessionOnly: true }).then(
            (auth) => {
              if (!auth) socket.disconnect(true);
            },
            () => undefined, // the database briefly away: checked again next time
          );
        }
      }, recheckMs);
      recheck.unref();
      const close = attached.close.bind(attached);
      attached.close = (fn?: (err?: Error) => void) => {
        clearInterval(recheck);
        return close(fn);
      };
      return attached;
    },
  };
};
