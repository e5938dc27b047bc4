import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { type LiveHub, createLiveHub } from './adapters/live';
import { type Clock, isSettable, systemClock } from './clock';
import type { ServerConfig } from './config';
import { DAY_CHANGES_CHANNEL, SESSION_CHANGES_CHANNEL, watchChanges } from './db/changes';
import type { Db } from './db/client';
import { HttpError, isDatabaseUnavailable, serviceUnavailable } from './errors';
import { loadResolvedCached, listOperations, type ContractOperation } from './openapi/load';
import { registerContract } from './openapi/register';
import { bodyValidator, describeValidationError, textValidator } from './openapi/validation';
import { allOperations } from './operations/all';
import { escapeHtml, renderOutboxPage } from './operations/dev-page';
import { DEV_TOOLS_REFUSED, assertMayUseDevTools, fromThisMachine } from './auth/dev-access';
import { WEBHOOK_PATH } from './operations/payments';
import { registerSandboxConnect } from './operations/sandbox-connect';
import { createAppPages, preferredEncoding } from './app-pages';
import { securityHeaders } from './security-headers';
import { createServices, type Services } from './services/container';
import { UPLOAD_BODY_LIMIT } from './services/media';

export interface BuildOptions {
  readonly config: ServerConfig;
  readonly db: Db;
  readonly clock?: Clock;
  readonly live?: LiveHub;
  readonly logger?: boolean;
  /** Tests: every response is checked against openapi/ (a mismatch becomes a 500 contract_violation). */
  readonly validateResponses?: boolean;
  /** The payment provider (default: by configuration, see `paymentsFor`). */
  readonly payments?: Services['payments'];
}

export interface BuiltApp {
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly operations: readonly ContractOperation[];
}

/** 512 KiB: JSON bodies are small; files go through the upload-address flow, not through JSON. */
export const BODY_LIMIT = 512 * 1024;

/** The one operation that takes multipart/form-data (its own limit, UPLOAD_BODY_LIMIT). */
export const UPLOAD_OPERATION = 'uploadMedia';

let contractCache: ContractOperation[] | undefined;
/** API answers of at least this many bytes are compressed. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * How hard API answers are compressed: they are made per request, so the fastest levels (docs/performance.md
 * measures them). Brotli quality 1 costs about a fifth of @fastify/compress's default 4 for 15 % more bytes, and is
 * still smaller than gzip; gzip level 1 is for clients without brotli. Built files are compressed once, at build
 * time, at the highest levels (tools/precompress.ts).
 */
export const API_BROTLI_QUALITY = 1;
export const API_GZIP_LEVEL = 1;

/** The operations of openapi/, loaded once per process. */
export const contractOperations = (): ContractOperation[] => (contractCache ??= listOperations(loadResolvedCached()));

const fastifyErrorText: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but content-type says application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: `Request body is too large (the limit is ${BODY_LIMIT / 1024} KiB)`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content-length header does not match the body',
};

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

/**
 * fastify's own compilers, loaded from fastify's dependencies on first use. A fastify instance loads both
 * (@fastify/ajv-compiler, @fastify/fast-json-stringify-compiler) when it is created, 0.05-0.15 s of a start, yet
 * this server validates with its own compiler (`setValidatorCompiler` below) and declares no response schemas, so
 * neither is normally asked for. Should one be, it is the same factory fastify would have made, made once.
 */
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const madeOnFirstCall = <F>(make: () => F): F => {
  let made: ((...args: unknown[]) => unknown) | undefined;
  return ((...args: unknown[]) => (made ??= make() as (...args: unknown[]) => unknown)(...args)) as F;
};
const compilersOnFirstUse: CompilersFactory = {
  buildValidator: madeOnFirstCall(() => (fromFastify('@fastify/ajv-compiler') as () => ValidatorFactory)()),
  buildSerializer: madeOnFirstCall(() => (fromFastify('@fastify/fast-json-stringify-compiler') as () => SerializerFactory)()),
};

