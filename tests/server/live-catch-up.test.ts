import { Effect } from 'effect';
import { asc, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLiveHub, userRoom } from '../../server/adapters/live';
import { buildApp } from '../../server/app';
import { manualClock } from '../../server/clock';
import { liveEvents } from '../../server/db/schema';
import { createLiveAdapter } from '../../src/adapters/live/socket';
import type { LiveEvent, LivePort } from '../../src/core/ports/live';
import { LIVE_RETENTION_MS } from '../../src/core/rules/live';
import { TEST_EPOCH } from './db-template';
import { bearer, login, persistentData, startListeningServer, type ListeningOptions } from './harness';

/**
 * Issue 12: a client that lost its server (a restart, a laptop lid) catches up on reconnect with nothing
 * missed. Real servers on data that outlives them, and the SPA's own live adapter (socket.io-client over
 * a websocket) as the client.
 */

type Server = Awaited<ReturnType<typeof startListeningServer>>;
let data: Awaited<ReturnType<typeof persistentData>>;
let server: Server | undefined;
const clients: LivePort[] = [];

beforeAll(async () => {
  data = await persistentData();
});
afterEach(async () => {
  for (const client of clients.splice(0)) Effect.runSync(client.disconnect());
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  await data?.drop();
});

const start = async (options: ListeningOptions = {}) => (server = await startListeningServer(await data.open(), options));

/** The SPA's live adapter, pointed at the test server; records what its listeners hear. */
const client = (url: string) => {
  const heard: LiveEvent[] = [];
  const live = createLiveAdapter({ createSocket: (options) => io(url, { ...(options as object), transports: ['websocket'] }) });
  live.subscribe((event) => heard.push(event));
  clients.push(live);
  return {
    live,
    heard,
    connections: () => heard.filter((e) => e.type === 'live.connected').length,
    updates: () => heard.flatMap((e) => (e.type === 'live.resourceUpdated' ? [e.update] : [])),
  };
};

const until = async (what: string, ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};
const settle = () => new Promise((r) => setTimeout(r, 300));

