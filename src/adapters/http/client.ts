import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { TOKEN_FAILED_MESSAGE, Unauthorized } from '../../core/ports/errors';
import { API_HEADERS, CLIENT_VERSION, DEVICE_TYPE, PLATFORM } from '../../core/rules/constants';
import type { paths } from './openapi.gen';
import { DEFAULT_BASE_URL } from './urls';

/** Where the bearer token comes from: the stored id_token (accounts §7). Absent means "send none". */
export type TokenSource = () => string | null | undefined | Promise<string | null | undefined>;

/** The fetch the client uses; tests inject one that records requests and answers canned responses. */
export type FetchFn = (input: Request) => Promise<Response>;

export interface HttpClientOptions {
  /** The stored login token (id_token). Read on every request, so a new login takes effect at once. */
  readonly token: TokenSource;
  /** The API base; `/api` in the browser. Tests pass an absolute one (`http://test/api`), since Node cannot resolve relative URLs. */
  readonly baseUrl?: string;
  readonly fetch?: FetchFn;
  /** Sent as x-app-version; the client version of accounts §9 unless told otherwise. */
  readonly appVersion?: string;
  /**
   * A 401 'User token authentication failed' (accounts §8). The session chart turns it into
   * `api.unauthorized`; the adapter itself never navigates.
   */
  readonly onUnauthorized?: (error: Unauthorized) => void;
  /** The API version read from the x-api-version response header, reported when it changes. */
  readonly onApiVersion?: (version: string) => void;
}

/** The one openapi-fetch client with the spec's headers and token, plus what its middleware observed. */
export interface HttpClient {
  readonly client: Client<paths>;
  readonly baseUrl: string;
  /** Sent as x-app-version. */
  readonly appVersion: string;
  /** The latest x-api-version seen, if any response carried one. */
  apiVersion(): string | undefined;
  /** The bearer token the next request would carry (the media upload posts a form outside openapi-fetch). */
  token(): Promise<string | undefined>;
  /** Run the response observers (api version, 401) for a response that did not go through openapi-fetch. */
  observe(status: number, headers: { get(name: string): string | null }, body: unknown): void;
}

export { DEFAULT_BASE_URL };

/** Calls that carry a reset or temporary token travel with that header instead of the bearer token (accounts §7). */
const SPECIAL_TOKEN_HEADERS = [API_HEADERS.passwordResetToken, API_HEADERS.temporaryToken] as const;

const isTokenFailure = (status: number, body: unknown): boolean =>
  status === 401 && typeof body === 'object' && body !== null && 'message' in body && body.message === TOKEN_FAILED_MESSAGE;

export const createHttpClient = (options: HttpClientOptions): HttpClient => {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const appVersion = options.appVersion ?? CLIENT_VERSION;
  let apiVersion: string | undefined;

  const readToken = async (): Promise<string | undefined> => {
    const token = await options.token();
    return token ? token : undefined;
  };

  const observe: HttpClient['observe'] = (status, headers, body) => {
    const version = headers.get(API_HEADERS.apiVersion);
    if (version && version !== apiVersion) {
      apiVersion = version;
      options.onApiVersion?.(version);
    }
    if (isTokenFailure(status, body)) {
      options.onUnauthorized?.(new Unauthorized({ message: TOKEN_FAILED_MESSAGE }));
    }
  };

  const middleware: Middleware = {
    async onRequest({ request }) {
      request.headers.set(API_HEADERS.platform, PLATFORM);
      request.headers.set(API_HEADERS.appVersion, appVersion);
      request.headers.set(API_HEADERS.deviceType, DEVICE_TYPE);
      if (SPECIAL_TOKEN_HEADERS.some((name) => request.headers.has(name))) return request;
      const token = await readToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ response }) {
      // Only a 401 needs its body here; everything else is read once, by the caller.
      const body = response.status === 401 ? await response.clone().json().catch(() => undefined) : undefined;
      observe(response.status, response.headers, body);
      return undefined;
    },
  };

  const client = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  client.use(middleware);

  return { client, baseUrl, appVersion, apiVersion: () => apiVersion, token: readToken, observe };
};
