import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { AuthContext } from '../auth/context';
import { HttpError, forbidden, notImplemented, unauthorized } from '../errors';
import { JsonText } from '../json-text';
import type { OperationDef } from '../operations/define';
import type { Services } from '../services/container';
import { CLIENT_LIMITS } from '../services/rate-limit';
import { type ContractOperation, type Json, type JsonObject } from './load';
import { responseChecker } from './responses';

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `/appointments/{id}` → `/api/appointments/:id` */
export const toRouteUrl = (path: string) => `/api${path.replace(/\{([^}]+)\}/g, ':$1')}`;

const parameterSchema = (params: Json[], where: 'query' | 'path' | 'header'): JsonObject | undefined => {
  const own = params.filter((p): p is JsonObject => isObject(p) && p.in === where);
  if (!own.length) return undefined;
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const p of own) {
    const name = where === 'header' ? String(p.name).toLowerCase() : String(p.name);
    properties[name] = isObject(p.schema) ? p.schema : {};
    if (p.required === true || where === 'path') required.push(name);
  }
  // Query strings stay open (cache-busting parameters are harmless); bodies are closed by their schemas.
  return { type: 'object', properties, required };
};

const jsonBodySchema = (op: JsonObject): JsonObject | undefined => {
  const body = op.requestBody;
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const json = body.content['application/json'];
  return isObject(json) && isObject(json.schema) ? json.schema : undefined;
};

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim();
};

/** Awaits the handler; a refusal (4xx other than 429) is counted against the client's limit, then rethrown. */
const countingRefusals = async <T>(run: Promise<T>, count: () => Promise<void>): Promise<T> => {
  try {
    return await run;
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 429) await count();
    throw error;
  }
};

export interface RegisterOptions {
  readonly operations: readonly ContractOperation[];
  readonly handlers: ReadonlyMap<string, OperationDef>;
  readonly services: Services;
  /** Tests: answer 500 `contract_violation` when a response does not match openapi/. */
  readonly validateResponses?: boolean;
}

/**
 * Registers one Fastify route per contract operation. Validation, authentication and the declared access
 * run before the handler; a contract operation without a handler answers 501.
 */
/** The refusal of an organization's call before super approved the organization. */
export const AWAITING_APPROVAL = 'Your organization is waiting for approval: until then it can only finish onboarding.';

/** The refusal of a call that needs a full sign-in, to a session signed in with an app password. */
export const FULL_SIGN_IN_REQUIRED = 'Sign in with your password to do this: an app password may not.';

/** The caller resolved for each request by the onRequest hook. */
const authOf = new WeakMap<FastifyRequest, AuthContext | null>();

export const registerContract = (app: FastifyInstance, { operations, handlers, services, validateResponses = false }: RegisterOptions) => {
  for (const [id, def] of handlers) {
    const op = operations.find((o) => o.operationId === id);
    if (!op) throw new Error(`Handler '${id}' has no operation in openapi/ — add it to the contract first.`);
    const isPublic = def.access === 'public';
    const responses = isObject(op.spec.responses) ? op.spec.responses : {};
    if (def.clientLimit && !('429' in responses)) {
      throw new Error(`Operation '${id}' has a limit per client address but its contract declares no 429 answer.`);
    }
    if (isPublic === op.secured) {
      throw new Error(
        `Operation '${id}': the contract says security ${op.secured ? 'bearer' : 'none'} but the handler's access is '${String(def.access)}'.`,
      );
    }
  }

  for (const op of operations) {
    const params = Array.isArray(op.spec.parameters) ? op.spec.parameters : [];
    const body = jsonBodySchema(op.spec);
    const def = handlers.get(op.operationId);
    const schema: Record<string, unknown> = {};
    const query = parameterSchema(params, 'query');
    const path = parameterSchema(params, 'path');
    const headers = parameterSchema(params, 'header');
    if (query) schema.querystring = query;
    if (path) schema.params = path;
    if (headers) schema.headers = headers;
    if (body) schema.body = body;

    const check = validateResponses ? responseChecker(op) : undefined;
    const clientLimit = def?.clientLimit ? CLIENT_LIMITS[def.clientLimit] : undefined;
    const clientKey = (request: FastifyRequest) => `client:${def?.clientLimit}:${request.ip}`;
    app.route({
      method: op.method.toUpperCase() as HTTPMethods,
      url: toRouteUrl(op.path),
      schema,
      config: { operationId: op.operationId },
      ...(check && {
        onSend: async (request, reply, payload) => {
          const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
          const contentType = reply.getHeader('content-type');
          const violation = check(reply.statusCode, typeof contentType === 'string' ? contentType : undefined, body);
          if (!violation) return payload;
          request.log.error(violation);
          reply.code(500).header('content-type', 'application/json; charset=utf-8');
          return JSON.stringify({ message: `Contract violation: ${violation}`, code: 'contract_violation' });
        },
      }),
      // Authentication and the declared access run first, so an anonymous caller learns nothing about
      // the request's shape; validation follows, then the handler.
      onRequest: async (request) => {
        const token = bearerToken(request);
        const auth = token ? await services.tokens.verifySession(token) : null;
        authOf.set(request, auth);
        if (op.secured && !auth) throw unauthorized();
        if (def && Array.isArray(def.access) && !(auth && def.access.includes(auth.role))) {
          throw forbidden('You are not allowed to do this.');
        }
        // An app password's session never does what needs a full sign-in (money, how the account signs in).
        if (def?.fullSignIn && auth?.session?.via === 'app') throw forbidden(FULL_SIGN_IN_REQUIRED, 'full_sign_in_required');
        // An organization awaiting approval only finishes onboarding and waits (accounts §1, §4).
        if (def && Array.isArray(def.access) && auth?.awaitingApproval && !def.beforeApproval) {
          throw forbidden(AWAITING_APPROVAL, 'organization_pending_approval');
        }
      },
      // The limit per client address runs once the request is known to be well formed, so junk is a 400
      // whatever the address has used (and is not counted).
      ...(clientLimit && {
        preHandler: async (request: FastifyRequest) => {
          await services.rateLimit.assertAllowed(clientKey(request), clientLimit);
          if (clientLimit.counts === 'every') await services.rateLimit.hit(clientKey(request), clientLimit);
        },
      }),
      handler: async (request, reply) => {
        if (!def) throw notImplemented(op.operationId);
        const auth = authOf.get(request) ?? null;
        // The request was validated against the very schemas the handler types are generated from,
        // so handing it over as the operation's input type is sound.
        const run = def.handler({
          body: request.body,
          query: request.query,
          params: request.params,
          headers: request.headers as Record<string, string | undefined>,
          auth,
          services,
          request,
          reply,
          requestId: request.id,
        } as never);
        let result: unknown;
        if (clientLimit) {
          const count = () => services.rateLimit.hit(clientKey(request), clientLimit);
          result = clientLimit.counts === 'failures' ? await countingRefusals(run, count) : await run;
          if (clientLimit.counts === 'successes') await count();
        } else {
          result = await run;
        }
        if (reply.sent) return reply;
        if (op.method === 'head') return reply.send();
        // An answer written as JSON text already (JsonText): sent as it is, with the type any JSON answer has.
        if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
        return result === undefined ? reply.send() : result;
      },
    });
  }
};
