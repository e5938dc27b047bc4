import { describe, expect, it } from 'vitest';
import { Effect, Exit } from 'effect';
import * as Schema from 'effect/Schema';
import { ApiError, Invalid, NetworkError, NotFound, Unauthorized, errorBody, errorFromResponse, isApiFailure } from '../../../src/core/ports/errors';
import { decodeAt } from '../../../src/core/ports/decode';
import { fixedClock, lastDays } from '../../../src/core/ports/clock';

describe('tagged errors', () => {
  it('NetworkError says Network Error', () => {
    const e = new NetworkError();
    expect(e._tag).toBe('NetworkError');
    expect(e.message).toBe('Network Error');
    expect(errorBody(e)).toEqual({ message: 'Network Error', code: 'network_error' });
  });
  it('can be caught by tag', async () => {
    const program = Effect.fail(new NotFound()).pipe(Effect.catchTag('NotFound', (e) => Effect.succeed(e.code)));
    expect(await Effect.runPromise(program)).toBe('not_found');
  });
  it('isApiFailure', () => {
    expect(isApiFailure(new Invalid({ message: 'x' }))).toBe(true);
    expect(isApiFailure(new Error('x'))).toBe(false);
  });
});

describe('errorFromResponse', () => {
  it("a 401 'User token authentication failed' is Unauthorized", () => {
    const e = errorFromResponse(401, { message: 'User token authentication failed', code: 'unauthorized' });
    expect(e).toBeInstanceOf(Unauthorized);
  });
  it('other 401s pass on unchanged as ApiError (a refused login, a wrong code)', () => {
    const e = errorFromResponse(401, { message: 'Invalid username or password', code: 'invalid_credentials' });
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Invalid username or password' });
  });
  it('404 is NotFound with the server text', () => {
    expect(errorFromResponse(404, { message: 'No such ticket', code: 'not_found' })).toMatchObject({ _tag: 'NotFound', message: 'No such ticket' });
  });
  it('falls back to the status text and a code for the status', () => {
    expect(errorFromResponse(502, null, 'Bad Gateway')).toMatchObject({ _tag: 'ApiError', message: 'Bad Gateway', code: 'internal', status: 502 });
    expect(errorFromResponse(429, 'text')).toMatchObject({ code: 'too_many_requests', message: 'HTTP 429' });
  });
});

describe('decodeAt', () => {
  const S = Schema.Struct({ a: Schema.Number });
  it('decodes a good value', async () => {
    expect(await Effect.runPromise(decodeAt(S)({ a: 1 }))).toEqual({ a: 1 });
  });
  it('turns a mismatch into Invalid naming the field', () => {
    const exit = Effect.runSyncExit(decodeAt(S, 'user')({ a: 'x' }));
    expect(Exit.isFailure(exit)).toBe(true);
    const error = Effect.runSync(Effect.flip(decodeAt(S, 'user')({ a: 'x' })));
    expect(error).toBeInstanceOf(Invalid);
    expect(error.message).toMatch(/^Invalid user: /);
    expect(error.message).toContain('["a"]');
  });
});

describe('clock', () => {
  it('the default notification range is the last 30 days up to now', () => {
    expect(lastDays(fixedClock('2026-06-30T12:00:00.000Z'), 30)).toEqual({ from: '2026-05-31T12:00:00.000Z', to: '2026-06-30T12:00:00.000Z' });
  });
});
