import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The root of the hand-written contract. */
export const contractRoot = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface ContractOperation {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The path as written in the contract, relative to /api (e.g. `/appointments/{id}`). */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  /** True when the operation needs a bearer token. */
  readonly secured: boolean;
  readonly origin: 'spec' | 'spec-named' | 'tendwell';
  /** The fully resolved operation object. */
  readonly spec: JsonObject;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const unescapePointer = (segment: string) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Loads a YAML document and replaces every `$ref` (local or into another file) with what it points to.
 * A schema that refers to itself is refused: the contract is kept acyclic so ajv and the generated types
 * stay simple.
 */
export const loadResolved = (file: string = contractRoot): JsonObject => {
  const files = new Map<string, Json>();
  const read = (path: string): Json => {
    let doc = files.get(path);
    if (doc === undefined) {
      doc = parse(readFileSync(path, 'utf8')) as Json;
      files.set(path, doc);
    }
    return doc;
  };
  const resolving = new Set<string>();
  const deref = (node: Json, currentFile: string): Json => {
    if (Array.isArray(node)) return node.map((n) => deref(n, currentFile));
    if (!isObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const [filePart, pointer = ''] = ref.split('#');
      const target = filePart ? resolve(dirname(currentFile), filePart) : currentFile;
      const key = `${target}#${pointer}`;
      if (resolving.has(key)) throw new Error(`Cyclic $ref in the contract: ${key}`);
      let value: Json = read(target);
      for (const segment of pointer.split('/').filter(Boolean)) {
        if (!isObject(value) && !Array.isArray(value)) throw new Error(`Broken $ref ${ref} in ${currentFile}`);
        const next: Json | undefined = Array.isArray(value) ? value[Number(segment)] : value[unescapePointer(segment)];
        if (next === undefined) throw new Error(`Broken $ref ${ref} in ${currentFile}`);
        value = next;
      }
      resolving.add(key);
      const resolved = deref(value, target);
      resolving.delete(key);
      // Siblings of $ref (OpenAPI 3.1 allows description/summary next to it) are kept.
      const { $ref: _ignored, ...siblings } = node;
      return isObject(resolved) && Object.keys(siblings).length ? { ...resolved, ...siblings } : resolved;
    }
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) out[k] = deref(v, currentFile);
    return out;
  };
  const root = read(file);
  const resolved = deref(root, file);
  if (!isObject(resolved)) throw new Error(`${file} is not an OpenAPI document`);
  return resolved;
};

/** Where resolved contracts are kept between starts, by the hash of the contract's files. */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/tendwell/', import.meta.url));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : []))
    .sort();

/**
 * `loadResolved` of the contract, kept as JSON between starts (a warm start reads one JSON file instead of parsing
 * and resolving ~50 YAML files). The cache is keyed by a hash of every file of the contract's folder, so any edit
 * resolves again; the resolved document is plain JSON (no shared or cyclic nodes), so the copy is the same value.
 * Where the cache cannot be written (a read-only install) it resolves every time.
 */
export const loadResolvedCached = (file: string = contractRoot): JsonObject => {
  const hash = createHash('sha256');
  for (const path of filesUnder(dirname(file))) hash.update(path).update('\0').update(readFileSync(path)).update('\0');
  const cached = join(CACHE_DIR, `openapi-${hash.digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as JsonObject;
  } catch {
    // not resolved yet
  }
  const resolved = loadResolved(file);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(resolved));
    renameSync(partial, cached);
  } catch {
    // read-only: resolve again next time
  }
  return resolved;
};

/** Every operation of the contract, in contract order. */
export const listOperations = (doc: JsonObject): ContractOperation[] => {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const ops: ContractOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const security = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
      const origin = op['x-origin'];
      ops.push({
        operationId: String(op.operationId),
        method,
        path,
        tag: Array.isArray(op.tags) ? String(op.tags[0]) : 'untagged',
        summary: typeof op.summary === 'string' ? op.summary : '',
        secured: security.length > 0,
        origin: origin === 'tendwell' || origin === 'spec-named' ? origin : 'spec',
        spec: { ...op, parameters: [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])] },
      });
    }
  }
  return ops;
};
