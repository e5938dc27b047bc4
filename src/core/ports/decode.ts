import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import { Invalid } from './errors';

/**
 * Decode an unknown value (a response body, a stored entry) at the port boundary. A mismatch becomes
 * `Invalid` with every issue listed, so the core only ever sees validated values (docs/design.md#ports-and-adapters).
 */
export const decodeAt =
  <S extends Schema.Decoder<unknown>>(schema: S, what = 'response') =>
  (input: unknown): Effect.Effect<S['Type'], Invalid> =>
    Schema.decodeUnknownEffect(schema)(input, { errors: 'all' }).pipe(
      Effect.mapError((e) => new Invalid({ message: `Invalid ${what}: ${e.message}` })),
    );
