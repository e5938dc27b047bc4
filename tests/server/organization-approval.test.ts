/**
 * Super approves or rejects a pending organization (issue 11 "Approval"; accounts §4): through the
 * organization-approval chart with an audit row, a notification and an e-mail to the organization; the admin
 * lists find the pending ones; once approved, the organization's own session reads isApproved (the SPA's gate
 * then leaves /organization/pending-approval).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  admin = bearer(await login(server.app, 'super@tendwell.test'));
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};

const pendingId = demoId('account:pending-organization');
const approvedId = demoId('account:organization');
const PENDING_EMAIL = 'pending-organization@tendwell.test';

const outboxTo = async (to: string) => (await call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`, {})).body as unknown as Json[];
const trail = async (id: string) =>
  (await server.db.select().from(auditLog).where(eq(auditLog.recordId, id)).orderBy(auditLog.at)).map((r) => `${r.chart} ${r.event} ${r.fromState}→${r.toState} by ${r.role}`);
const sessionMeta = async (token: string) => {
  const user = (await call('GET', '/user', bearer(token))).body;
  return (user.accounts as Json[] | undefined)?.find((a) => a._id === pendingId)?.meta ?? user.account?.meta ?? user.meta;
};

describe('the admin lists of organizations', () => {
  it('the pending queue holds the organization waiting for approval, not the approved one', async () => {
    const res = await call('GET', '/admin/organizations?approval=pending', admin);
    expect(res.status).toBe(200);
    const ids = (res.body.items as Json[]).map((o) => o._id);
    expect(ids).toContain(pendingId);
    expect(ids).not.toContain(approvedId);
    expect(res.body.total).toBe(ids.length);
    const pending = (res.body.items as Json[]).find((o) => o._id === pendingId)!;
    expect(pending).toMatchObject({ company_name: 'Fresh Cut Partners', primary_email: PENDING_EMAIL, meta: { isApproved: false, approval_status: 'pending' } });
  });

  it('searches by name or e-mail and pages', async () => {
    const found = await call('GET', '/admin/organizations?search=greenway', admin);
    expect((found.body.items as Json[]).map((o) => o._id)).toEqual([approvedId]);
    const page = await call('GET', '/admin/organizations?pageSize=1&page=2&sort=name&order=asc', admin);
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
  });

  it('one organization, or 404; only super reads them', async () => {
    expect((await call('GET', `/admin/organizations/${approvedId}`, admin)).body).toMatchObject({ _id: approvedId, meta: { isApproved: true } });
    expect((await call('GET', `/admin/organizations/${demoId('account:customer')}`, admin)).status).toBe(404);
    const organization = bearer(await login(server.app, 'organization@tendwell.test'));
    expect((await call('GET', '/admin/organizations', organization)).status).toBe(403);
  });
});

describe('approving and rejecting through the organization-approval chart', () => {
  it('an organization cannot approve itself', async () => {
    const own = bearer(await login(server.app, PENDING_EMAIL));
    expect((await call('PUT', `/admin/organizations/${pendingId}/approve`, own, {})).status).toBe(403);
    expect(await trail(pendingId)).toEqual([]);
  });

  it('super rejects: audit row, notification and e-mail; the organization still waits', async () => {
    const res = await call('PUT', `/admin/organizations/${pendingId}/reject`, admin, { note: 'Your insurance document is missing.' });
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ isApproved: false, approval_status: 'rejected' });
    expect(await trail(pendingId)).toEqual(['organizationApproval organization.reject pending→rejected by super']);
    const [note] = await server.db.select().from(notifications).where(and(eq(notifications.accountId, pendingId)));
    expect(note).toMatchObject({ title: 'Your organization was not approved' });
    expect(note!.body).toContain('Your insurance document is missing.');
    const mail = (await outboxTo(PENDING_EMAIL)).at(-1)!;
    expect(mail.subject).toBe('Tendwell: your organization was not approved');
    // rejecting again is not a move of the chart
    const again = await call('PUT', `/admin/organizations/${pendingId}/reject`, admin, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('illegal_transition');
    expect((await call('GET', '/admin/organizations?approval=rejected', admin)).body.items.map((o: Json) => o._id)).toEqual([pendingId]);
  });

  it('super approves (after a rejection too): audit row, notification, e-mail, and the organization session reads isApproved', async () => {
    const token = await login(server.app, PENDING_EMAIL);
    expect((await sessionMeta(token))?.isApproved).toBe(false);
    const res = await call('PUT', `/admin/organizations/${pendingId}/approve`, admin, {});
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ isApproved: true, approval_status: 'approved' });
    expect((await trail(pendingId)).at(-1)).toBe('organizationApproval organization.approve rejected→approved by super');
    const titles = (await server.db.select().from(notifications).where(eq(notifications.accountId, pendingId))).map((n) => n.title);
    expect(titles).toContain('Your organization is approved');
    const mail = (await outboxTo(PENDING_EMAIL)).at(-1)!;
    expect(mail).toMatchObject({ subject: 'Tendwell: your organization is approved', link: expect.stringMatching(/\/organization$/) });
    // "check again" reloads the user: the same token now reads the approval
    expect((await sessionMeta(token))?.isApproved).toBe(true);
    // approved is final
    expect((await call('PUT', `/admin/organizations/${pendingId}/approve`, admin, {})).status).toBe(409);
    expect((await call('PUT', `/admin/organizations/${pendingId}/reject`, admin, {})).status).toBe(409);
    expect((await call('GET', '/admin/organizations?approval=pending', admin)).body.items.map((o: Json) => o._id)).not.toContain(pendingId);
  });

  it('an unknown organization is 404, and bad input 400', async () => {
    expect((await call('PUT', `/admin/organizations/${demoId('account:customer')}/approve`, admin, {})).status).toBe(404);
    expect((await call('PUT', `/admin/organizations/${pendingId}/approve`, admin, { note: 'x'.repeat(501) })).status).toBe(400);
  });
});
