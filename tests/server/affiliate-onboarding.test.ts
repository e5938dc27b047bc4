/**
 * An affiliate's payout onboarding (issue 11 "Payout onboarding (vendors, organizations and affiliates alike)";
 * accounts §4: "customer or affiliate without meta.initialSetup and without skipOnboarding goes to onboarding").
 * A newly registered affiliate reads its progress from affiliate/{id}/init, links to the sandbox provider's page,
 * comes back with { code, state_key }, gives its bank account and finishes — meta.initialSetup is set. Every step
 * goes through the payout-onboarding chart with an audit row. Another affiliate and a customer get 403 and change
 * nothing; super may act for it; bad input is 400 with the spec's words, steps out of order 409.
 */
import { eq } from 'drizzle-orm';
import * as Schema from 'effect/Schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Affiliate } from '../../src/core/model/affiliate';
import { AffiliateInit } from '../../src/core/model/affiliate-init';
import { accounts, auditLog } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
/** The newly registered affiliate (A). */
let aff: { id: string; headers: Record<string, string> };
/** The demo affiliate (B), the demo customer, super. */
let otherAffiliate: Record<string, string>;
let customer: Record<string, string>;
let admin: Record<string, string>;

const BANK = { account_holder_name: 'Rowan Reed', account_holder_type: 'individual', routing_number: '110000000', account_number: '000123456789' };

