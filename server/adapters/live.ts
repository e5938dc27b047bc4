import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import { LiveEvents } from '../../src/core/model/live-events';
import type { AuthContext } from '../auth/context';

/** Pushes events to everyone connected as an account (a room per account, and one per user). */
export interface LiveHub {
  toAccount(accountId: string, event: string, payload: unknown): void;
  toUser(userId: string, event: string, payload: unknown): void;
  /** Everyone connected as super (the watchers of records such as help-desk tickets). */
  toSupers(event: string, payload: unknown): void;
}

export interface AttachableLiveHub extends LiveHub {
  /** Attaches socket.io at /socket to the HTTP server; until then events go nowhere. */
  attach(server: HttpServer, options: AttachOptions): Promise<SocketServer>;
}

export interface AttachOptions {
  readonly verifySession: (token: string) => Promise<AuthContext | null>;
  readonly redisUrl?: string | undefined;
}

export const accountRoom = (accountId: string) => `account:${accountId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** The room of super watchers: every connection whose role is super joins it. */
export const SUPER_ROOM = 'role:super';

const tokenOf = (handshake: { auth?: Record<string, unknown>; headers: Record<string, string | string[] | undefined> }) => {
  const fromAuth = handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  const header = handshake.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  return value?.replace(/^Bearer\s+/i, '') || undefined;
};

export const createLiveHub = (): AttachableLiveHub => {
  let io: SocketServer | undefined;
  return {
    toAccount: (accountId, event, payload) => void io?.to(accountRoom(accountId)).emit(event, payload),
    toUser: (userId, event, payload) => void io?.to(userRoom(userId)).emit(event, payload),
    toSupers: (event, payload) => void io?.to(SUPER_ROOM).emit(event, payload),
    async attach(server, { verifySession, redisUrl }) {
      io = new SocketServer(server, { path: '/socket', serveClient: false });
      if (redisUrl) {
        const [{ createAdapter }, { createClient }] = await Promise.all([import('@socket.io/redis-adapter'), import('redis')]);
        const pub = createClient({ url: redisUrl });
        const sub = pub.duplicate();
        await Promise.all([pub.connect(), sub.connect()]);
        io.adapter(createAdapter(pub, sub));
      }
      io.use((socket, next) => {
        const token = tokenOf(socket.handshake);
        if (!token) return next(new Error('User token authentication failed'));
        verifySession(token).then(
          (auth) => {
            if (!auth) return next(new Error('User token authentication failed'));
            socket.data.auth = auth;
            next();
          },
          (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
        );
      });
      io.on('connection', (socket) => {
        const auth = socket.data.auth as AuthContext;
        void socket.join(userRoom(auth.userId));
        if (auth.accountId) void socket.join(accountRoom(auth.accountId));
        if (auth.role === 'super' || auth.role === 'admin') void socket.join(SUPER_ROOM);
        socket.emit(LiveEvents.ready, { accountId: auth.accountId, role: auth.role });
      });
      return io;
    },
  };
};
