/**
 * PUT customers/update/{id}: a customer who skips the set-up is onboarded (issue 8), changes only itself, and
 * never its status; staff change any customer's name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/db/seed';
import { bearer, login, startTestServer, type TestServer } from './harness';

describe('PUT customers/update/{id}', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const put = async (email: string, id: string, payload: unknown) =>
    server.app.inject({ method: 'PUT', url: `/api/customers/update/${id}`, headers: bearer(await login(server.app, email)), payload: payload as object });

  it('skipping the set-up onboards the new customer, and the user info says so', async () => {
    const id = demoId('account:newcustomer');
    const res = await put('newcustomer@tendwell.test', id, { meta: { skipOnboarding: true, initialSetup: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ initialSetup: true, skipOnboarding: true });
    const token = await login(server.app, 'newcustomer@tendwell.test');
    const me = await server.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(me.json().account.meta.initialSetup).toBe(true);
  });

  it('changes the name and the language, and keeps the other flags', async () => {
    const id = demoId('account:customer');
    const res = await put('customer@tendwell.test', id, { first_name: '  Robin ', last_name: 'Greenfield', language_preference: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Robin', last_name: 'Greenfield', settings: { language_preference: 'es' }, meta: { initialSetup: true } });
  });

  it("refuses another customer's record (404), a customer's own status (403) and an empty change (400)", async () => {
    expect((await put('newcustomer@tendwell.test', demoId('account:customer'), { first_name: 'Pat' })).statusCode).toBe(404);
    const status = await put('customer@tendwell.test', demoId('account:customer'), { status: 'inactive' });
    expect(status.statusCode).toBe(403);
    expect(status.json().message).toBeTruthy();
    const empty = await put('customer@tendwell.test', demoId('account:customer'), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBeTruthy();
  });

  it('lets super rename a customer, and not a vendor', async () => {
    const bySuper = await put('super@tendwell.test', demoId('account:newcustomer'), { first_name: 'Morgan' });
    expect(bySuper.statusCode, bySuper.body).toBe(200);
    expect(bySuper.json().first_name).toBe('Morgan');
    expect((await put('vendor@tendwell.test', demoId('account:customer'), { first_name: 'Pat' })).statusCode).toBe(403);
  });
});
