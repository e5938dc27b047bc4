import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type FileReader,
  type JsonObject,
  type Problem,
  checkNamedCalls,
  checkOperations,
  checkRequestBodies,
  checkSpecCalls,
  normalisePath,
  parseCalls,
  parseNamedCalls,
  resolveDocument,
  runContractChecks,
  SPEC_CALLS_FILE,
  SPEC_NAMED_CALLS_FILE,
} from '../../tools/openapi-lint';

const ok = { description: 'Done.', headers: { 'x-api-version': { schema: { type: 'string' } } } };
const err = { description: 'Error.' };
const bearer = [{ bearerAuth: [] }];

/** A well-formed secured operation; tests break one thing at a time. */
const good = (operationId: string, extra: JsonObject = {}): JsonObject => ({
  operationId,
  tags: ['things'],
  summary: 'A thing',
  security: bearer,
  responses: { '200': ok, '400': err, '401': err, '403': err, '404': err },
  ...extra,
});

const document = (paths: JsonObject): JsonObject => ({
  openapi: '3.1.0',
  tags: [{ name: 'things' }, { name: 'other' }],
  paths,
});

const calls = parseCalls(['# method\tpath', 'GET\tthings/{id}', 'POST\tthings', 'PUT\tthings/{id}/rename', ''].join('\n'));
const named = parseNamedCalls(['# area\tkeyword', 'things\tarchive', 'widgets\tspin'].join('\n'));

const messages = (problems: Problem[]) => problems.map((p) => `${p.where}: ${p.message}`);

describe('the spec call lists', () => {
  it('skips comments and blank lines and keeps line numbers', () => {
    expect(calls).toEqual([
      { method: 'GET', path: 'things/{id}', line: 2 },
      { method: 'POST', path: 'things', line: 3 },
      { method: 'PUT', path: 'things/{id}/rename', line: 4 },
    ]);
    expect(named.map((n) => [n.area, n.keyword])).toEqual([
      ['things', 'archive'],
      ['widgets', 'spin'],
    ]);
  });

  it('compares paths with placeholders normalised', () => {
    expect(normalisePath('customers/{id}/init')).toBe('/customers/{}/init');
    expect(normalisePath('/customers/{customerId}/init')).toBe('/customers/{}/init');
  });

  it('reads the lists the contract is checked against from the repository itself', () => {
    const root = path.resolve(__dirname, '../..');
    for (const file of [SPEC_CALLS_FILE, SPEC_NAMED_CALLS_FILE]) expect(path.relative(root, file)).toMatch(/^openapi\/spec-calls/);
    const listed = parseCalls(readFileSync(SPEC_CALLS_FILE, 'utf8'));
    expect(listed).toHaveLength(136);
    expect(listed).toContainEqual(expect.objectContaining({ method: 'POST', path: 'auth/login' }));
    expect(parseNamedCalls(readFileSync(SPEC_NAMED_CALLS_FILE, 'utf8'))).toHaveLength(52);
  });
});

describe('check 1: every call of spec-calls.tsv exists', () => {
  it('accepts a differently named placeholder and reports a missing method and a missing path', () => {
    const doc = document({ '/things/{thingId}': { get: good('getThing') } });
    expect(messages(checkSpecCalls(doc, calls))).toEqual([
      'spec-calls.tsv line 3: POST /things is missing from the contract',
      'spec-calls.tsv line 4: PUT /things/{id}/rename is missing from the contract',
    ]);
  });

  it('says when the path exists with another method', () => {
    const doc = document({ '/things': { get: good('listThings') } });
    expect(messages(checkSpecCalls(doc, [{ method: 'POST', path: 'things', line: 9 }]))).toEqual([
      'spec-calls.tsv line 9: POST /things is missing: the path exists but only with GET',
    ]);
  });
});

describe('check 2: every named call has a path with its area and keyword', () => {
  it('reports rows without a matching path', () => {
    const doc = document({ '/things/{id}/archive': { put: good('archiveThing') } });
    expect(messages(checkNamedCalls(doc, named))).toEqual(["spec-calls-named.tsv line 3: no operation path holds both 'widgets' and 'spin'"]);
  });
});

