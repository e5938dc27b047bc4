import * as Schema from 'effect/Schema';
import { Effect } from 'effect';

/**
 * Tagged errors every port may fail with (DESIGN §4). Machines branch on `_tag`; views show
 * the translation of `code` when one exists and `message` otherwise.
 */

/** The server answered with an error body `{message, code}` and an HTTP status. */
export class ApiError extends Schema.TaggedError<ApiError>()('ApiError', {
  message: Schema.String,
  code: Schema.String,
  status: Schema.Number,
}) {}

/** The server could not be reached, or ping answered non-200 (accounts §8: 'Network Error'). */
export class NetworkError extends Schema.TaggedError<NetworkError>()('NetworkError', {
  message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed('Network Error'))),
}) {}

/** 401 'User token authentication failed': the session chart signs the user out (accounts §8). */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()('Unauthorized', {
  message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed('User token authentication failed'))),
  code: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed('unauthorized'))),
}) {}

/** 404: the record does not exist (or is not the caller's). */
export class NotFound extends Schema.TaggedError<NotFound>()('NotFound', {
  message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed('Not found'))),
  code: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed('not_found'))),
}) {}

/** A value failed its schema at the port boundary (a malformed response, or input refused before sending). */
export class Invalid extends Schema.TaggedError<Invalid>()('Invalid', {
  message: Schema.String,
  code: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed('invalid'))),
}) {}

/** Any failure of an API port call. */
export type ApiFailure = ApiError | NetworkError | Unauthorized | NotFound | Invalid;

/** The shape of an API port method's result. */
export type ApiCall<A> = Effect.Effect<A, ApiFailure>;

/** The 401 message that means "the token is no longer good" (accounts §8). */
export const TOKEN_FAILED_MESSAGE = 'User token authentication failed';

/**
 * Classify a non-2xx response the same way everywhere (adapters and tests): a 401 carrying
 * 'User token authentication failed' is `Unauthorized`; a 404 is `NotFound`; everything else
 * passes on unchanged as `ApiError` with the server's message, falling back to the status text.
 */
export const errorFromResponse = (
  status: number,
  body: unknown,
  statusText = '',
): ApiError | Unauthorized | NotFound => {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message !== '' ? record.message : statusText || `HTTP ${status}`;
  const code = typeof record.code === 'string' && record.code !== '' ? record.code : codeForStatus(status);
  if (status === 401 && message === TOKEN_FAILED_MESSAGE) return new Unauthorized({ message, code });
  if (status === 404) return new NotFound({ message, code });
  return new ApiError({ message, code, status });
};

const codeForStatus = (status: number): string => {
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'too_many_requests';
    case 501:
      return 'not_implemented';
    default:
      return status >= 500 ? 'internal' : 'error';
  }
};

/** `{message, code}` of any port failure, for display and logging. */
export const errorBody = (e: ApiFailure): { readonly message: string; readonly code: string } => ({
  message: e.message,
  code: e._tag === 'NetworkError' ? 'network_error' : e.code,
});

export const isApiFailure = (u: unknown): u is ApiFailure =>
  u instanceof ApiError || u instanceof NetworkError || u instanceof Unauthorized || u instanceof NotFound || u instanceof Invalid;
