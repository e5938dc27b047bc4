import { Effect } from 'effect';
import type { Api } from '../../core/ports/api/registry';
import { NetworkError } from '../../core/ports/errors';
import type { HttpApiOptions } from './api';
import { headPing } from './ping';
import { DEFAULT_BASE_URL, mediaFileUrl } from './urls';

/**
 * The composition root's API, created on its first call: the tag adapters and openapi-fetch (src/adapters/http/api.ts)
 * are a chunk of their own, so they are not on the boot path before a chart calls the server (tools/budgets.ts:
 * /login's first paint). Every port method answers the same Effect as the real adapter, run after the chunk has
 * loaded; a chunk that cannot be fetched fails the call as a `NetworkError` ('Network Error', accounts §8), and the
 * next call tries again. `media.fileUrl` (the one synchronous method) and `system.ping` (the session's first call on
 * every page, ./ping.ts) are answered without the chunk.
 */
export const createLazyHttpApi = (options: HttpApiOptions): Api => {
  let loading: Promise<Api> | undefined;
  const load = (): Promise<Api> =>
    (loading ??= import('./api').then(
      (module) => module.createHttpApi(options),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const loaded = Effect.tryPromise({ try: load, catch: () => new NetworkError({}) });

  type Port = Record<string, (...args: unknown[]) => unknown>;
  const ports = new Map<string, Port>();
  const portOf = (tag: string): Port => {
    let port = ports.get(tag);
    if (!port) {
      const methods = new Map<string, (...args: unknown[]) => unknown>();
      port = new Proxy({} as Port, {
        get: (_, name) => {
          if (typeof name !== 'string') return undefined;
          let method = methods.get(name);
          if (!method) {
            method =
              tag === 'media' && name === 'fileUrl'
                ? (key: unknown) => mediaFileUrl(options.baseUrl ?? DEFAULT_BASE_URL, String(key))
                : tag === 'system' && name === 'ping'
                  ? () => headPing(options)
                  : (...args: unknown[]) =>
                    Effect.flatMap(loaded, (api) => ((api as unknown as Record<string, Port>)[tag]![name]!(...args) as Effect.Effect<unknown, unknown>));
            methods.set(name, method);
          }
          return method;
        },
      });
      ports.set(tag, port);
    }
    return port;
  };
  return new Proxy({} as Api, { get: (_, tag) => (typeof tag === 'string' ? portOf(tag) : undefined) });
};
