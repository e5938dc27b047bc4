import { describe, expect, it } from 'vitest';
import { Effect, Option } from 'effect';
import { StorageDecoders, type StorageKey, type StorageValues } from '../../../src/core/model/storage';
import type { StoragePort } from '../../../src/core/ports/storage';

/** The port as an in-memory map holding raw JSON, decoding on read the way the browser adapter must. */
const memoryStorage = (raw: Map<string, string>): StoragePort => ({
  get: <K extends StorageKey>(key: K) => {
    const text = raw.get(key);
    if (text === undefined) return Effect.succeed(undefined);
    return Effect.try(() => JSON.parse(text) as unknown).pipe(
      Effect.map((v) => StorageDecoders[key](v) as StorageValues[K] | undefined),
      Effect.option,
      Effect.map(Option.getOrUndefined),
    );
  },
  set: (key, value) => Effect.sync(() => void raw.set(key, JSON.stringify(value))),
  remove: (key) => Effect.sync(() => void raw.delete(key)),
  clear: () => Effect.sync(() => raw.clear()),
  getCookie: () => Effect.succeed(undefined),
  setCookie: () => Effect.void,
});

describe('StoragePort contract', () => {
  it('round-trips typed values under the spec keys', async () => {
    const s = memoryStorage(new Map());
    await Effect.runPromise(s.set('quote', { home_size: 'large', promo_code: 'SPRING' }));
    expect(await Effect.runPromise(s.get('quote'))).toEqual({ home_size: 'large', promo_code: 'SPRING' });
  });
  it('a corrupt or mistyped entry reads as absent', async () => {
    const s = memoryStorage(new Map([['quote', '{"home_size": 3}'], ['id_token', 'not json']]));
    expect(await Effect.runPromise(s.get('quote'))).toBeUndefined();
    expect(await Effect.runPromise(s.get('id_token'))).toBeUndefined();
  });
  it('clear removes everything (logout)', async () => {
    const raw = new Map([['id_token', '"t"']]);
    const s = memoryStorage(raw);
    await Effect.runPromise(s.clear());
    expect(await Effect.runPromise(s.get('id_token'))).toBeUndefined();
  });
});
