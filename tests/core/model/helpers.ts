import * as Schema from 'effect/Schema';
import { Result } from 'effect';

/** Decode or throw the schema's message (for tests). */
export const ok = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown): S['Type'] => Schema.decodeUnknownSync(schema)(input);

/** The decoding error message, or undefined when the input decodes. */
export const fails = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown): string | undefined => {
  const r = Schema.decodeUnknownResult(schema)(input);
  return Result.isFailure(r) ? r.failure.message : undefined;
};

export const id = (n: number) => n.toString(16).padStart(24, '0');
