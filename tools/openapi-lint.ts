/**
 * `npm run check:openapi` — lints the hand-written contract in openapi/.
 *
 * 1. `redocly lint openapi/openapi.yaml` (rules in redocly.yaml; telemetry off, no network).
 * 2. Our own checks, one line per problem:
 *    - calls:      every call of openapi/spec-calls.tsv exists with its exact method and path
 *                  (placeholders compared by position, not by name);
 *    - named:      every row of openapi/spec-calls-named.tsv has an operation whose path holds the area and
 *                  the keyword;
 *    - operations: operationId (lowerCamelCase, unique), exactly one tag of the root's list, a summary, an
 *                  explicit security ([] or [{bearerAuth: []}]), 400 always, 401 and 403 when secured, 404
 *                  when the path addresses a record, a 2xx that declares x-api-version, and x-origin
 *                  `tendwell` or `spec-named` exactly when the call is not in spec-calls.tsv;
 *    - bodies:     every request body object is closed (additionalProperties: false; a nested object may
 *                  instead be a typed map with a schema for additionalProperties);
 *    - refs:       every $ref resolves, none is cyclic, and each root path points at the same path key.
 *
 * The two call lists are data files of the repository (copied from the spec's call sections, accounts §7 and
 * bookings §7; see docs/design.md#the-spec). `--skip-redocly` runs only our checks. An optional argument
 * names another root document (default openapi/openapi.yaml), e.g. a copy under test.
 *
 * The YAML loading and $ref resolution are kept here on purpose (small and self-contained): the server's
 * loader lives in server/openapi and tools do not import the server.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

export type JsonObject = { [key: string]: unknown };

export interface Problem {
  /** Which check found it: redocly, refs, calls, named, operations, bodies. */
  readonly check: string;
  /** Where: an operation (`GET /appointments/{id}`), a file or a spec row. */
  readonly where: string;
  readonly message: string;
}

export interface SpecCall {
  readonly method: string;
  /** As written in spec-calls.tsv, relative to the API base (`auth/login`). */
  readonly path: string;
  readonly line: number;
}

export interface NamedCall {
  readonly area: string;
  readonly keyword: string;
  readonly line: number;
}

/** Reads and parses one file by absolute path; throws when it does not exist. */
export type FileReader = (absolutePath: string) => unknown;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

const SECURED = 'bearerAuth';

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export const formatProblem = (p: Problem): string => `✗ [${p.check}] ${p.where}: ${p.message}`;

// ---- loading -------------------------------------------------------------------------------------

/** A reader of YAML files from disk, each file parsed once. */
export const yamlFileReader = (): FileReader => {
  const cache = new Map<string, unknown>();
  return (file) => {
    if (!cache.has(file)) cache.set(file, parse(readFileSync(file, 'utf8')));
    return cache.get(file);
  };
};

const decodePointerSegment = (segment: string) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/** `/appointments/{id}` → `~1appointments~1{id}` (how the root refers to a path of a paths file). */
export const encodePointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ResolvedDocument {
  /** The root with every resolvable $ref replaced by its target. */
  readonly doc: JsonObject;
  readonly problems: Problem[];
}

/**
 * Loads the root document and replaces every `$ref` (local or into another file, relative to the file
 * that holds it) by its target. Siblings of a `$ref` are kept. A broken or cyclic ref is reported and
 * left in place as `{ $ref }`, so the other checks still run.
 */
