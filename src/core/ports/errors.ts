import { Data, type Effect } from 'effect';

/**
 * Tagged errors every port may fail with (docs/design.md#errors). Machines branch on `_tag`; views show
 * the translation of `code` when one exists and `message` otherwise.
 *
 * They are `Data.TaggedError`s, not schema classes: every page's boot path (the session's actors, the lazy API)
 * creates them, and a schema class would load effect/Schema there (docs/performance.md, "What grows /login").
 * Nothing decodes or encodes them; the defaults below are what the schema classes' constructor defaults were.
 */

/** The server answered with an error body `{message, code}` and an HTTP status. */
export class ApiError extends Data.TaggedError('ApiError')<{
  readonly message: string;
  readonly code: string;
  readonly status: number;
}> {}

/** The server could not be reached, or ping answered non-200 (accounts §8: 'Network Error'). */
export class NetworkError extends Data.TaggedError('NetworkError')<{ readonly message: string }> {
  constructor(fields: { readonly message?: string } = {}) {
    super({ message: fields.message ?? 'Network Error' });
  }
}

/** 401 'User token authentication failed': the session chart signs the user out (accounts §8). */
export class Unauthorized extends Data.TaggedError('Unauthorized')<{ readonly message: string; readonly code: string }> {
  constructor(fields: { readonly message?: string; readonly code?: string } = {}) {
    super({ message: fields.message ?? 'User token authentication failed', code: fields.code ?? 'unauthorized' });
  }
}

/** 404: the record does not exist (or is not the caller's). */
export class NotFound extends Data.TaggedError('NotFound')<{ readonly message: string; readonly code: string }> {
  constructor(fields: { readonly message?: string; readonly code?: string } = {}) {
    super({ message: fields.message ?? 'Not found', code: fields.code ?? 'not_found' });
  }
}

/** A value failed its schema at the port boundary (a malformed response, or input refused before sending). */
export class Invalid extends Data.TaggedError('Invalid')<{ readonly message: string; readonly code: string }> {
  constructor(fields: { readonly message: string; readonly code?: string }) {
    super({ message: fields.message, code: fields.code ?? 'invalid' });
  }
}

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
