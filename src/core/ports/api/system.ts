import type { Effect } from 'effect';
import type { NetworkError } from '../errors';

/** HEAD ping: a non-200 answer is a NetworkError ('Network Error', accounts §8). */
export interface SystemApi {
  ping(): Effect.Effect<void, NetworkError>;
}
