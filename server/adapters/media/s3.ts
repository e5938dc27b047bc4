/**
 * The media port over S3-compatible storage (AWS S3, MinIO, R2, …), chosen when S3_BUCKET is set: objects
 * are PUT, GET and DELETEd at `<endpoint>/<bucket>/<key>` (path style, which every S3-compatible service
 * accepts) with AWS Signature Version 4, written here with node:crypto so the server needs no SDK. Demo files
 * are served from memory as on disk.
 */
import { createHash, createHmac } from 'node:crypto';
import { DEMO_FILES } from './demo-files';
import type { MediaStore } from './store';

export interface S3Options {
  readonly bucket: string;
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly fetch?: (request: Request) => Promise<Response>;
  readonly now?: () => Date;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding of a path segment, as SigV4 wants it. */
const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  readonly method: string;
  readonly url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly payloadHash: string;
  readonly region: string;
  readonly service?: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly now: Date;
}

/** AWS Signature Version 4: the headers to send (Authorization, x-amz-date, x-amz-content-sha256 and the given ones). */
export const signV4 = (input: SignInput): Record<string, string> => {
  const service = input.service ?? 's3';
  const amzDate = input.now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: input.url.host,
    ...Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeSegment(k), encodeSegment(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method,
    input.url.pathname.split('/').map((s) => encodeSegment(decodeURIComponent(s))).join('/'),
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return { ...sent, authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
};

export const createS3MediaStore = (options: S3Options): MediaStore => {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const now = options.now ?? (() => new Date());
  const urlOf = (key: string) => new URL(`${options.endpoint.replace(/\/$/, '')}/${encodeSegment(options.bucket)}/${key.split('/').map(encodeSegment).join('/')}`);
  const request = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array) => {
    const url = urlOf(key);
    const payload = body ?? new Uint8Array();
    const headers = signV4({
      method,
      url,
      payloadHash: sha256(payload),
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      now: now(),
    });
    return send(new Request(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) }));
  };
  const fail = async (what: string, key: string, response: Response): Promise<never> => {
    throw new Error(`S3 ${what} ${key}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  };
  return {
    async put(key, bytes) {
      const response = await request('PUT', key, bytes);
      if (!response.ok) await fail('PUT', key, response);
    },
    async get(key) {
      const demo = DEMO_FILES.get(key);
      if (demo) return demo;
      const response = await request('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) return fail('GET', key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      if (DEMO_FILES.has(key)) return;
      const response = await request('DELETE', key);
      if (!response.ok && response.status !== 404) await fail('DELETE', key, response);
    },
  };
};