export const resolveDocument = (rootFile: string, read: FileReader): ResolvedDocument => {
  const problems: Problem[] = [];
  const reported = new Set<string>();
  const report = (where: string, message: string) => {
    const key = `${where}|${message}`;
    if (reported.has(key)) return;
    reported.add(key);
    problems.push({ check: 'refs', where, message });
  };
  const load = (file: string): { ok: true; value: unknown } | { ok: false; reason: string } => {
    try {
      return { ok: true, value: read(file) };
    } catch (error) {
      const code = isObject(error) && typeof error.code === 'string' ? error.code : '';
      return { ok: false, reason: code === 'ENOENT' ? 'file not found' : (error as Error).message };
    }
  };
  const resolving: string[] = [];

  const deref = (node: unknown, file: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => deref(n, file));
    if (!isObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const hash = ref.indexOf('#');
      const filePart = hash === -1 ? ref : ref.slice(0, hash);
      const pointer = hash === -1 ? '' : ref.slice(hash + 1);
      const target = filePart ? path.resolve(path.dirname(file), filePart) : file;
      const key = `${target}#${pointer}`;
      const where = path.basename(file);
      if (resolving.includes(key)) {
        report(where, `cyclic $ref ${ref} (the contract must stay acyclic for the server and the generated types)`);
        return node;
      }
      const loaded = load(target);
      if (!loaded.ok) {
        report(where, `cannot resolve $ref ${ref}: ${loaded.reason} (${target})`);
        return node;
      }
      let value: unknown = loaded.value;
      for (const segment of pointer.split('/').filter(Boolean)) {
        const name = decodePointerSegment(segment);
        const next: unknown = Array.isArray(value) ? value[Number(name)] : isObject(value) ? value[name] : undefined;
        if (next === undefined) {
          report(where, `cannot resolve $ref ${ref}: no '${name}' in ${path.basename(target)}`);
          return node;
        }
        value = next;
      }
      resolving.push(key);
      const resolved = deref(value, target);
      resolving.pop();
      const { $ref: _ref, ...siblings } = node;
      return isObject(resolved) ? { ...resolved, ...(deref(siblings, file) as JsonObject) } : resolved;
    }
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) out[k] = deref(v, file);
    return out;
  };

  const root = load(rootFile);
  if (!root.ok || !isObject(root.value)) {
    report(path.basename(rootFile), root.ok ? 'not a YAML mapping' : root.reason);
    return { doc: {}, problems };
  }
  // The root lists each path as a $ref into paths/<tag>.yaml; the pointer must name the same path.
  const rootPaths = isObject(root.value.paths) ? root.value.paths : {};
  for (const [key, item] of Object.entries(rootPaths)) {
    if (!isObject(item) || typeof item.$ref !== 'string') continue;
    const pointer = item.$ref.split('#')[1] ?? '';
    const segments = pointer.split('/').filter(Boolean).map(decodePointerSegment);
    if (segments.length !== 1 || segments[0] !== key) {
      problems.push({
        check: 'refs',
        where: `paths ${key}`,
        message: `the root's $ref ${item.$ref} should point at '#/${encodePointerSegment(key)}'`,
      });
    }
  }
  const doc = deref(root.value, rootFile);
  return { doc: isObject(doc) ? doc : {}, problems };
};

// ---- the spec's call lists -------------------------------------------------------------------------

const dataRows = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line, i) => ({ cells: line.split('\t').map((c) => c.trim()), line: i + 1, raw: line.trim() }))
    .filter((r) => r.raw !== '' && !r.raw.startsWith('#'));

export const parseCalls = (text: string): SpecCall[] =>
  dataRows(text).map(({ cells, line }) => ({ method: (cells[0] ?? '').toUpperCase(), path: cells[1] ?? '', line }));

export const parseNamedCalls = (text: string): NamedCall[] =>
  dataRows(text).map(({ cells, line }) => ({ area: cells[0] ?? '', keyword: cells[1] ?? '', line }));

// ---- helpers over the resolved document -------------------------------------------------------------

export interface OperationEntry {
  readonly method: string;
  readonly path: string;
  readonly op: JsonObject;
  /** Path-item parameters followed by the operation's own. */
  readonly parameters: JsonObject[];
}

export const listOperations = (doc: JsonObject): OperationEntry[] => {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const out: OperationEntry[] = [];
  for (const [p, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters.filter(isObject) : [];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const own = Array.isArray(op.parameters) ? op.parameters.filter(isObject) : [];
      out.push({ method: method.toUpperCase(), path: p, op, parameters: [...shared, ...own] });
    }
  }
  return out;
};

/** `customers/{id}/init` and `/customers/{customerId}/init` both become `/customers/{}/init`. */
export const normalisePath = (p: string): string => `/${p.replace(/^\/+/, '')}`.replace(/\{[^}]*\}/g, '{}');

const label = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

const specCallKeys = (calls: readonly SpecCall[]) => new Set(calls.map((c) => `${c.method} ${normalisePath(c.path)}`));

// ---- check 1: the calls of spec-calls.tsv -----------------------------------------------------------

export const checkSpecCalls = (doc: JsonObject, calls: readonly SpecCall[]): Problem[] => {
  const ops = listOperations(doc);
  const have = new Set(ops.map((o) => `${o.method} ${normalisePath(o.path)}`));
  const pathsByShape = new Map<string, string[]>();
  for (const o of ops) {
    const shape = normalisePath(o.path);
    pathsByShape.set(shape, [...(pathsByShape.get(shape) ?? []), o.method]);
  }
  const problems: Problem[] = [];
  for (const call of calls) {
    const shape = normalisePath(call.path);
    if (have.has(`${call.method} ${shape}`)) continue;
    const methods = pathsByShape.get(shape);
    problems.push({
      check: 'calls',
      where: `spec-calls.tsv line ${call.line}`,
      message: methods
        ? `${call.method} /${call.path} is missing: the path exists but only with ${[...new Set(methods)].join(', ')}`
        : `${call.method} /${call.path} is missing from the contract`,
    });
  }
  return problems;
};