const call = async (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: url.startsWith('/sandbox') ? url : `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.headers['content-type']?.toString().includes('json') ? res.json() : {}) as Json, text: res.body, location: res.headers.location };
};

const trail = async (id: string) =>
  (await server.db.select().from(auditLog).where(eq(auditLog.recordId, id)).orderBy(auditLog.at))
    .filter((r) => r.chart === 'payoutOnboarding')
    .map((r) => `${r.event} ${r.fromState}→${r.toState} by ${r.role}`);

const accountOf = async (id: string) => (await server.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;

beforeAll(async () => {
  server = await startTestServer();
  const registered = await server.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { first_name: 'Rowan', last_name: 'Reed', platform: 'web', email: 'rowan@example.com', password: 'rowan-pass-1', type: 'affiliate' },
  });
  expect(registered.statusCode).toBe(200);
  const body = registered.json() as Json;
  expect(body.userData.account.type).toBe('affiliate');
  aff = { id: body.userData.account._id as string, headers: bearer(body.token as string) };
  otherAffiliate = bearer(await login(server.app, 'affiliate@tendwell.test'));
  customer = bearer(await login(server.app, 'customer@tendwell.test'));
  admin = bearer(await login(server.app, 'super@tendwell.test'));
});
afterAll(() => server?.close());

describe("a new affiliate's payout onboarding through the sandbox provider", () => {
  let link: { url: string; state_key: string };
  let returned: URL;

  it('starts in set-up: init shows the affiliate and only the payout account left', async () => {
    const init = await call('GET', `/affiliate/${aff.id}/init`, aff.headers);
    expect(init.status).toBe(200);
    expect(init.body.affiliate).toMatchObject({ _id: aff.id, type: 'affiliate', first_name: 'Rowan', last_name: 'Reed', primary_email: 'rowan@example.com', meta: { initialSetup: false } });
    expect(init.body.onboarding).toMatchObject({ status: 'not_started', kind: 'affiliate', name: 'Rowan Reed', stripe_id: null, initial_setup: false, remaining: ['payout_account'], can_finish: false });
    expect(init.body.onboarding.checklist).toBeUndefined();
    const details = await call('GET', `/affiliate/${aff.id}/account-details`, aff.headers);
    expect(details).toMatchObject({ status: 200, body: { connected: false, stripe_id: null, payouts_enabled: false, requirements: ['payout_account'] } });
  });

  it('refuses steps out of order (409) before the provider link, and changes nothing', async () => {
    expect((await call('PUT', `/affiliate/${aff.id}/finish_setup`, aff.headers)).status).toBe(409);
    expect((await call('POST', `/affiliate/${aff.id}/onboarding/token`, aff.headers, { code: 'x', state_key: 'y' })).status).toBe(409);
    const bank = await call('PUT', `/affiliate/${aff.id}/bank_account`, aff.headers, BANK);
    expect(bank).toMatchObject({ status: 409, body: { code: 'illegal_transition' } });
    expect(await trail(aff.id)).toEqual([]);
  });

  it("refuses another affiliate and a customer (403) on every call, and leaves the affiliate's onboarding alone", async () => {
    const tries = [
      ['GET', `/affiliate/${aff.id}/init`],
      ['GET', `/affiliate/${aff.id}/onboarding/authorize`],
      ['POST', `/affiliate/${aff.id}/onboarding/token`, { code: 'x', state_key: 'y' }],
      ['GET', `/affiliate/${aff.id}/account-details`],
      ['GET', `/affiliate/${aff.id}/bank_account`],
      ['PUT', `/affiliate/${aff.id}/bank_account`, BANK],
      ['PUT', `/affiliate/${aff.id}/finish_setup`],
    ] as const;
    const statuses: string[] = [];
    for (const [who, headers] of [
      ['affiliate B', otherAffiliate],
      ['customer', customer],
    ] as const) {
      for (const [method, url, payload] of tries) statuses.push(`${who} ${method} ${url.replace(aff.id, 'A')} ${(await call(method, url, headers, payload)).status}`);
    }
    expect(statuses).toEqual(
      (['affiliate B', 'customer'] as const).flatMap((who) => tries.map(([method, url]) => `${who} ${method} ${url.replace(aff.id, 'A')} 403`)),
    );
    // and the other way round: A cannot read B's
    expect((await call('GET', `/affiliate/${demoId('account:affiliate')}/init`, aff.headers)).status).toBe(403);
    expect(await trail(aff.id)).toEqual([]);
    const row = await accountOf(aff.id);
    expect({ stripe: row.settings.stripe_id, setUp: row.meta.initialSetup }).toEqual({ stripe: null, setUp: false });
  });

  it('an affiliate id that is not an affiliate is 404 for super', async () => {
    expect(await call('GET', `/affiliate/${demoId('account:customer')}/init`, admin)).toMatchObject({ status: 404, body: { message: 'Affiliate not found' } });
  });

  it('authorize answers the sandbox onboarding page, which returns to /affiliate/onboarding with code and state_key', async () => {
    const res = await call('GET', `/affiliate/${aff.id}/onboarding/authorize`, aff.headers);
    expect(res.status).toBe(200);
    link = res.body as typeof link;
    expect(link.url).toMatch(/\/sandbox\/connect\/onboarding\/[0-9a-f]{32}$/);
    const path = new URL(link.url).pathname;
    const page = await call('GET', path, {});
    expect(page.status).toBe(200);
    expect(page.text).toContain('Set up payouts for Rowan');
    expect(page.text).toMatch(/<a href="[^"]*\/affiliate\/onboarding\?onboarding=cancelled">Cancel<\/a>/);
    const back = await call('POST', path, { 'content-type': 'application/x-www-form-urlencoded' }, {});
    expect(back.status).toBe(303);
    returned = new URL(back.location as string);
    expect(returned.pathname).toBe('/affiliate/onboarding');
    expect(returned.searchParams.get('state_key')).toBe(link.state_key);
    expect((await call('GET', `/affiliate/${aff.id}/init`, aff.headers)).body.onboarding.status).toBe('linking');
  });

  it('the token call checks the state key and the code (400 with the words), then stores the connected account', async () => {
    const code = returned.searchParams.get('code')!;
    expect(await call('POST', `/affiliate/${aff.id}/onboarding/token`, aff.headers, { code, state_key: 'not-the-key' })).toMatchObject({ status: 400, body: { message: 'Invalid state_key' } });
    expect(await call('POST', `/affiliate/${aff.id}/onboarding/token`, aff.headers, { code: 'wrong', state_key: link.state_key })).toMatchObject({ status: 400, body: { message: 'Invalid code' } });
    expect((await call('POST', `/affiliate/${aff.id}/onboarding/token`, aff.headers, { code })).status).toBe(400);
    const res = await call('POST', `/affiliate/${aff.id}/onboarding/token`, aff.headers, { code, state_key: link.state_key });
    expect(res.status).toBe(200);
    expect(res.body.stripe_id).toMatch(/^acct_sandbox_/);
    // single use
    expect((await call('POST', `/affiliate/${aff.id}/onboarding/token`, aff.headers, { code, state_key: link.state_key })).status).toBe(409);
    expect((await accountOf(aff.id)).settings.stripe_id).toBe(res.body.stripe_id);
    const init = (await call('GET', `/affiliate/${aff.id}/init`, aff.headers)).body;
    expect(init.onboarding).toMatchObject({ status: 'connected', stripe_id: res.body.stripe_id, remaining: [], can_finish: true, initial_setup: false });
    const details = await call('GET', `/affiliate/${aff.id}/account-details`, aff.headers);
    expect(details.body).toMatchObject({ connected: true, stripe_id: res.body.stripe_id, details_submitted: true, requirements: [] });
  });

  it('sets the bank account at the provider (last four digits only), refusing a short routing number with 400', async () => {
    expect((await call('GET', `/affiliate/${aff.id}/bank_account`, aff.headers)).body).toBeNull();
    expect((await call('PUT', `/affiliate/${aff.id}/bank_account`, aff.headers, { ...BANK, routing_number: '11000' })).status).toBe(400);
    const res = await call('PUT', `/affiliate/${aff.id}/bank_account`, aff.headers, BANK);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account_holder_name: 'Rowan Reed', last4: '6789', status: 'verified' });
    expect(JSON.stringify(res.body)).not.toContain('000123456789');
    expect((await call('GET', `/affiliate/${aff.id}/bank_account`, aff.headers)).body).toMatchObject({ last4: '6789' });
  });

  it('finishes: meta.initialSetup is set, once (409 after), and every step left an audit row by the affiliate', async () => {
    const done = await call('PUT', `/affiliate/${aff.id}/finish_setup`, aff.headers);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ _id: aff.id, meta: { initialSetup: true }, settings: { stripe_id: expect.stringMatching(/^acct_sandbox_/) } });
    expect(Schema.decodeUnknownSync(Affiliate)(done.body).meta?.initialSetup).toBe(true);
    expect((await call('PUT', `/affiliate/${aff.id}/finish_setup`, aff.headers)).status).toBe(409);
    expect((await call('GET', '/user', aff.headers)).body.account.meta).toMatchObject({ initialSetup: true });
    expect((await call('GET', `/affiliate/${aff.id}/init`, aff.headers)).body.onboarding).toMatchObject({ status: 'finished', initial_setup: true, can_finish: false });
    expect(await trail(aff.id)).toEqual([
      'onboarding.authorize not_started→linking by affiliate',
      'onboarding.connect linking→connected by affiliate',
      'onboarding.bankAccount connected→connected by affiliate',
      'onboarding.finish connected→finished by affiliate',
    ]);
  });

  it('super may act for the affiliate; its changes are audited as super', async () => {
    expect((await call('GET', `/affiliate/${aff.id}/init`, admin)).status).toBe(200);
    expect((await call('PUT', `/affiliate/${aff.id}/bank_account`, admin, { ...BANK, account_number: '000111222333' })).body).toMatchObject({ last4: '2333' });
    expect((await trail(aff.id)).at(-1)).toBe('onboarding.bankAccount finished→finished by super');
  });
});

describe('the demo affiliate', () => {
  it('reads as onboarded: finished, with its sandbox payout account', async () => {
    const init = await call('GET', `/affiliate/${demoId('account:affiliate')}/init`, otherAffiliate);
    expect(init.status).toBe(200);
    expect(init.body.affiliate).toMatchObject({ first_name: 'Ari', meta: { initialSetup: true } });
    expect(init.body.onboarding).toMatchObject({ status: 'finished', stripe_id: 'acct_demo_affiliate', initial_setup: true, remaining: [] });
    // the SPA's model decodes what the server sends
    expect(Schema.decodeUnknownSync(AffiliateInit)(init.body).onboarding.kind).toBe('affiliate');
    expect((await call('GET', `/affiliate/${demoId('account:affiliate')}/account-details`, otherAffiliate)).body).toMatchObject({ connected: true, payouts_enabled: true });
  });
});
