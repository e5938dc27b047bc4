import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvents } from '../../src/core/model/live-events';
import { bearer, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  await server.live.attach(server.app.server, { verifySession: (token) => server.services.tokens.verifySession(token) });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const connect = (options: Parameters<typeof io>[1]) => {
  const socket = io(url, { path: '/socket', reconnection: false, transports: ['websocket'], ...options });
  sockets.push(socket);
  return socket;
};
const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within 5 s`)), 5000);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('the live connection at /socket', () => {
  it('accepts the token in the auth field and joins the account room', async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    const ready = await next<{ accountId: string; role: string }>(connect({ auth: { token } }), LiveEvents.ready);
    expect(ready.role).toBe('customer');
    expect(ready.accountId).toMatch(/^[0-9a-f]{24}$/);
  });

  it('accepts the token in the Authorization header', async () => {
    const token = await login(server.app, 'vendor@tendwell.test');
    const socket = connect({ transports: ['polling'], extraHeaders: bearer(token) });
    expect((await next<{ role: string }>(socket, LiveEvents.ready)).role).toBe('vendor');
  });

  it('refuses a connection without a token, or with a forged or revoked one', async () => {
    const missing = await next<Error>(connect({}), 'connect_error');
    expect(missing.message).toBe('User token authentication failed');
    const forged = await next<Error>(connect({ auth: { token: 'not-a-token' } }), 'connect_error');
    expect(forged.message).toBe('User token authentication failed');
    const token = await login(server.app, 'affiliate@tendwell.test');
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload: {} });
    const revoked = await next<Error>(connect({ auth: { token } }), 'connect_error');
    expect(revoked.message).toBe('User token authentication failed');
  });

  it("delivers a resource update to the account's room only", async () => {
    const token = await login(server.app, 'customer@tendwell.test');
    const mine = connect({ auth: { token } });
    await next(mine, LiveEvents.ready);
    const other = connect({ auth: { token: await login(server.app, 'vendor@tendwell.test') } });
    await next(other, LiveEvents.ready);
    let otherGotIt = false;
    other.on(LiveEvents.resourceUpdated, () => (otherGotIt = true));

    const list = await server.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(token) });
    const notification = (list.json() as { _id: string; has_read: boolean }[]).find((n) => !n.has_read);
    expect(notification, 'an unread seeded notification').toBeDefined();
    const update = next<{ reason: string; resourceType: string; resourceId: string }>(mine, LiveEvents.resourceUpdated);
    const read = await server.app.inject({ method: 'PUT', url: `/api/notification/${notification!._id}/read`, headers: bearer(token), payload: {} });
    expect(read.statusCode).toBe(200);
    expect(await update).toEqual({ reason: 'updated', resourceType: 'notification', resourceId: notification!._id });
    await new Promise((r) => setTimeout(r, 200));
    expect(otherGotIt).toBe(false);
  });
});