// ---- check 2: the calls of spec-calls-named.tsv -----------------------------------------------------

export const checkNamedCalls = (doc: JsonObject, named: readonly NamedCall[]): Problem[] => {
  const paths = [...new Set(listOperations(doc).map((o) => o.path))];
  return named
    .filter((row) => !paths.some((p) => p.includes(row.area) && p.includes(row.keyword)))
    .map((row) => ({
      check: 'named',
      where: `spec-calls-named.tsv line ${row.line}`,
      message: `no operation path holds both '${row.area}' and '${row.keyword}'`,
    }));
};

// ---- check 3: the conventions of every operation ---------------------------------------------------

const LOWER_CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const ORIGINS = ['tendwell', 'spec-named'];

const securityKind = (security: unknown): 'public' | 'bearer' | 'invalid' | 'missing' => {
  if (security === undefined) return 'missing';
  if (!Array.isArray(security)) return 'invalid';
  if (security.length === 0) return 'public';
  const [only] = security;
  if (
    security.length === 1 &&
    isObject(only) &&
    Object.keys(only).length === 1 &&
    Array.isArray(only[SECURED]) &&
    (only[SECURED] as unknown[]).length === 0
  ) {
    return 'bearer';
  }
  return 'invalid';
};

const declaresHeader = (response: unknown, name: string) =>
  isObject(response) && isObject(response.headers) && Object.keys(response.headers).some((h) => h.toLowerCase() === name);

export const checkOperations = (doc: JsonObject, calls: readonly SpecCall[]): Problem[] => {
  const problems: Problem[] = [];
  const tagNames = new Set(
    (Array.isArray(doc.tags) ? doc.tags : []).filter(isObject).map((t) => t.name).filter((n): n is string => typeof n === 'string'),
  );
  const inSpec = specCallKeys(calls);
  const seenIds = new Map<string, string>();

  for (const entry of listOperations(doc)) {
    const { op } = entry;
    const where = label(entry);
    const add = (message: string) => problems.push({ check: 'operations', where, message });

    const id = op.operationId;
    if (typeof id !== 'string' || id === '') add('has no operationId');
    else {
      if (!LOWER_CAMEL.test(id)) add(`operationId '${id}' is not lowerCamelCase`);
      const first = seenIds.get(id);
      if (first) add(`operationId '${id}' is also used by ${first}`);
      else seenIds.set(id, where);
    }

    const tags = Array.isArray(op.tags) ? op.tags : [];
    if (tags.length !== 1) add(`has ${tags.length} tags; exactly one is required`);
    for (const tag of tags) if (typeof tag !== 'string' || !tagNames.has(tag)) add(`tag '${String(tag)}' is not in the root's tag list`);

    if (typeof op.summary !== 'string' || op.summary.trim() === '') add('has no summary');

    const security = securityKind(op.security);
    if (security === 'missing') add('has no explicit security (use [] or [{bearerAuth: []}])');
    if (security === 'invalid') add('security must be [] or [{bearerAuth: []}]');

    const responses = isObject(op.responses) ? op.responses : {};
    const codes = Object.keys(responses);
    if (!codes.includes('400')) add('has no 400 response');
    if (security === 'bearer') {
      if (!codes.includes('401')) add('is secured but has no 401 response');
      if (!codes.includes('403')) add('is secured but has no 403 response');
    }
    const pathParams = entry.parameters.filter((p) => p.in === 'path');
    if ((pathParams.length > 0 || /\{[^}]+\}/.test(entry.path)) && !codes.includes('404')) {
      add('addresses a record (path parameter) but has no 404 response');
    }
    const success = codes.filter((c) => /^2(\d\d|XX)$/i.test(c));
    if (success.length === 0) add('has no 2xx response');
    for (const c of success) if (!declaresHeader(responses[c], 'x-api-version')) add(`response ${c} does not declare the x-api-version header`);

    const origin = op['x-origin'];
    const listed = inSpec.has(`${entry.method} ${normalisePath(entry.path)}`);
    if (listed && origin !== undefined) add(`is a call of spec-calls.tsv but carries x-origin '${String(origin)}'`);
    if (!listed && !ORIGINS.includes(String(origin))) {
      add(
        origin === undefined
          ? 'is not in spec-calls.tsv and has no x-origin (tendwell or spec-named)'
          : `x-origin '${String(origin)}' is not tendwell or spec-named`,
      );
    }
  }
  return problems;
};

