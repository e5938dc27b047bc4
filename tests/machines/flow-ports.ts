/**
 * In-memory ports for the flow charts' real actors (src/machines/flows/auth-actors.ts): a storage port
 * that records cookies, and API ports whose methods are `vi.fn`s returning Effects. A call the test did
 * not set up fails loudly.
 */
import { Effect } from 'effect';
import { vi } from 'vitest';
import type { CookieOptions, StoragePort } from '../../src/core/ports/storage';
import type { StorageKey } from '../../src/core/model/storage';
import type { AuthFlowPorts } from '../../src/machines/flows/auth-actors';

export interface MemoryStorage extends StoragePort {
  readonly values: Map<StorageKey, unknown>;
  readonly cookies: Map<string, { value: string; options: CookieOptions }>;
}

export const memoryStorage = (initial: Partial<Record<StorageKey, unknown>> = {}): MemoryStorage => {
  const values = new Map<StorageKey, unknown>(Object.entries(initial) as [StorageKey, unknown][]);
  const cookies = new Map<string, { value: string; options: CookieOptions }>();
  return {
    values,
    cookies,
    get: (key) => Effect.sync(() => values.get(key) as never),
    set: (key, value) => Effect.sync(() => void values.set(key, value)),
    remove: (key) => Effect.sync(() => void values.delete(key)),
    clear: () => Effect.sync(() => values.clear()),
    getCookie: (name) => Effect.sync(() => cookies.get(name)?.value),
    setCookie: (name, value, options) => Effect.sync(() => void cookies.set(name, { value, options })),
  };
};

/** A port object whose every method fails the test unless the test gave it an implementation. */
const strict = <T extends object>(name: string, methods: Partial<Record<keyof T, unknown>>): T =>
  new Proxy(methods as T, {
    get: (target, prop) => {
      const method = (target as Record<PropertyKey, unknown>)[prop];
      if (method !== undefined) return method;
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      return () => Effect.die(new Error(`unexpected call ${name}.${prop}`));
    },
  });

export const ok = <A>(value: A) => vi.fn((..._args: unknown[]) => Effect.succeed(value));
export const fail = <E>(error: E) => vi.fn((..._args: unknown[]) => Effect.fail(error));

export const ports = (over: {
  auth?: Partial<Record<keyof AuthFlowPorts['auth'], unknown>>;
  user?: Partial<Record<keyof AuthFlowPorts['user'], unknown>>;
  account?: Partial<Record<keyof AuthFlowPorts['account'], unknown>>;
  storage?: MemoryStorage;
}): AuthFlowPorts & { storage: MemoryStorage } => ({
  auth: strict('auth', over.auth ?? {}),
  user: strict('user', over.user ?? {}),
  account: strict('account', over.account ?? {}),
  storage: over.storage ?? memoryStorage(),
});
