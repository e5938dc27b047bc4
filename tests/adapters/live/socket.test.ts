import { describe, expect, it, vi } from 'vitest';
import { Effect } from 'effect';
import { io } from 'socket.io-client';
import {
  type LiveHandshake,
  type LiveSocketOptions,
  type SocketLike,
  createLiveAdapter,
  lazySocket,
  liveSocketOptions,
} from '../../../src/adapters/live/socket';
import type { LiveEvent } from '../../../src/core/ports/live';
import type { ErrorReport } from '../../../src/core/ports/telemetry';
import { LiveEvents } from '../../../src/core/model/live-events';

const ACCOUNT_ID = '6a1e3b2a9c8d7e6f5a4b3c2d';

/** A socket.io-client stand-in: records options and calls, and lets the test fire server events. */
class FakeSocket implements SocketLike {
  readonly handlers = new Map<string, ((...args: never[]) => void)[]>();
  connects = 0;
  disconnects = 0;
  connected = false;
  constructor(readonly options: LiveSocketOptions) {}
  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  off() {
    this.handlers.clear();
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.disconnects += 1;
    if (this.connected) this.fire('disconnect', 'io client disconnect');
    this.connected = false;
    return this;
  }
  /** What socket.io-client would send in the handshake now (it asks `auth` again at every connection attempt). */
  handshake(): LiveHandshake {
    const { auth } = this.options;
    if (typeof auth !== 'function') return auth;
    let sent: LiveHandshake | undefined;
    auth((h) => (sent = h));
    return sent!;
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }
}

const setup = () => {
  const sockets: FakeSocket[] = [];
  const reports: ErrorReport[] = [];
  const live = createLiveAdapter({
    createSocket: (options) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
    report: (r) => reports.push(r),
  });
  const events: LiveEvent[] = [];
  const stop = live.subscribe((e) => events.push(e));
  return { live, sockets, reports, events, stop };
};

describe('live adapter (accounts §7, docs/design.md#ports-and-adapters)', () => {
  it('starts closed: no socket until connect', () => {
    const { sockets } = setup();
    expect(sockets).toHaveLength(0);
  });

  it('opens /socket with credentials, the token in auth and the header, reconnecting every 500 ms without limit', async () => {
    const { live, sockets } = setup();
    await Effect.runPromise(live.connect('jwt-1'));
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.options).toMatchObject({
      path: '/socket',
      withCredentials: true,
      autoConnect: false,
      extraHeaders: { Authorization: 'Bearer jwt-1' },
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
      reconnectionAttempts: Infinity,
    });
    expect(sockets[0]?.handshake()).toEqual({ token: 'jwt-1', since: {} });
    expect(sockets[0]?.connects).toBe(1);
  });

  it('maps connect, resource updates, messages and disconnect to the port events', async () => {
    const { live, sockets, events } = setup();
    await Effect.runPromise(live.connect('jwt-1'));
    const socket = sockets[0]!;
    socket.fire('connect');
    socket.fire(LiveEvents.resourceUpdated, { reason: 'updated', resourceType: 'appointment', resourceId: 'a1' });
    socket.fire(LiveEvents.message, { accountId: ACCOUNT_ID, accountType: 'customer', connectType: 'SMS', preview: 'On my way', fromAddress: '+15555550100' });
    socket.fire('disconnect', 'transport close');
    expect(events).toEqual([
      { type: 'live.connected' },
      { type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'appointment', resourceId: 'a1' } },
      {
        type: 'live.message',
        message: { accountId: ACCOUNT_ID, accountType: 'customer', connectType: 'SMS', preview: 'On my way', fromAddress: '+15555550100' },
      },
      { type: 'live.disconnected', reason: 'transport close' },
    ]);
  });

  it('drops a malformed payload and reports it', async () => {
    const { live, sockets, events, reports } = setup();
    await Effect.runPromise(live.connect('jwt-1'));
    sockets[0]!.fire(LiveEvents.resourceUpdated, { reason: 'updated', resourceType: 'appointment' });
    sockets[0]!.fire(LiveEvents.message, { accountId: 'not-an-id', accountType: 'customer', connectType: 'SMS', preview: '', fromAddress: '' });
    expect(events).toEqual([]);
    expect(reports.map((r) => r.context)).toEqual([`live:${LiveEvents.resourceUpdated}`, `live:${LiveEvents.message}`]);
    expect(reports[0]?.extra).toEqual({ payload: { reason: 'updated', resourceType: 'appointment' } });
  });

  it('disconnect closes the socket, says so, and later events of that socket are ignored', async () => {
    const { live, sockets, events } = setup();
    await Effect.runPromise(live.connect('jwt-1'));
    const socket = sockets[0]!;
    socket.fire('connect');
    await Effect.runPromise(live.disconnect());
    expect(socket.disconnects).toBe(1);
    expect(events).toEqual([{ type: 'live.connected' }, { type: 'live.disconnected', reason: 'io client disconnect' }]);
    socket.fire(LiveEvents.resourceUpdated, { reason: 'updated', resourceType: 'ticket', resourceId: 't1' });
    expect(events).toHaveLength(2);
    await Effect.runPromise(live.disconnect()); // closing twice is harmless
    expect(socket.disconnects).toBe(1);
  });

  it('a new token opens a new socket and closes the old one; the same token reuses it', async () => {
    const { live, sockets } = setup();
    await Effect.runPromise(live.connect('jwt-1'));
    await Effect.runPromise(live.connect('jwt-1'));
    expect(sockets).toHaveLength(1);
    await Effect.runPromise(live.connect('jwt-2'));
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.disconnects).toBe(1);
    expect(sockets[1]?.handshake().token).toBe('jwt-2');
  });

  it('a listener that unsubscribes hears nothing more', async () => {
    const { live, sockets, events, stop } = setup();
    await Effect.runPromise(live.connect('jwt-1'));
    stop();
    sockets[0]!.fire('connect');
    expect(events).toEqual([]);
  });
});

