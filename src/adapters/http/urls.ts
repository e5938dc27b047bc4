/**
 * Small URL helpers of the HTTP adapters, in a module of their own so the boot path can use them without the
 * adapters and openapi-fetch (src/adapters/http/lazy-api.ts).
 */

/** The API base in the browser. */
export const DEFAULT_BASE_URL = '/api';

/** GET media/file?key=: the address a stored file is read at. */
export const mediaFileUrl = (baseUrl: string, key: string): string => `${baseUrl}/media/file?key=${encodeURIComponent(key)}`;
