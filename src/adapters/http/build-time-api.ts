import { Effect } from 'effect';
import type { Api } from '../../core/ports/api/registry';
import { NetworkError } from '../../core/ports/errors';

/**
 * The API as the build-time render of the public pages sees it (src/prerender.tsx): the server answers its ping, so
 * the session settles signed out, as a visitor's does; no other call is made while a page renders, and one that
 * were made would fail as a network error rather than reach a server.
 */
export const createBuildTimeApi = (): Api => {
  const fail = () => Effect.fail(new NetworkError({}));
  const port = (tag: string) =>
    new Proxy({} as Record<string, unknown>, {
      get: (_, name) => (tag === 'system' && name === 'ping' ? () => Effect.void : tag === 'media' && name === 'fileUrl' ? () => '' : fail),
    });
  return new Proxy({} as Api, { get: (_, tag) => (typeof tag === 'string' ? port(tag) : undefined) });
};
