import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, startTestServer, type TestServer } from './harness';

/**
 * Contract fuzzing (issue 12), bounded: for every operation of openapi/ and every demo role (and no token),
 * requests generated from the operation's own schemas, valid and invalid (wrong types, missing and extra
 * fields, huge strings, deep nesting, odd ids, unicode). No answer is ever 5xx, and every 4xx carries a
 * message (501 'Not implemented yet' is allowed: it is the declared answer of an operation not built yet,
 * and it too carries a message). Fixed seed, so a failure replays; `FUZZ_RUNS` raises the number of requests per pair.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = 12;

type Schema = Record<string, unknown>;
let server: TestServer;
const tokens: Record<string, string | undefined> = { anonymous: undefined };

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['customer', 'vendor', 'organization', 'affiliate', 'super']) tokens[role] = await login(server.app, `${role}@tendwell.test`);
});
afterAll(() => server?.close());

const unicode = fc.constantFrom('ünïcödé', '😀👍🏽', 'ℌ𝔢𝔩𝔩𝔬', 'ـالعربية', '\u0000', '\u202e', '../..', "' or 1=1 --", '<script>');
const huge = fc.constant('x'.repeat(20_000));
const deep = fc.constant(Array.from({ length: 200 }).reduce<unknown>((inner) => ({ a: [inner] }), 1));
const junk = fc.oneof(fc.jsonValue({ maxDepth: 3 }), unicode, huge, deep);

/** A value the schema accepts (roughly: formats and patterns are not honoured, which makes it invalid sometimes). */
const valid = (schema: unknown, depth = 0): fc.Arbitrary<unknown> => {
  const s = (schema ?? {}) as Schema;
  if (depth > 4) return fc.constant(null);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length) return fc.oneof(...alternatives.map((a) => valid(a, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) return valid(Object.assign({}, ...(s.allOf as Schema[])), depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return fc.oneof(fc.string({ minLength: Number(s.minLength ?? 0), maxLength: Math.min(Number(s.maxLength ?? 40), 40) }), fc.constant('0123456789abcdef01234567'), fc.constant('2026-01-05'));
    case 'integer':
      return fc.integer({ min: Number(s.minimum ?? -1000), max: Number(s.maximum ?? 100_000) });
    case 'number':
      return fc.double({ min: Number(s.minimum ?? -1000), max: Number(s.maximum ?? 100_000), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(s.items, depth + 1), { maxLength: 3 });
    case 'object':
    case undefined: {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = (s.required ?? []) as string[];
      const keys = Object.keys(properties);
      if (!keys.length) return type === 'object' ? fc.constant({}) : fc.jsonValue({ maxDepth: 1 });
      return fc.record(Object.fromEntries(keys.map((k) => [k, valid(properties[k], depth + 1)])), { requiredKeys: required.filter((k) => keys.includes(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
};

/** Valid, or broken in one of the ways a careless or hostile client breaks a request. */
const body = (schema: unknown): fc.Arbitrary<unknown> =>
  fc.oneof(
    valid(schema),
    junk,
    valid(schema).chain((v) => fc.record({ extra: junk }).map((extra) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, ...extra } : extra))),
    valid(schema).chain((v) =>
      v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length
        ? fc.constantFrom(...Object.keys(v)).chain((k) => junk.map((j) => ({ ...v, [k]: j })))
        : fc.constant({}),
    ),
  );
const oddId = fc.oneof(fc.constant('0123456789abcdef01234567'), fc.constant('-1'), fc.constant('x'.repeat(3000)), unicode, fc.string({ maxLength: 30 }));

const jsonSchemaOf = (spec: Schema): unknown => {
  const content = ((spec.requestBody as Schema | undefined)?.content ?? {}) as Record<string, Schema>;
  return content['application/json']?.schema;
};

describe('contract fuzzing: every operation × every demo role', () => {
  it('never answers 5xx, and every 4xx carries a message', async () => {
    const started = Date.now();
    let requests = 0;
    for (const op of server.operations) {
      const schema = jsonSchemaOf(op.spec);
      const queryNames = ((op.spec.parameters ?? []) as Schema[]).filter((p) => p.in === 'query').map((p) => String(p.name));
      const request = fc.record({
        id: oddId,
        body: schema === undefined ? fc.constant(undefined) : body(schema),
        query: fc.array(fc.tuple(queryNames.length ? fc.constantFrom(...queryNames) : fc.constant('q'), fc.oneof(fc.string({ maxLength: 20 }), unicode)), { maxLength: 3 }),
      });
      for (const [role, token] of Object.entries(tokens)) {
        await fc.assert(
          fc.asyncProperty(request, async (r) => {
            const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(r.id));
            const query = new URLSearchParams(r.query).toString();
            const res = await server.app.inject({
              method: op.method.toUpperCase() as 'GET',
              url: `/api${path}${query ? `?${query}` : ''}`,
              remoteAddress: `198.19.0.${requests++ % 250}`,
              headers: { ...(token ? bearer(token) : {}), ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(r.body !== undefined ? { payload: JSON.stringify(r.body) } : {}),
            });
            const where = `${op.operationId} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`;
            // 501 is the declared answer of an operation nobody built yet (npm run api:coverage), not a failure.
            expect(res.statusCode >= 500 && res.statusCode !== 501, where).toBe(false);
            if (res.statusCode >= 400 && op.method !== 'head') {
              const answer = res.json() as { message?: unknown };
              expect(typeof answer.message === 'string' && answer.message.length > 0, where).toBe(true);
            }
          }),
          { numRuns: RUNS, seed: SEED },
        );
      }
    }
    expect(requests).toBeGreaterThan(server.operations.length * 6);
    console.log(`contract fuzzing: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 120_000);
});