describe('catching up after a disconnection (issue 12)', () => {
  const appointment = (id: string) => ({ reason: 'updated', resourceType: 'appointment', resourceId: id });
  const connected = async () => {
    const setupped = setup();
    await Effect.runPromise(setupped.live.connect('jwt-1'));
    const socket = setupped.sockets[0]!;
    socket.handshake(); // the first connection: nothing seen yet
    socket.fire('connect');
    socket.fire(LiveEvents.sync, { streams: [{ stream: 'account:a', latest: 4, oldest: 1 }] });
    return { ...setupped, socket };
  };

  it('reconnecting, it says the last number it saw of each stream, and a replayed copy is heard once', async () => {
    const { socket, events } = await connected();
    socket.fire(LiveEvents.resourceUpdated, appointment('a1'), { stream: 'account:a', seq: 5 });
    socket.fire(LiveEvents.resourceUpdated, appointment('a2'), { stream: 'user:u', seq: 1 });
    socket.fire('disconnect', 'transport close');
    expect(socket.handshake().since).toEqual({ 'account:a': 5, 'user:u': 1 });
    socket.fire('connect');
    // the server replays after 5, and one update arrives both pushed and replayed
    socket.fire(LiveEvents.resourceUpdated, appointment('a3'), { stream: 'account:a', seq: 6 });
    socket.fire(LiveEvents.resourceUpdated, appointment('a3'), { stream: 'account:a', seq: 6 });
    socket.fire(LiveEvents.sync, { streams: [{ stream: 'account:a', latest: 6, oldest: 1 }, { stream: 'user:u', latest: 1, oldest: 1 }] });
    const updates = events.flatMap((e) => (e.type === 'live.resourceUpdated' ? [e.update.resourceId] : []));
    expect(updates).toEqual(['a1', 'a2', 'a3']);
    expect(socket.handshake().since).toEqual({ 'account:a': 6, 'user:u': 1 });
  });

  it('a number skipped (two server processes) is asked for again: the watermark stays below the gap', async () => {
    const { socket } = await connected();
    socket.fire(LiveEvents.resourceUpdated, appointment('a6'), { stream: 'account:a', seq: 6 });
    expect(socket.handshake().since).toEqual({ 'account:a': 4 });
    socket.fire(LiveEvents.resourceUpdated, appointment('a5'), { stream: 'account:a', seq: 5 });
    expect(socket.handshake().since).toEqual({ 'account:a': 6 });
  });

  it('when the server says too much was missed (or pruned), every screen hears one resync, not a replay', async () => {
    const { socket, events } = await connected();
    socket.fire('disconnect', 'transport close');
    expect(socket.handshake().since).toEqual({ 'account:a': 4 });
    socket.fire('connect');
    events.length = 0;
    socket.fire(LiveEvents.sync, {
      streams: [
        { stream: 'account:a', latest: 900, oldest: 700 },
        { stream: 'user:u', latest: 3, oldest: 4 },
      ],
    });
    expect(events).toEqual([{ type: 'live.resourceUpdated', update: { reason: 'resync', resourceType: '*', resourceId: '*' } }]);
    expect(socket.handshake().since).toEqual({ 'account:a': 900, 'user:u': 3 });
  });

  it('a sync with nothing missed changes nothing on screen', async () => {
    const { socket, events } = await connected();
    socket.fire('disconnect', 'transport close');
    socket.handshake();
    socket.fire('connect');
    events.length = 0;
    socket.fire(LiveEvents.sync, { streams: [{ stream: 'account:a', latest: 4, oldest: 1 }] });
    expect(events).toEqual([]);
  });

  it('a malformed sync is dropped and reported', async () => {
    const { socket, reports } = await connected();
    socket.fire(LiveEvents.sync, { streams: 'all' });
    expect(reports.map((r) => r.context)).toEqual([`live:${LiveEvents.sync}`]);
  });
});