// ---- check 4: closed request bodies ----------------------------------------------------------------

const isObjectSchema = (s: JsonObject) =>
  s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || isObject(s.properties);

/** Every object schema in a request body is closed; the top one with `additionalProperties: false`. */
export const openObjectsIn = (schema: unknown, at = '', top = true): string[] => {
  if (!isObject(schema)) return [];
  const found: string[] = [];
  const here = at || '(body)';
  if (isObjectSchema(schema)) {
    const ap = schema.additionalProperties;
    if (top ? ap !== false : ap !== false && !isObject(ap)) found.push(here);
  }
  if (isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) found.push(...openObjectsIn(sub, `${at}.${name}`, false));
  }
  if (isObject(schema.additionalProperties)) found.push(...openObjectsIn(schema.additionalProperties, `${at}.*`, false));
  if (schema.items !== undefined) found.push(...openObjectsIn(schema.items, `${at}[]`, false));
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[k];
    if (Array.isArray(list)) list.forEach((sub, i) => found.push(...openObjectsIn(sub, `${at}<${k}[${i}]>`, top)));
  }
  return found;
};

export const checkRequestBodies = (doc: JsonObject): Problem[] => {
  const problems: Problem[] = [];
  for (const entry of listOperations(doc)) {
    const body = entry.op.requestBody;
    if (!isObject(body)) continue;
    const content = isObject(body.content) ? body.content : {};
    for (const [mediaType, media] of Object.entries(content)) {
      const schema = isObject(media) ? media.schema : undefined;
      if (!isObject(schema)) {
        problems.push({ check: 'bodies', where: label(entry), message: `request body ${mediaType} has no schema` });
        continue;
      }
      for (const at of openObjectsIn(schema)) {
        problems.push({
          check: 'bodies',
          where: label(entry),
          message: `request body ${mediaType} object ${at} is open: set additionalProperties: false`,
        });
      }
    }
  }
  return problems;
};

// ---- all of our checks -----------------------------------------------------------------------------

export const runContractChecks = (doc: JsonObject, calls: readonly SpecCall[], named: readonly NamedCall[]): Problem[] => [
  ...checkSpecCalls(doc, calls),
  ...checkNamedCalls(doc, named),
  ...checkOperations(doc, calls),
  ...checkRequestBodies(doc),
];

// ---- the command line ------------------------------------------------------------------------------

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The spec's call lists, kept in the repository beside the contract. */
export const SPEC_CALLS_FILE = path.join(repoRoot, 'openapi', 'spec-calls.tsv');
export const SPEC_NAMED_CALLS_FILE = path.join(repoRoot, 'openapi', 'spec-calls-named.tsv');

const runRedocly = (rootFile: string): Problem[] => {
  const bin = path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'redocly.cmd' : 'redocly');
  const target = path.relative(repoRoot, rootFile) || rootFile;
  console.log(`— redocly lint ${target}`);
  const result = spawnSync(bin, ['lint', target, '--config', path.join(repoRoot, 'redocly.yaml')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.error) return [{ check: 'redocly', where: bin, message: `could not run: ${result.error.message}` }];
  return result.status === 0 ? [] : [{ check: 'redocly', where: target, message: 'redocly lint reported errors (above)' }];
};

const main = () => {
  const args = process.argv.slice(2);
  const rootArg = args.find((a) => !a.startsWith('--'));
  const rootFile = rootArg ? path.resolve(rootArg) : path.join(repoRoot, 'openapi', 'openapi.yaml');
  const problems: Problem[] = [];
  if (!args.includes('--skip-redocly')) problems.push(...runRedocly(rootFile));

  console.log('— contract checks');
  const calls = parseCalls(readFileSync(SPEC_CALLS_FILE, 'utf8'));
  const named = parseNamedCalls(readFileSync(SPEC_NAMED_CALLS_FILE, 'utf8'));

  const { doc, problems: refProblems } = resolveDocument(rootFile, yamlFileReader());
  problems.push(...refProblems, ...runContractChecks(doc, calls, named));

  for (const p of problems) console.log(formatProblem(p));
  const count = listOperations(doc).length;
  if (problems.length) {
    console.log(`\n${problems.length} problem(s) in the contract (${count} operations checked).`);
    process.exit(1);
  }
  console.log(`✓ contract checks passed: ${count} operations, ${calls.length} calls, ${named.length} named calls.`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