describe('check 3: the conventions of every operation', () => {
  it('passes a well-formed contract', () => {
    const doc = document({
      '/things/{id}': { get: good('getThing') },
      '/things': { post: good('createThing', { responses: { '201': ok, '400': err, '401': err, '403': err } }) },
      '/things/{id}/rename': { put: good('renameThing') },
      '/things/{id}/archive': { put: good('archiveThing', { 'x-origin': 'spec-named' }) },
      '/widgets/spin': {
        post: good('spinWidget', { tags: ['other'], security: [], 'x-origin': 'tendwell', responses: { '200': ok, '400': err } }),
      },
    });
    expect(runContractChecks(doc, calls, named)).toEqual([]);
  });

  it('reports each broken convention', () => {
    const doc = document({
      '/things/{id}': {
        get: good('getThing', { operationId: undefined }),
        put: good('GetThing'),
        post: good('twice', { tags: ['things', 'other'] }),
        delete: good('twice', { tags: ['nope'] }),
      },
      '/things': {
        post: good('createThing', { summary: ' ', security: undefined, responses: { '201': { description: 'Made.' } } }),
      },
      '/things/{id}/rename': {
        put: good('renameThing', { security: [{ apiKey: [] }], 'x-origin': 'tendwell', responses: { '200': ok, '400': err } }),
      },
      '/lonely': { get: good('lonely', { responses: { '200': ok, '400': err } }) },
      '/odd': { get: good('odd', { 'x-origin': 'invented', responses: { '200': ok, '400': err, '401': err, '403': err } }) },
    });
    expect(messages(checkOperations(doc, calls))).toEqual([
      'GET /things/{id}: has no operationId',
      'PUT /things/{id}: operationId \'GetThing\' is not lowerCamelCase',
      'PUT /things/{id}: is not in spec-calls.tsv and has no x-origin (tendwell or spec-named)',
      'POST /things/{id}: has 2 tags; exactly one is required',
      'POST /things/{id}: is not in spec-calls.tsv and has no x-origin (tendwell or spec-named)',
      "DELETE /things/{id}: operationId 'twice' is also used by POST /things/{id}",
      "DELETE /things/{id}: tag 'nope' is not in the root's tag list",
      'DELETE /things/{id}: is not in spec-calls.tsv and has no x-origin (tendwell or spec-named)',
      'POST /things: has no summary',
      'POST /things: has no explicit security (use [] or [{bearerAuth: []}])',
      'POST /things: has no 400 response',
      'POST /things: response 201 does not declare the x-api-version header',
      'PUT /things/{id}/rename: security must be [] or [{bearerAuth: []}]',
      'PUT /things/{id}/rename: addresses a record (path parameter) but has no 404 response',
      "PUT /things/{id}/rename: is a call of spec-calls.tsv but carries x-origin 'tendwell'",
      'GET /lonely: is secured but has no 401 response',
      'GET /lonely: is secured but has no 403 response',
      'GET /lonely: is not in spec-calls.tsv and has no x-origin (tendwell or spec-named)',
      "GET /odd: x-origin 'invented' is not tendwell or spec-named",
    ]);
  });

  it('requires a 2xx response', () => {
    const doc = document({ '/things/{id}': { get: good('getThing', { responses: { '400': err, '401': err, '403': err, '404': err } }) } });
    expect(messages(checkOperations(doc, calls))).toEqual(['GET /things/{id}: has no 2xx response']);
  });
});

describe('check 4: request bodies are closed', () => {
  it('reports an open top-level object and open nested objects, and accepts typed maps', () => {
    const body = (schema: JsonObject) => ({ required: true, content: { 'application/json': { schema } } });
    const doc = document({
      '/things': {
        post: good('createThing', {
          requestBody: body({
            type: 'object',
            properties: {
              name: { type: 'string' },
              owner: { type: 'object', properties: { id: { type: 'string' } } },
              tags: { type: 'array', items: { type: 'object', additionalProperties: true, properties: { x: { type: 'string' } } } },
              fields: { type: 'object', additionalProperties: { type: 'string' } },
            },
          }),
        }),
      },
      '/things/{id}/rename': {
        put: good('renameThing', { requestBody: body({ type: 'object', additionalProperties: { type: 'string' } }) }),
      },
      '/things/{id}': {
        put: good('replaceThing', {
          requestBody: body({ type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string' } } }),
        }),
      },
    });
    expect(messages(checkRequestBodies(doc))).toEqual([
      'POST /things: request body application/json object (body) is open: set additionalProperties: false',
      'POST /things: request body application/json object .owner is open: set additionalProperties: false',
      'POST /things: request body application/json object .tags[] is open: set additionalProperties: false',
      'PUT /things/{id}/rename: request body application/json object (body) is open: set additionalProperties: false',
    ]);
  });
});

describe('resolving $refs across files', () => {
  const files: Record<string, unknown> = {
    '/c/openapi.yaml': {
      openapi: '3.1.0',
      tags: [{ name: 'things' }],
      paths: {
        '/things': { $ref: './paths/things.yaml#/~1things' },
        '/things/{id}': { $ref: './paths/things.yaml#/~1things' },
        '/gone': { $ref: './paths/gone.yaml#/~1gone' },
      },
    },
    '/c/paths/things.yaml': {
      '/things': {
        post: {
          ...good('createThing', { responses: { '201': ok, '400': err, '401': err, '403': err } }),
          requestBody: { content: { 'application/json': { schema: { $ref: '../schemas/things.yaml#/NewThing' } } } },
        },
      },
    },
    '/c/schemas/things.yaml': {
      NewThing: { type: 'object', properties: { name: { $ref: '#/Name' }, loop: { $ref: '#/Loop' } } },
      Name: { type: 'string' },
      Loop: { type: 'object', additionalProperties: false, properties: { again: { $ref: '#/Loop' } } },
    },
  };
  const read: FileReader = (file) => {
    if (!(file in files)) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
    return files[file];
  };

  it('follows refs relative to the file that holds them and reports broken, cyclic and mismatched ones', () => {
    const { doc, problems } = resolveDocument('/c/openapi.yaml', read);
    expect(messages(problems)).toEqual([
      "paths /things/{id}: the root's $ref ./paths/things.yaml#/~1things should point at '#/~1things~1{id}'",
      'things.yaml: cyclic $ref #/Loop (the contract must stay acyclic for the server and the generated types)',
      'openapi.yaml: cannot resolve $ref ./paths/gone.yaml#/~1gone: file not found (/c/paths/gone.yaml)',
    ]);
    // The body schema came from schemas/things.yaml through two files, so check 4 sees it (and finds it
    // open) — twice, because the mismatched root entry still resolved to the same path item.
    expect(messages(checkRequestBodies(doc))).toEqual([
      'POST /things: request body application/json object (body) is open: set additionalProperties: false',
      'POST /things/{id}: request body application/json object (body) is open: set additionalProperties: false',
    ]);
  });
});
