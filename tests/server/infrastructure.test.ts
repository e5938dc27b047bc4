import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors';
import type { ContractOperation } from '../../server/openapi/load';
import { registerContract } from '../../server/openapi/register';
import { bearer, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the server registered from openapi/', () => {
  it('answers the health check with 200 and the API version', async () => {
    const res = await server.app.inject({ method: 'HEAD', url: '/api/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-api-version']).toBe('1.2.34');
  });

  it('registers every operation of the contract: secured ones refuse a missing token with the spec text', async () => {
    const secured = server.operations.filter((op) => op.secured);
    expect(secured.length).toBeGreaterThan(50);
    for (const op of secured) {
      const url = `/api${op.path.replace(/\{[^}]+\}/g, '0123456789abcdef01234567')}`;
      const res = await server.app.inject({ method: op.method.toUpperCase() as 'GET', url });
      expect({ op: op.operationId, status: res.statusCode }).toEqual({ op: op.operationId, status: 401 });
      if (op.method !== 'head') expect(res.json()).toEqual({ message: 'User token authentication failed', code: 'unauthorized' });
    }
  });

  it('answers 501 with the operation id for an operation that is in the contract but has no handler', async () => {
    // A fake contract of one unbuilt operation, so the test does not depend on the real API being unfinished.
    const unbuilt: ContractOperation = {
      operationId: 'getWidgetForTest',
      method: 'get',
      path: '/widgets-for-test',
      tag: 'test',
      summary: 'An operation nobody built',
      secured: true,
      origin: 'tendwell',
      spec: { responses: {} },
    };
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) =>
      error instanceof HttpError ? reply.code(error.status).send({ message: error.message, code: error.code }) : reply.send(error),
    );
    registerContract(app, { operations: [unbuilt], handlers: new Map(), services: server.services });
    try {
      const token = await login(server.app, 'super@tendwell.test');
      const anonymous = await app.inject({ method: 'GET', url: '/api/widgets-for-test' });
      expect(anonymous.statusCode).toBe(401);
      const res = await app.inject({ method: 'GET', url: '/api/widgets-for-test', headers: bearer(token) });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toEqual({ message: 'Not implemented yet: getWidgetForTest', code: 'not_implemented' });
    } finally {
      await app.close();
    }
  });

  it('answers an unknown API path with a JSON 404, never the web app', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such API operation: GET /api/no-such-thing', code: 'not_found' });
  });

  it('sends security headers, a CSP among them, on every response', async () => {
    const res = await server.app.inject({ method: 'HEAD', url: '/api/ping' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('bad input gets a 4xx with a message, never a 5xx', () => {
  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    server.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

  it('malformed JSON', async () => {
    const res = await post('{"username": "a",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON body', code: 'invalid_request' });
  });

  it('a missing field names the field', async () => {
    const res = await post(JSON.stringify({ password: 'x', platform: 'web' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Missing required field 'username'", code: 'invalid_request' });
  });

  it('a wrong type is refused, not coerced', async () => {
    const res = await post(JSON.stringify({ username: 12345, password: 'x', platform: 'web' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Field 'username' must be a string");
  });

  it('an unknown field is refused', async () => {
    const res = await post(JSON.stringify({ username: 'a@b.c', password: 'x', platform: 'web', admin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Unknown field 'admin'", code: 'invalid_request' });
  });

  it('an oversize body is refused with 413', async () => {
    const res = await post(JSON.stringify({ username: 'a'.repeat(600 * 1024), password: 'x', platform: 'web' }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('an unsupported content type is refused with 415', async () => {
    const res = await post('username=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Unsupported content type: send application/json');
  });

  it('an empty body where one is required', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});
