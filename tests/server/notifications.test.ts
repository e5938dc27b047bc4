import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, notifications } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { LiveEvents } from '../../src/core/model/live-events';
import { bearer, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
let customer: string;
beforeAll(async () => {
  server = await startTestServer();
  customer = await login(server.app, 'customer@tendwell.test');
});
afterAll(() => server?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const call = async (method: 'GET' | 'PUT', url: string, token = customer) => {
  const res = await server.app.inject({ method, url: `/api${url}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() as Json };
};

const DAY = 24 * 60 * 60 * 1000;
const alertId = demoId('notification:0');
const appointmentId = demoId('notification:1');
const oldPromoId = demoId('notification:4');
const vendorNotificationId = demoId('notification:5');

describe('GET /notification', () => {
  it('lists the last 30 days of the active account, newest first', async () => {
    const res = await call('GET', '/notification');
    expect(res.status).toBe(200);
    const list = res.body as unknown as Json[];
    expect(list.map((n) => n._id)).toEqual([alertId, appointmentId, demoId('notification:2'), demoId('notification:3')]);
    expect(list[0]).toMatchObject({ type: 'alert', has_read: false, dismissed: false, title: expect.any(String), link: '/billing' });
    expect(list.map((n) => n._id)).not.toContain(oldPromoId);
    expect(list.map((n) => n._id)).not.toContain(vendorNotificationId);
  });

  it('takes a from/to range', async () => {
    const now = server.clock.now().getTime();
    const from = new Date(now - 60 * DAY).toISOString();
    const to = new Date(now - 40 * DAY).toISOString();
    const res = await call('GET', `/notification?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect((res.body as unknown as Json[]).map((n) => n._id)).toEqual([oldPromoId]);
  });

  it('refuses a reversed range, a range over 366 days and a date that is not one', async () => {
    const now = server.clock.now().getTime();
    const reversed = await call('GET', `/notification?from=${new Date(now).toISOString()}&to=${new Date(now - DAY).toISOString()}`);
    expect(reversed.status).toBe(400);
    const long = await call('GET', `/notification?from=${new Date(now - 400 * DAY).toISOString()}`);
    expect(long.status).toBe(400);
    const garbage = await call('GET', '/notification?from=yesterday');
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toMatch(/from/);
  });

  it('a user without an active account (super) has none', async () => {
    const superToken = await login(server.app, 'super@tendwell.test');
    expect((await call('GET', '/notification', superToken)).body).toEqual([]);
    expect((await call('GET', '/notification-alerts', superToken)).body).toEqual([]);
  });
});

describe('one notification', () => {
  it('reads its own', async () => {
    const res = await call('GET', `/notification/${appointmentId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: appointmentId, type: 'appointment' });
  });

  it("another account's notification is 404, for reading and for every change", async () => {
    for (const [method, url] of [
      ['GET', `/notification/${vendorNotificationId}`],
      ['PUT', `/notification/${vendorNotificationId}/read`],
      ['PUT', `/notification/${vendorNotificationId}/unread`],
      ['PUT', `/notification/${vendorNotificationId}/dismiss`],
    ] as const) {
      const res = await call(method, url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.body.code).toBe('not_found');
    }
    const vendor = await login(server.app, 'vendor@tendwell.test');
    expect((await call('GET', `/notification/${vendorNotificationId}`, vendor)).body.has_read).toBe(false);
  });

  it('an unknown id is 404 and a malformed one 400', async () => {
    expect((await call('GET', `/notification/${'f'.repeat(24)}`)).status).toBe(404);
    expect((await call('GET', '/notification/not-an-id')).status).toBe(400);
  });
});

describe('read, unread, dismiss', () => {
  it('change the state, tell the live connection and write an audit row', async () => {
    const toAccount = vi.spyOn(server.services.live, 'toAccount');
    const read = await call('PUT', `/notification/${appointmentId}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ _id: appointmentId, has_read: true, dismissed: false });
    expect(toAccount).toHaveBeenCalledWith(demoId('account:customer'), LiveEvents.resourceUpdated, {
      reason: 'updated',
      resourceType: 'notification',
      resourceId: appointmentId,
    });
    const unread = await call('PUT', `/notification/${appointmentId}/unread`);
    expect(unread.body).toMatchObject({ has_read: false });
    const dismissed = await call('PUT', `/notification/${appointmentId}/dismiss`);
    expect(dismissed.body).toMatchObject({ dismissed: true });

    const trail = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'notification'), eq(auditLog.recordId, appointmentId)));
    expect(trail.map((r) => [r.event, r.fromState, r.toState, r.userId, r.role])).toEqual([
      ['notification.read', 'unread', 'read', demoId('user:customer'), 'customer'],
      ['notification.unread', 'read', 'unread', demoId('user:customer'), 'customer'],
      ['notification.dismiss', 'unread', 'dismissed', demoId('user:customer'), 'customer'],
    ]);
    toAccount.mockRestore();
  });

  it('repeating a change is harmless and writes nothing new', async () => {
    const id = demoId('notification:2');
    const first = await call('PUT', `/notification/${id}/read`);
    expect(first.body.has_read).toBe(true);
    const rows = await server.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(rows).toHaveLength(0);
  });

  it('after dismiss, read, unread and dismiss are refused with 409 and the chart\'s reason, and change nothing', async () => {
    const id = oldPromoId;
    expect((await call('PUT', `/notification/${id}/dismiss`)).body).toMatchObject({ dismissed: true });
    const row = async () => (await server.db.select().from(notifications).where(eq(notifications.id, id)))[0];
    const trail = async () => server.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    const before = { row: await row(), trail: await trail() };
    expect(before.trail.map((r) => [r.chart, r.event, r.toState])).toEqual([['notification', 'notification.dismiss', 'dismissed']]);
    for (const change of ['read', 'unread', 'dismiss'] as const) {
      const res = await call('PUT', `/notification/${id}/${change}`);
      expect({ change, status: res.status, body: res.body }).toEqual({
        change,
        status: 409,
        body: {
          code: 'illegal_transition',
          message: `notification: 'notification.${change}' is not allowed in status 'dismissed' (only in: unread, read). 'dismissed' is final. Notification: read, unread, dismissed. Dismissed is final: a dismissed notification is not read, unread or dismissed again; read and unread may be repeated.`,
        },
      });
    }
    expect({ row: await row(), trail: await trail() }).toEqual(before);
  });

  it('the audit trail cannot be rewritten', async () => {
    await expect(server.db.update(auditLog).set({ event: 'forged' }).where(eq(auditLog.recordId, appointmentId))).rejects.toThrow();
    await expect(server.db.delete(auditLog).where(eq(auditLog.recordId, appointmentId))).rejects.toThrow();
  });
});

describe('GET /notification-alerts', () => {
  it('lists the undismissed alerts; dismissing the alert empties it', async () => {
    const before = await call('GET', '/notification-alerts');
    expect(before.status).toBe(200);
    expect((before.body as unknown as Json[]).map((n) => n._id)).toEqual([alertId]);
    await call('PUT', `/notification/${alertId}/dismiss`);
    expect((await call('GET', '/notification-alerts')).body).toEqual([]);
  });

  it('other accounts see their own alerts only', async () => {
    const vendor = await login(server.app, 'vendor@tendwell.test');
    expect((await call('GET', '/notification-alerts', vendor)).body).toEqual([]);
  });
});