type App = Server['app'];
/** vendor@'s next visit in the seed (active, or an exception after an earlier test's change). */
const visitOf = async (app: App, vendor: string): Promise<string> => {
  const res = await app.inject({ method: 'GET', url: '/api/appointments?pageSize=100', headers: bearer(vendor) });
  const { items } = res.json() as { items: { _id: string; status: string; start_time: string }[] };
  const visit = items.find((a) => ['active', 'exception'].includes(a.status) && Date.parse(a.start_time) > TEST_EPOCH.getTime());
  if (!visit) throw new Error(`vendor@ has no active upcoming visit in the seed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return visit._id;
};
/**
 * A change its customer, vendor, organization and super hear as 'updated': the vendor marks the visit as an
 * exception, or, when it is one, the organization reinstates it (so it can be changed again and again).
 */
const change = async (app: App, id: string) => {
  const [vendor, organization] = [await login(app, 'vendor@tendwell.test'), await login(app, 'organization@tendwell.test')];
  const { status } = (await app.inject({ method: 'GET', url: `/api/appointments/${id}`, headers: bearer(vendor) })).json() as { status: string };
  const res =
    status === 'exception'
      ? await app.inject({ method: 'PUT', url: `/api/appointments/reinstate/${id}`, headers: bearer(organization), payload: {} })
      : await app.inject({ method: 'PUT', url: `/api/appointments/exception/${id}`, headers: bearer(vendor), payload: { note: 'Gate locked.' } });
  expect(res.statusCode, res.body).toBe(200);
};
const appointmentUpdate = (id: string) => ({ reason: 'updated', resourceType: 'appointment', resourceId: id });

describe('catching up after a disconnection', { timeout: 90_000 }, () => {
  it('an update pushed while the laptop was closed reaches the client after the server restarted on the same data', async () => {
    const first = await start();
    const vendor = await login(first.app, 'vendor@tendwell.test');
    const visit = await visitOf(first.app, vendor);
    const { live, connections, updates } = client(first.url);
    Effect.runSync(live.connect(vendor));
    await until('the first connection', () => connections() === 1);
    await change(first.app, visit);
    await until('the live update', () => updates().length === 1);

    Effect.runSync(live.disconnect()); // the lid closes
    await change(first.app, visit); // heard by nobody: stored
    await first.stop();
    const second = await start({ port: first.port });
    Effect.runSync(live.connect(vendor)); // the lid opens, on a server restarted meanwhile

    await until('the replayed update', () => updates().length === 2);
    expect(updates()).toEqual([appointmentUpdate(visit), appointmentUpdate(visit)]);
    // A later push is heard once, and nothing is heard twice.
    await change(second.app, visit);
    await until('the next push', () => updates().length === 3);
    await settle();
    expect(updates()).toHaveLength(3);
  });

  it('the server dies under a connected client; a change made before it listens again is replayed on the automatic reconnection', async () => {
    const first = await start();
    const vendor = await login(first.app, 'vendor@tendwell.test');
    const visit = await visitOf(first.app, vendor);
    const { live, heard, connections, updates } = client(first.url);
    Effect.runSync(live.connect(vendor));
    await until('the first connection', () => connections() === 1);
    await first.stop();
    await until('the disconnection', () => heard.some((e) => e.type === 'live.disconnected'));

    await start({ port: first.port, beforeListening: (app) => change(app, visit) });
    await until('the automatic reconnection and the replay', () => connections() === 2 && updates().length === 1);
    await settle();
    expect(updates()).toEqual([appointmentUpdate(visit)]);
  });

  it('away longer than stored events are kept: the client is told to reload everything, once', async () => {
    const clock = manualClock(TEST_EPOCH);
    const first = await start({ clock });
    const vendor = await login(first.app, 'vendor@tendwell.test');
    const visit = await visitOf(first.app, vendor);
    const { live, connections, updates } = client(first.url);
    Effect.runSync(live.connect(vendor));
    await until('the first connection', () => connections() === 1);
    Effect.runSync(live.disconnect());
    await change(first.app, visit);
    await first.live.flush();
    clock.advance(LIVE_RETENTION_MS + 60_000);
    expect(await first.live.prune()).toBeGreaterThan(0);

    Effect.runSync(live.connect(vendor));
    await until('the resync', () => updates().length === 1);
    await settle();
    expect(updates()).toEqual([{ reason: 'resync', resourceType: '*', resourceId: '*' }]);
  });

  it('two server processes on one database: numbers never collide, and a client of one catches up with what the other changed', async () => {
    const first = await start();
    const vendor = await login(first.app, 'vendor@tendwell.test');
    const visit = await visitOf(first.app, vendor);
    // A second server: its own hub (its own queue of pushes), the same database, nobody connected to it.
    const clock = manualClock(TEST_EPOCH);
    const otherHub = createLiveHub({ db: first.db, clock });
    const other = await buildApp({ config: first.config, db: first.db, clock, live: otherHub });

    // Both push to one stream at once: every number is used once, none skipped.
    const stream = 'collisions';
    for (let i = 0; i < 20; i++) {
      first.live.toUser(stream, 'test:event', { i });
      otherHub.toUser(stream, 'test:event', { i: 100 + i });
    }
    await Promise.all([first.live.flush(), otherHub.flush()]);
    const numbers = await first.db.select({ seq: liveEvents.seq }).from(liveEvents).where(eq(liveEvents.stream, userRoom(stream))).orderBy(asc(liveEvents.seq));
    expect(numbers.map((n) => n.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

    const { live, connections, updates } = client(first.url);
    Effect.runSync(live.connect(vendor));
    await until('the first connection', () => connections() === 1);
    Effect.runSync(live.disconnect());
    await change(other.app, visit);
    await otherHub.flush();
    Effect.runSync(live.connect(vendor));
    await until('the update the other server stored', () => updates().length === 1);
    expect(updates()).toEqual([appointmentUpdate(visit)]);
    await other.app.close();
  });
});
