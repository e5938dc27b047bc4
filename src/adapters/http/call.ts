import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import { decodeAt } from '../../core/ports/decode';
import { type ApiCall, type ApiFailure, Invalid, NetworkError, errorFromResponse } from '../../core/ports/errors';
import type { RequiresAction } from '../../core/ports/api/payment-outcome';
import type { paths } from './openapi.gen';

/**
 * The one place that turns an openapi-fetch call into an Effect (docs/design.md#ports-and-adapters): a
 * rejected fetch is a NetworkError, a non-2xx answer is classified by the core's `errorFromResponse`
 * (server message, falling back to the status text; `code` kept), and a 2xx body is decoded at the
 * boundary, so the core only sees validated values. Every port method is one `call(...)`.
 */

/** What an openapi-fetch method resolves to, with the generated body types deliberately forgotten: bodies are decoded, never trusted. */
export interface Outcome {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
}

/** Starts the request; the signal aborts it when the Effect is interrupted (a chart's actor stopped). */
export type Send = (signal: AbortSignal) => Promise<Outcome>;

/** Turns a 2xx body (and its response, for headers) into the port's value. */
export type Decode<A> = (data: unknown, response: Response) => Effect.Effect<A, Invalid>;

/** The network failure of accounts §8: 'Network Error'. A 2xx body that is not JSON is a malformed response instead. */
const fromRejection = (cause: unknown): NetworkError | Invalid =>
  cause instanceof SyntaxError ? new Invalid({ message: `Invalid response: ${cause.message}` }) : new NetworkError({});

/** Send, and keep the raw success (body and response). */
export const exchange = (send: Send): Effect.Effect<{ readonly data: unknown; readonly response: Response }, ApiFailure> =>
  Effect.tryPromise({ try: (signal) => send(signal), catch: fromRejection }).pipe(
    Effect.flatMap(({ data, error, response }) =>
      response.ok ? Effect.succeed({ data, response }) : Effect.fail(errorFromResponse(response.status, error, response.statusText)),
    ),
  );

/** The authentication a refused payment asks for: an error body carrying the payment's `client_secret`. */
const requiresActionIn = (error: unknown): RequiresAction | null => {
  const problem = (typeof error === 'object' && error !== null ? error : {}) as { client_secret?: unknown; message?: unknown };
  return typeof problem.client_secret === 'string' && problem.client_secret !== ''
    ? { kind: 'requires_action', clientSecret: problem.client_secret, message: typeof problem.message === 'string' ? problem.message : '' }
    : null;
};

/**
 * A money-moving call: the decoded success, or the authentication the card asks for first (the caller confirms it
 * and sends the same request again with the same key). Any other refusal is classified as usual.
 */
export const paymentCall = <A>(send: Send, decode: Decode<A>): ApiCall<A | RequiresAction> =>
  Effect.tryPromise({ try: (signal) => send(signal), catch: fromRejection }).pipe(
    Effect.flatMap(({ data, error, response }): Effect.Effect<A | RequiresAction, ApiFailure> => {
      if (response.ok) return decode(data, response);
      const action = requiresActionIn(error);
      return action ? Effect.succeed(action) : Effect.fail(errorFromResponse(response.status, error, response.statusText));
    }),
  );

/** Send, then decode the success body. */
export const call = <A>(send: Send, decode: Decode<A>): ApiCall<A> =>
  exchange(send).pipe(Effect.flatMap(({ data, response }) => decode(data, response)));

// ---- decoders --------------------------------------------------------------------------------------

/** Decode the body with a core schema. */
export const body =
  <S extends Schema.Decoder<unknown>>(schema: S): Decode<S['Type']> =>
  (data) =>
    decodeAt(schema)(data);

/** Decode the body with a schema, then take a part of it (a page's `items`, a wrapper's `data`). */
export const part =
  <S extends Schema.Decoder<unknown>, A>(schema: S, pick: (value: S['Type']) => A): Decode<A> =>
  (data) =>
    decodeAt(schema)(data).pipe(Effect.map(pick));

/** No body expected (204, HEAD, or a reply the port does not use). */
export const nothing: Decode<void> = () => Effect.void;

/** `{ items: [...] }` — the contract's list and page replies. */
export const itemsOf = <S extends Schema.Decoder<unknown>>(item: S) => Schema.Struct({ items: Schema.Array(item) });

/** Decode `{ items }` and hand the port the list. */
export const items = <S extends Schema.Decoder<unknown>>(item: S): Decode<ReadonlyArray<S['Type']>> => part(itemsOf(item), (page) => page.items);

/** The query parameters of a GET operation, as generated from the contract. */
export type QueryOf<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

