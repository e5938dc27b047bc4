import type { Effect } from 'effect';
import type { CookieName, StorageKey, StorageValues } from '../model/storage';

export interface CookieOptions {
  /** Lifetime in days: 365 for the affiliate referral cookie, 30 by default (accounts §9). */
  readonly days: number;
  /** Always 'Lax' (accounts §9). */
  readonly sameSite: 'Lax';
}

/**
 * Browser storage and cookies (accounts §3): only the spec's keys, each with its value type. Values
 * are decoded with StorageSchemas on read; a missing or corrupt entry reads as undefined.
 */
export interface StoragePort {
  get<K extends StorageKey>(key: K): Effect.Effect<StorageValues[K] | undefined>;
  set<K extends StorageKey>(key: K, value: StorageValues[K]): Effect.Effect<void>;
  remove(key: StorageKey): Effect.Effect<void>;
  /** Logout clears stored data (accounts §4): every key of the spec. */
  clear(): Effect.Effect<void>;
  getCookie(name: CookieName): Effect.Effect<string | undefined>;
  setCookie(name: CookieName, value: string, options: CookieOptions): Effect.Effect<void>;
}