describe('the options as socket.io-client understands them', () => {
  it('a real client built with them stays closed, carries the token and retries every 500 ms forever', () => {
    const socket = io('http://127.0.0.1:9', liveSocketOptions('jwt-1'));
    try {
      expect(socket.connected).toBe(false);
      expect(socket.active).toBe(false);
      expect(socket.auth).toEqual({ token: 'jwt-1' });
      expect(socket.io.opts.path).toBe('/socket');
      expect(socket.io.opts.withCredentials).toBe(true);
      expect(socket.io.opts.extraHeaders).toEqual({ Authorization: 'Bearer jwt-1' });
      expect(socket.io.reconnection()).toBe(true);
      expect(socket.io.reconnectionDelay()).toBe(500);
      expect(socket.io.reconnectionDelayMax()).toBe(500);
      expect(socket.io.reconnectionAttempts()).toBe(Infinity);
    } finally {
      socket.disconnect();
    }
  });
});

describe('the socket.io client loads on the first connection (docs/performance.md)', () => {
  const lazily = () => {
    const built: FakeSocket[] = [];
    let loads = 0;
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads += 1;
      await loaded;
      return ((options: LiveSocketOptions) => {
        const socket = new FakeSocket(options);
        built.push(socket);
        return socket;
      }) as unknown as typeof io;
    };
    return { factory: lazySocket(undefined, load), built, loads: () => loads, release };
  };

  it('loads nothing until connect, then builds the socket with the listeners registered before', async () => {
    const { factory, built, loads, release } = lazily();
    const socket = factory(liveSocketOptions('token-1'));
    const heard: string[] = [];
    socket.on('connect', () => heard.push('connect'));
    expect(loads()).toBe(0);
    socket.connect();
    socket.connect();
    expect(loads()).toBe(1);
    release();
    await vi.waitFor(() => expect(built).toHaveLength(1));
    expect(built[0]!.connects).toBe(1);
    expect(built[0]!.options.auth).toEqual({ token: 'token-1' });
    built[0]!.fire('connect');
    expect(heard).toEqual(['connect']);
  });

  it('a disconnect before the library arrives cancels the connection', async () => {
    const { factory, built, release } = lazily();
    const socket = factory(liveSocketOptions('token-1'));
    socket.connect();
    socket.disconnect();
    release();
    await vi.waitFor(() => expect(built).toHaveLength(1));
    expect(built[0]!.connects).toBe(0);
  });
});
