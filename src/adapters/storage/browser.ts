import { Effect } from 'effect';
import type { CookieOptions, StoragePort } from '../../core/ports/storage';
import { COOKIE_NAMES, type CookieName, type StorageKey, StorageDecoders, StorageKeyList, type StorageValues } from '../../core/model/storage';
import { AFFILIATE_COOKIE_DAYS, COOKIE_SAME_SITE, DEFAULT_COOKIE_DAYS } from '../../core/rules/constants';

/** The part of `localStorage` the adapter uses (tests pass an in-memory one). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The part of `document` the adapter uses: reading returns every cookie, writing sets one. */
export interface CookieJar {
  cookie: string;
}

export interface BrowserStorageOptions {
  /** `window.localStorage` by default. */
  readonly store?: KeyValueStore;
  /** `document` by default. */
  readonly cookies?: CookieJar;
  /** For cookie expiry dates (the clock port's `now`). */
  readonly now?: () => Date;
}

const DAY_SECONDS = 24 * 60 * 60;

/** The lifetime a cookie gets when the caller gives none that makes sense: 365 days for the affiliate referral, 30 otherwise (accounts §9). */
export const defaultCookieDays = (name: CookieName): number => (name === COOKIE_NAMES.affiliateReferral ? AFFILIATE_COOKIE_DAYS : DEFAULT_COOKIE_DAYS);

/** The Set-Cookie string of accounts §9: Path=/, SameSite=Lax, Max-Age and Expires for the lifetime. */
export const cookieString = (name: CookieName, value: string, options: CookieOptions, now: Date): string => {
  const days = Number.isFinite(options.days) && options.days > 0 ? options.days : defaultCookieDays(name);
  const seconds = Math.round(days * DAY_SECONDS);
  const expires = new Date(now.getTime() + seconds * 1000).toUTCString();
  return `${name}=${encodeURIComponent(value)}; Max-Age=${seconds}; Expires=${expires}; Path=/; SameSite=${COOKIE_SAME_SITE}`;
};

/** Read one cookie out of `document.cookie` ("a=1; b=2"). */
export const readCookie = (all: string, name: string): string | undefined => {
  for (const part of all.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
};

/** Strings are stored as they are (the token keys hold the bare token); records as JSON. */
const serialise = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

/**
 * Browser storage and cookies over localStorage and document.cookie (accounts §3, §9). Only the spec's
 * keys exist; every read is decoded with the key's decoder (src/core/model/storage.ts), so a missing, corrupt or unreadable entry
 * reads as absent. Storage that refuses (private mode, quota) never fails the caller.
 */
export const createBrowserStorage = (options: BrowserStorageOptions = {}): StoragePort => {
  const store = (): KeyValueStore | undefined => options.store ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const jar = (): CookieJar | undefined => options.cookies ?? (typeof document === 'undefined' ? undefined : document);
  const now = options.now ?? (() => new Date());

  const attempt = <A>(thunk: () => A, fallback: A): A => {
    try {
      return thunk();
    } catch {
      return fallback;
    }
  };

  const read = <K extends StorageKey>(key: K): StorageValues[K] | undefined => {
    const raw = attempt(() => store()?.getItem(key) ?? null, null);
    if (raw === null) return undefined;
    const decode = StorageDecoders[key];
    // The bare string first (token keys); then the JSON form (records).
    return decode(raw) ?? decode(parseJson(raw));
  };

  const remove = (key: StorageKey): void => attempt(() => store()?.removeItem(key), undefined);

  return {
    get: (key) => Effect.sync(() => read(key)),
    set: (key, value) => Effect.sync(() => attempt(() => store()?.setItem(key, serialise(value)), undefined)),
    remove: (key) => Effect.sync(() => remove(key)),
    clear: () => Effect.sync(() => StorageKeyList.forEach(remove)),
    getCookie: (name) => Effect.sync(() => attempt(() => readCookie(jar()?.cookie ?? '', name), undefined)),
    setCookie: (name, value, cookieOptions) =>
      Effect.sync(() =>
        attempt(() => {
          const target = jar();
          if (target) target.cookie = cookieString(name, value, cookieOptions, now());
        }, undefined),
      ),
  };
};
