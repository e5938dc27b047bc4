import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations as Contract } from '../../src/adapters/http/openapi.gen';
import type { Role } from '../../src/core/model/roles';
import type { AuthContext } from '../auth/context';
import type { JsonText } from '../json-text';
import type { Services } from '../services/container';
import type { ClientLimitName } from '../services/rate-limit';

export type OperationId = keyof Contract;

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
export type BodyOf<K extends OperationId> = Contract[K] extends { requestBody?: infer R }
  ? JsonBody<NonNullable<R>>
  : undefined;
export type QueryOf<K extends OperationId> = Contract[K] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : Record<string, never>;
export type ParamsOf<K extends OperationId> = Contract[K] extends { parameters: { path?: infer P } }
  ? NonNullable<P>
  : Record<string, never>;
type SuccessOf<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : R extends { 204: unknown } ? undefined : unknown;
export type ResultOf<K extends OperationId> = Contract[K] extends { responses: infer R } ? JsonBody<SuccessOf<R>> | JsonText<JsonBody<SuccessOf<R>>> | void : unknown;

/**
 * Who may call an operation, declared next to its handler and enforced by the registry before the
 * handler runs: 'public' (no token needed), 'signed-in' (any valid token) or a list of roles.
 * Ownership of a record is checked by the service (see `assertOwner`).
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

export interface OperationInput<K extends OperationId, A extends Access> {
  readonly body: BodyOf<K>;
  readonly query: QueryOf<K>;
  readonly params: ParamsOf<K>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Present whenever a valid bearer token was sent; always present unless access is 'public'. */
  readonly auth: A extends 'public' ? AuthContext | null : AuthContext;
  readonly services: Services;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly requestId: string;
}

export interface OperationDef<K extends OperationId = OperationId, A extends Access = Access> {
  readonly operationId: K;
  readonly access: A;
  /** A limit per client address (CLIENT_LIMITS in server/services/rate-limit.ts), enforced by the registry. */
  readonly clientLimit?: ClientLimitName;
  /**
   * An organization still awaiting approval may call it (its onboarding). Every other operation with a roles list
   * refuses such an organization with 403 `organization_pending_approval` (the registry; issue 21).
   */
  readonly beforeApproval?: true;
  /**
   * Only a full sign-in may call it: a session signed in with an app password is refused with 403
   * `full_sign_in_required` (money and how the account signs in; issue 21).
   */
  readonly fullSignIn?: true;
  readonly handler: (input: OperationInput<K, A>) => Promise<ResultOf<K>>;
}

export const defineOperation = <K extends OperationId, const A extends Access>(
  operationId: K,
  def: { access: A; clientLimit?: ClientLimitName; beforeApproval?: true; fullSignIn?: true; handler: (input: OperationInput<K, A>) => Promise<ResultOf<K>> },
): OperationDef<K, A> => ({ operationId, ...def });

/** What a server/operations/<tag>.ts module exports. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OperationModule = readonly OperationDef<any, any>[];
