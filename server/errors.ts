/** An error with the HTTP status and the `{message, code}` body the client sees. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** More fields of the error body (e.g. the bot calls' nested `error: {message}`). */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code = 'invalid_request') => new HttpError(400, message, code);
export const unauthorized = (message = 'User token authentication failed', code = 'unauthorized') =>
  new HttpError(401, message, code);
export const forbidden = (message = 'You are not allowed to do this.', code = 'forbidden') => new HttpError(403, message, code);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, message, code);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'too_many_requests') =>
  new HttpError(429, message, code, { 'retry-after': String(retryAfterSeconds) });
export const notImplemented = (operationId: string) =>
  new HttpError(501, `Not implemented yet: ${operationId}`, 'not_implemented');
