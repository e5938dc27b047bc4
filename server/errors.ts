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

/** PostgreSQL's codes for a connection that was cut or cannot be made now (class 08, and 57P01-57P03 of a shutdown or restart). */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_TEXT = /Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i;

/**
 * The database could not be reached (a restart, a failover, a cut connection): nothing was written, and the
 * same request will work in a moment. Looks through `cause` (drizzle wraps the driver's error).
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
  }
  return false;
};

export const serviceUnavailable = () => new HttpError(503, 'The service is briefly unavailable. Try again in a moment.', 'unavailable', { 'retry-after': '2' });
