/**
 * Payout onboarding (issue 11 "Payout onboarding"; accounts §4 onboarding gates): a newly registered organization
 * links to the sandbox provider's onboarding page, comes back with { code, state_key }, gives its business details,
 * bank account, document, agreement and survey, and finishes — then waits for approval. A vendor ticks its checklist
 * (the insurance document with its validity) and finishes. Every step goes through the payout-onboarding chart with
 * an audit row; wrong owners get 403, bad input 400 with the spec's words, steps out of order 409.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, media } from '../../server/db/schema';
import { newId } from '../../server/db/ids';
import { demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let org: { id: string; headers: Record<string, string> };
let other: Record<string, string>;
let admin: Record<string, string>;
let vendor: Record<string, string>;

const call = async (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: url.startsWith('/sandbox') ? url : `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.headers['content-type']?.toString().includes('json') ? res.json() : {}) as Json, text: res.body, location: res.headers.location };
};

const trail = async (id: string) =>
  (await server.db.select().from(auditLog).where(eq(auditLog.recordId, id)).orderBy(auditLog.at)).filter((r) => r.chart === 'payoutOnboarding').map((r) => `${r.event} ${r.fromState}→${r.toState} by ${r.role}`);

const documentOf = async (ownerAccountId: string, userId: string) => {
  const id = newId();
  await server.db.insert(media).values({ id, key: `document/${ownerAccountId}/none/${id}.pdf`, contentType: 'application/pdf', name: 'insurance.pdf', size: 1000, purpose: 'document', ownerAccountId, uploaderUserId: userId, createdAt: server.clock.now() });
  return id;
};

const day = (offsetDays: number) => new Date(server.clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  const registered = await server.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { first_name: 'Maple', last_name: 'Works', platform: 'web', email: 'maple@example.com', password: 'maple-pass-1', type: 'organization' },
  });
  const body = registered.json() as Json;
  org = { id: body.userData.account._id as string, headers: bearer(body.token as string) };
  other = bearer(await login(server.app, 'organization@tendwell.test'));
  admin = bearer(await login(server.app, 'super@tendwell.test'));
  vendor = bearer(await login(server.app, 'vendor@tendwell.test'));
});
afterAll(() => server?.close());

describe("an organization's payout onboarding through the sandbox provider", () => {
  let link: { url: string; state_key: string };
  let returned: URL;

  it('starts with everything left, and refuses steps out of order (409) before the provider link', async () => {
    const progress = await call('GET', `/organization/${org.id}/onboarding`, org.headers);
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({ status: 'not_started', kind: 'organization', stripe_id: null, remaining: ['payout_account', 'agreement', 'document'], can_finish: false });
    expect((await call('PUT', `/organization/${org.id}/finish_setup`, org.headers)).status).toBe(409);
    expect((await call('POST', `/organization/${org.id}/onboarding/token`, org.headers, { code: 'x', state_key: 'y' })).status).toBe(409);
    const bank = await call('PUT', `/organization/${org.id}/bank_account`, org.headers, { account_holder_name: 'Maple Works', account_holder_type: 'company', routing_number: '110000000', account_number: '000123456789' });
    expect(bank.status).toBe(409);
    expect(bank.body.code).toBe('illegal_transition');
  });

  it("refuses another organization's onboarding (403) and other roles (403)", async () => {
    expect((await call('GET', `/organization/${org.id}/onboarding/authorize`, other)).status).toBe(403);
    expect((await call('GET', `/organization/${org.id}/onboarding`, vendor)).status).toBe(403);
    expect((await call('PUT', `/organization/${org.id}/accept_agreement`, other, { agreement_version: '2026-01', accepted: true })).status).toBe(403);
  });

  it('authorize answers the sandbox onboarding page, which shows the organization and returns with code and state_key', async () => {
    const res = await call('GET', `/organization/${org.id}/onboarding/authorize`, org.headers);
    expect(res.status).toBe(200);
    link = res.body as typeof link;
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/sandbox\/connect\/onboarding\/[0-9a-f]{32}$/);
    const path = new URL(link.url).pathname;
    const page = await call('GET', path, {});
    expect(page.status).toBe(200);
    expect(page.text).toContain('Set up payouts for Maple');
    expect(page.text).toMatch(/<a href="[^"]*\/organization\/onboarding\?onboarding=cancelled">Cancel<\/a>/);
    const back = await call('POST', path, { 'content-type': 'application/x-www-form-urlencoded' }, {});
    expect(back.status).toBe(303);
    returned = new URL(back.location as string);
    expect(returned.pathname).toBe('/organization/onboarding');
    expect(returned.searchParams.get('state_key')).toBe(link.state_key);
    // the link is spent
    expect((await call('GET', path, {})).status).toBe(404);
  });

  it('the token call checks the state key and the code, then stores the connected account as settings.stripe_id', async () => {
    const code = returned.searchParams.get('code')!;
    expect(await call('POST', `/organization/${org.id}/onboarding/token`, org.headers, { code, state_key: 'not-the-key' })).toMatchObject({ status: 400, body: { message: 'Invalid state_key' } });
    expect(await call('POST', `/organization/${org.id}/onboarding/token`, org.headers, { code: 'wrong', state_key: link.state_key })).toMatchObject({ status: 400, body: { message: 'Invalid code' } });
    expect((await call('POST', `/organization/${org.id}/onboarding/token`, org.headers, { code })).status).toBe(400);
    const res = await call('POST', `/organization/${org.id}/onboarding/token`, org.headers, { code, state_key: link.state_key });
    expect(res.status).toBe(200);
    expect(res.body.stripe_id).toMatch(/^acct_sandbox_/);
    // single use
    expect((await call('POST', `/organization/${org.id}/onboarding/token`, org.headers, { code, state_key: link.state_key })).status).toBe(409);
    const user = (await call('GET', '/user', org.headers)).body;
    expect(user.account.settings.stripe_id).toBe(res.body.stripe_id);
    expect(user.account.meta).toMatchObject({ initialSetup: false, isApproved: false, approval_status: 'pending' });
  });

  it('records the business type and tax id (last four digits only), refusing a bad tax id with 400', async () => {
    expect(await call('PUT', `/organization/${org.id}/business`, org.headers, { business_type: 'company', tax_id: '123-45-6789' })).toMatchObject({ status: 400, body: { message: 'Invalid tax id' } });
    expect((await call('PUT', `/organization/${org.id}/business`, org.headers, { business_type: 'company', tax_id: '12345' })).status).toBe(400);
    expect((await call('PUT', `/organization/${org.id}/business`, org.headers, { business_type: 'partnership', tax_id: '12-3456789' })).status).toBe(400);
    const res = await call('PUT', `/organization/${org.id}/business`, org.headers, { business_type: 'company', entity_type: 'single_member_llc', tax_id: '12-3456789' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ business_type: 'company', entity_type: 'single_member_llc', tax_id_kind: 'ein', tax_id_last4: '6789' });
    expect(JSON.stringify(res.body)).not.toContain('3456789');
  });

  it('sets the bank account at the provider, answering only the last four digits', async () => {
    expect((await call('GET', `/organization/${org.id}/bank_account`, org.headers)).body).toBeNull();
    expect((await call('PUT', `/organization/${org.id}/bank_account`, org.headers, { account_holder_name: 'Maple Works', account_holder_type: 'company', routing_number: '11000', account_number: '000123456789' })).status).toBe(400);
    const res = await call('PUT', `/organization/${org.id}/bank_account`, org.headers, { account_holder_name: 'Maple Works', account_holder_type: 'company', routing_number: '110000000', account_number: '000123456789' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ last4: '6789', status: 'verified', bank_name: 'STRIPE TEST BANK' });
    expect(JSON.stringify(res.body)).not.toContain('000123456789');
    expect((await call('GET', `/organization/${org.id}/bank_account`, org.headers)).body).toMatchObject({ last4: '6789' });
  });

  it('finishing waits for the agreement and the document (409), which are checked (400)', async () => {
    expect((await call('PUT', `/organization/${org.id}/finish_setup`, org.headers)).status).toBe(409);
    expect(await call('PUT', `/organization/${org.id}/accept_agreement`, org.headers, { agreement_version: '1999', accepted: true })).toMatchObject({ status: 400, body: { message: 'Invalid agreement_version' } });
    expect((await call('PUT', `/organization/${org.id}/accept_agreement`, org.headers, { agreement_version: '2026-01', accepted: false })).status).toBe(400);
    const agreed = await call('PUT', `/organization/${org.id}/accept_agreement`, org.headers, { agreement_version: '2026-01', accepted: true });
    expect(agreed.status).toBe(200);
    expect(agreed.body.agreement_accepted_at).toEqual(expect.any(String));

    const mapleUser = (await call('GET', '/user', org.headers)).body._id as string;
    const file = await documentOf(org.id, mapleUser);
    const foreign = await documentOf(demoId('account:organization'), demoId('user:organization'));
    const doc = { document_type: 'insurance', media_id: file, valid_from: day(-10), valid_until: day(300) };
    expect(await call('PUT', `/organization/${org.id}/verification_document_data`, org.headers, { ...doc, valid_until: day(-1) })).toMatchObject({ status: 400, body: { message: 'Invalid valid_until' } });
    expect(await call('PUT', `/organization/${org.id}/verification_document_data`, org.headers, { ...doc, media_id: foreign })).toMatchObject({ status: 400, body: { message: 'Invalid media_id' } });
    const documented = await call('PUT', `/organization/${org.id}/verification_document_data`, org.headers, doc);
    expect(documented.status).toBe(200);
    expect(documented.body.verification_document).toMatchObject({ document_type: 'insurance', media_id: file, status: 'pending' });
  });

  it('saves the survey as a draft, then submits it', async () => {
    expect((await call('GET', `/organization/${org.id}/survey`, org.headers)).body).toMatchObject({ status: 'draft', answers: [] });
    const saved = await call('PUT', `/organization/${org.id}/survey`, org.headers, { status: 'open', answers: [{ question: 'How did you hear about us?', answer: 'Google' }] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'open', answers: [{ question: 'How did you hear about us?', answer: 'Google' }] });
    expect((await call('PUT', `/organization/${org.id}/survey`, org.headers, { answers: [{ question: '', answer: 'x' }] })).status).toBe(400);
  });

  it('finishes: meta.initialSetup is set, the organization waits for approval, and every step left an audit row', async () => {
    const done = await call('PUT', `/organization/${org.id}/finish_setup`, org.headers);
    expect(done.status).toBe(200);
    expect(done.body.meta).toMatchObject({ initialSetup: true, isApproved: false, approval_status: 'pending' });
    expect((await call('PUT', `/organization/${org.id}/finish_setup`, org.headers)).status).toBe(409);
    const progress = (await call('GET', `/organization/${org.id}/onboarding`, org.headers)).body;
    expect(progress).toMatchObject({ status: 'finished', initial_setup: true, remaining: [], can_finish: false });
    expect(await trail(org.id)).toEqual([
      'onboarding.authorize not_started→linking by organization',
      'onboarding.connect linking→connected by organization',
      'onboarding.record connected→connected by organization',
      'onboarding.bankAccount connected→connected by organization',
      'onboarding.record connected→connected by organization',
      'onboarding.record connected→connected by organization',
      'onboarding.survey connected→connected by organization',
      'onboarding.finish connected→finished by organization',
    ]);
    const pending = await call('GET', '/admin/organizations?approval=pending', admin);
    expect((pending.body.items as Json[]).map((o) => o._id)).toContain(org.id);
  });

  it('super may act for the organization', async () => {
    expect((await call('GET', `/organization/${org.id}/onboarding`, admin)).status).toBe(200);
  });

  it('a rejected organization is told so in its session; approved, it reads isApproved', async () => {
    expect((await call('PUT', `/admin/organizations/${org.id}/reject`, admin, { note: 'Missing license' })).status).toBe(200);
    expect((await call('GET', '/user', org.headers)).body.account.meta).toMatchObject({ isApproved: false, approval_status: 'rejected' });
    expect((await call('PUT', `/admin/organizations/${org.id}/approve`, admin, {})).status).toBe(200);
    expect((await call('GET', '/user', org.headers)).body.account.meta).toMatchObject({ isApproved: true, approval_status: 'approved' });
  });
});

describe("a vendor's checklist and set-up", () => {
  const vendorId = demoId('account:vendor');

  it('lists the checklist with the insurance document; its organization and super may read it, another vendor may not', async () => {
    const res = await call('GET', '/vendors/checklist', vendor);
    expect(res.status).toBe(200);
    expect((res.body.items as Json[]).map((i) => i.item_id)).toEqual(['insurance', 'background_check', 'equipment']);
    expect(res.body.items[0]).toMatchObject({ item_id: 'insurance', requires_document: true, done: false });
    expect((await call('GET', `/vendors/checklist?vendor_id=${vendorId}`, other)).status).toBe(200);
    expect((await call('GET', `/vendors/checklist?vendor_id=${vendorId}`, admin)).status).toBe(200);
    expect((await call('GET', '/vendors/checklist', admin)).status).toBe(400);
    const rita = bearer(await login(server.app, 'vendor2@tendwell.test'));
    expect((await call('GET', `/vendors/checklist?vendor_id=${vendorId}`, rita)).status).toBe(403);
  });

  it('the insurance document needs its file and a validity end in the future (400)', async () => {
    expect(await call('PUT', '/vendors/checklist/update', vendor, { item_id: 'insurance', done: true })).toMatchObject({ status: 400, body: { message: 'Missing required fields' } });
    expect(await call('PUT', '/vendors/checklist/update', vendor, { item_id: 'nope', done: true })).toMatchObject({ status: 400, body: { message: 'Invalid item_id' } });
    const file = await documentOf(vendorId, demoId('user:vendor'));
    expect(await call('PUT', '/vendors/checklist/update', vendor, { item_id: 'insurance', done: true, media_id: file, valid_until: day(-2) })).toMatchObject({ status: 400, body: { message: 'Invalid valid_until' } });
    const res = await call('PUT', '/vendors/checklist/update', vendor, { item_id: 'insurance', done: true, media_id: file, valid_until: day(200) });
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ done: true, media_id: file, valid_until: day(200) });
    expect(res.body.complete).toBe(false);
  });

  it('a vendor may not finish another vendor (403); a vendor without a provider account may not finish (409)', async () => {
    const rita = bearer(await login(server.app, 'vendor2@tendwell.test'));
    expect((await call('PUT', `/vendors/${vendorId}/finish_setup`, rita)).status).toBe(403);
    expect((await call('PUT', `/vendors/${vendorId}/finish_setup`, other)).status).toBe(403);
    // Rita is onboarded in the seed (stripe_id and initialSetup): finished already
    expect((await call('PUT', `/vendors/${demoId('account:vendor2')}/finish_setup`, rita)).status).toBe(409);
  });

  it('the seeded vendor reads as finished and can reconnect through the sandbox', async () => {
    const progress = await call('GET', `/vendors/${vendorId}/onboarding`, vendor);
    expect(progress.body).toMatchObject({ status: 'finished', kind: 'vendor', stripe_id: 'acct_demo_vendor', remaining: [] });
    const link = await call('GET', `/vendors/${vendorId}/onboarding/authorize`, vendor);
    expect(link.status).toBe(200);
    expect(link.body.url).toContain('/sandbox/connect/onboarding/');
  });
});
