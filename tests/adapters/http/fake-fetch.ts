import { Effect, Exit } from 'effect';
import { type HttpClientOptions, createHttpClient } from '../../../src/adapters/http/client';

export const BASE_URL = 'http://tendwell.test/api';
export const TOKEN = 'stored-id-token';

/** A JSON response as the server writes it (every response carries x-api-version). */
export const json = (status: number, body: unknown, init: { statusText?: string; headers?: Record<string, string> } = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    ...(init.statusText ? { statusText: init.statusText } : {}),
    headers: { 'content-type': 'application/json', 'x-api-version': '1.0.0', ...init.headers },
  });

export interface Recorded {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: unknown;
}

/** An injected fetch: records every request (method, URL, headers, parsed body) and answers with `respond`. */
export const fakeFetch = (respond: (request: Request) => Response | Promise<Response>) => {
  const requests: Recorded[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const text = await request.clone().text();
    requests.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: text ? JSON.parse(text) : undefined });
    return respond(request);
  };
  return { fetch, requests };
};

/** A client over a fake fetch, with the stored token and hooks the test can observe. */
export const testClient = (respond: (request: Request) => Response | Promise<Response>, options: Partial<HttpClientOptions> = {}) => {
  const fake = fakeFetch(respond);
  const unauthorized: unknown[] = [];
  const versions: string[] = [];
  const http = createHttpClient({
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    token: () => TOKEN,
    onUnauthorized: (e) => unauthorized.push(e),
    onApiVersion: (v) => versions.push(v),
    ...options,
  });
  return { http, requests: fake.requests, unauthorized, versions };
};

/** Run an Effect and return its failure (the test fails if it succeeded). */
export const failureOf = async <A, E>(effect: Effect.Effect<A, E>): Promise<E> => {
  const exit = await Effect.runPromise(Effect.exit(effect));
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`);
  const failure = exit.cause.reasons.find((r) => r._tag === 'Fail');
  if (!failure || failure._tag !== 'Fail') throw new Error(`expected a typed failure, got ${String(exit.cause)}`);
  return failure.error;
};
