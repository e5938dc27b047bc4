import { Effect } from 'effect';
import { NetworkError } from '../../core/ports/errors';
import type { SystemApi } from '../../core/ports/api/system';
import type { HttpClient } from './client';

/** HEAD ping (accounts §7/§8): anything but 200, or no answer at all, is 'Network Error'. */
export const systemApi = ({ client }: HttpClient): SystemApi => ({
  ping: () =>
    Effect.tryPromise({ try: (signal) => client.HEAD('/ping', { signal }), catch: () => new NetworkError({}) }).pipe(
      Effect.flatMap(({ response }) => (response.status === 200 ? Effect.void : Effect.fail(new NetworkError({})))),
    ),
});
