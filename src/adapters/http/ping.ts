import { Effect } from 'effect';
import { NetworkError } from '../../core/ports/errors';
import { API_HEADERS, CLIENT_VERSION, DEVICE_TYPE, PLATFORM } from '../../core/rules/constants';
import type { HttpClientOptions } from './client';
import { DEFAULT_BASE_URL } from './urls';

/**
 * HEAD ping (accounts §7/§8) with a bare `fetch`, the same request the HTTP client sends (platform, versions, the
 * bearer token when there is one): the session pings on every page's boot, and answering it this way keeps the
 * adapters, openapi-fetch and effect/Schema from loading before /login paints (src/adapters/http/lazy-api.ts,
 * docs/performance.md). Anything but 200, or no answer at all, is 'Network Error', as in ./system.ts.
 */
export const headPing = (options: HttpClientOptions): Effect.Effect<void, NetworkError> =>
  Effect.tryPromise({
    try: async (signal) => {
      const headers = new Headers({ [API_HEADERS.platform]: PLATFORM, [API_HEADERS.appVersion]: options.appVersion ?? CLIENT_VERSION, [API_HEADERS.deviceType]: DEVICE_TYPE });
      const token = await options.token();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return (options.fetch ?? fetch)(new Request(`${options.baseUrl ?? DEFAULT_BASE_URL}/ping`, { method: 'HEAD', headers, signal }));
    },
    catch: () => new NetworkError({}),
  }).pipe(Effect.flatMap((response) => (response.status === 200 ? Effect.void : Effect.fail(new NetworkError({})))));