/** An ajv validator compiled on its first call; like ajv's own function, it leaves its problems on `.errors`. */
const compiledOnFirstUse = (ajv: typeof bodyValidator, schema: unknown, now: boolean) => {
  let compiled: ValidateFunction | undefined = now ? ajv.compile(schema as object) : undefined;
  const validate = (data: unknown) => {
    compiled ??= ajv.compile(schema as object);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = undefined as ValidateFunction['errors'];
  return validate;
};

/** Builds the API (and the SPA's static files) without listening; tests call `app.inject`. */
export const buildApp = async ({
  config,
  db,
  clock = systemClock,
  live,
  logger = false,
  validateResponses = false,
  payments,
}: BuildOptions): Promise<BuiltApp> => {
  live ??= createLiveHub({ db, clock });
  // Session records and day answers are remembered only while every change of what they read reaches this process
  // (docs/performance.md): the feed drops them on each change, its own writes included.
  const services = createServices({ db, clock, config, live, changesKnown: () => changeFeed.live, ...(payments ? { payments } : {}) });
  const changeFeed = watchChanges(db, {
    [SESSION_CHANGES_CHANNEL]: () => services.tokens.forgetSessions(),
    [DAY_CHANGES_CHANNEL]: () => services.appointments.forgetDays(),
  });
  const app = Fastify({
    logger: logger ? { level: config.production ? 'info' : 'warn' } : false,
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: compilersOnFirstUse },
  });

  // Files reach POST media/upload as multipart/form-data; the media service parses and checks them. Only there
  // (issue 21): on every other route a multipart body is refused (415) before any of it is read, and the upload
  // route reads at most UPLOAD_BODY_LIMIT.
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    if ((request.routeOptions.config as { operationId?: string } | undefined)?.operationId !== UPLOAD_OPERATION) {
      done(Object.assign(new Error(fastifyErrorText.FST_ERR_CTP_INVALID_MEDIA_TYPE), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > UPLOAD_BODY_LIMIT) {
        failed = true;
        done(Object.assign(new Error(`Request body is too large (the limit is ${UPLOAD_BODY_LIMIT / 1024 / 1024} MiB)`), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE_UPLOAD' }), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error: Error) => {
      if (!failed) done(error, undefined);
    });
  });

  // Each validator is compiled by ajv on the first request that needs it, not all of them at start (the largest
  // part of a warm start's CPU, docs/performance.md); once compiled it is kept. Test servers (validateResponses)
  // compile every one at start, so a schema ajv cannot compile fails the tests, not a first request.
  app.setValidatorCompiler(({ schema, httpPart }) => compiledOnFirstUse(httpPart === 'body' ? bodyValidator : textValidator, schema, validateResponses));
  app.setSchemaErrorFormatter((errors, dataVar) => new Error(describeValidationError(errors as unknown as ErrorObject[], dataVar)));

  // Stripe signs the webhook's exact bytes: keep them for that one route before the JSON parser reads them. The
  // body limit holds while the body streams (issue 21): a declared length over it is refused before anything is
  // read, a chunked body as soon as it passes it, and the connection is closed rather than the rest read and dropped.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.url.split('?')[0] !== WEBHOOK_PATH) return payload;
    const tooLarge = () => {
      reply.header('connection', 'close');
      return Object.assign(new Error(fastifyErrorText.FST_ERR_CTP_BODY_TOO_LARGE), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    };
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > BODY_LIMIT) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += bytes.length;
      if (size > BODY_LIMIT) throw tooLarge();
      chunks.push(bytes);
    }
    const raw = Buffer.concat(chunks);
    (request as { rawBody?: Buffer }).rawBody = raw;
    return Readable.from([raw]);
  });

  const headers = securityHeaders(config);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(headers);
    reply.header('x-api-version', config.apiVersion);
    reply.header('x-request-id', request.id);
    return payload;
  });

  app.addHook('onClose', async () => changeFeed.close());

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send({ ...error.extra, message: error.message, code: error.code });
    }
    if (error.validation) {
      return reply.code(400).send({ message: error.message, code: 'invalid_request' });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or a cut connection: the pool reconnects on the next query, so the client may simply retry.
      const unavailable = serviceUnavailable();
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(unavailable.status).headers(unavailable.headers).send({ message: unavailable.message, code: unavailable.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && fastifyErrorText[error.code]) || error.message;
      return reply.code(status).send({ message, code: status === 413 ? 'payload_too_large' : 'invalid_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    if (!logger) console.error(error);
    return reply.code(500).send({ message: 'Internal error', code: 'internal' });
  });

  const indexFile = join(config.clientDir, 'index.html');
  const hasClient = existsSync(indexFile);
  const appPage = createAppPages(config.clientDir);
  // The built web app: hashed assets are immutable, index.html is never cached. Registered before
  // @fastify/compress so that its routes are not compressed again per request: the build wrote `.br` and
  // `.gz` beside every asset of 1 KiB or more (tools/precompress.ts), sent by the client's Accept-Encoding.
  // One wildcard route looks each file up when asked: a route per built file (~600 with the compressed copies
  // and source maps) cost 0.5-1 s of every start. A path that is no file, a folder (`/`, `/assets/`) or a dot
  // file (`/.vite/manifest.json`) goes to the not-found handler below, which sends the web app to GET and HEAD.
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: true,
      allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.split('/').some((segment) => segment.startsWith('.')),
      index: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // API answers of at least 1 KiB are compressed by the client's Accept-Encoding (brotli, gzip).
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    zlibOptions: { level: API_GZIP_LEVEL },
  });

  const operations = contractOperations();
  registerContract(app, { operations, handlers: allOperations(), services, validateResponses });
  if (services.payments.sandbox) registerSandboxConnect(app, services.payments.sandbox);

  // The development conveniences (server/config.ts, DEMO): registered only when on, and then answered only to this
  // machine or a signed-in super admin (server/auth/dev-access.ts). Not part of the contract.
  const devTools = async (request: FastifyRequest) => assertMayUseDevTools(request, services.tokens);
  if (config.conveniences.clock) {
    // The clock port in development and tests (issue 8): move time forward, then the billing engine bills what
    // came due and extends the schedules.
    app.get('/api/dev/clock', { preHandler: devTools }, async () => ({ now: services.clock.now().toISOString(), settable: isSettable(services.clock) }));
    app.post('/api/dev/clock', { preHandler: devTools }, async (request, reply) => {
      const body = (request.body ?? {}) as { days?: unknown; hours?: unknown; minutes?: unknown; to?: unknown; run?: unknown };
      if (!isSettable(services.clock)) return reply.code(404).send({ message: 'This server runs on the system clock', code: 'not_found' });
      const part = (v: unknown) => (v === undefined ? 0 : typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : Number.NaN);
      let ms = (part(body.days) * 24 * 60 + part(body.hours) * 60 + part(body.minutes)) * 60_000;
      if (body.to !== undefined) {
        const to = typeof body.to === 'string' ? Date.parse(body.to) : Number.NaN;
        ms = to - services.clock.now().getTime();
      }
      if (!Number.isFinite(ms) || ms < 0 || ms > 400 * 86_400_000) {
        return reply.code(400).send({ message: 'Move the clock forward: days, hours, minutes (non-negative) or to (a later ISO time, within 400 days)', code: 'invalid_request' });
      }
      services.clock.advance(ms);
      const billing = body.run === false ? null : await services.billingEngine.run();
      const payouts = body.run === false ? null : await services.payouts.run();
      return { now: services.clock.now().toISOString(), billing, payouts };
    });
  }
  if (config.conveniences.outbox) {
    app.get('/dev/outbox', async (request, reply) => {
      if (!fromThisMachine(request)) {
        // A page opened in a browser carries no bearer token: elsewhere the outbox is GET /api/dev/outbox as super.
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(`<!doctype html><title>Outbox</title><p>${escapeHtml(DEV_TOOLS_REFUSED)} Open this page on the server's own machine, or call GET /api/dev/outbox signed in as super.</p>`);
      }
      const to = typeof (request.query as { to?: unknown }).to === 'string' ? (request.query as { to: string }).to : undefined;
      const messages = await services.outbox.list(to);
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(messages, to));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ message: `No such API operation: ${request.method} ${url}`, code: 'not_found' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/socket')) {
      // History fallback: every client route is served the SPA, which routes on its own.
      if (appPage) {
        // The route's page (server/app-pages.ts): rendered at build time (a public page) or the frame of its layout,
        // in the visitor's language, with its screen's chunks preloaded, compressed once.
        const page = appPage({ url: request.url, acceptLanguage: request.headers['accept-language'] });
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, accept-language').header('etag', page.etag).type('text/html; charset=utf-8');
        if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
      }
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Tendwell</title><p>The web app is not built yet. Run <code>npm run build</code> (npm start does this for you).</p>');
    }
    return reply.code(404).send({ message: 'Not found', code: 'not_found' });
  });

  return { app, services, operations };
};
