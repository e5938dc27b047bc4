import { describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { type CookieJar, type KeyValueStore, cookieString, createBrowserStorage, readCookie } from '../../../src/adapters/storage/browser';
import { COOKIE_NAMES, StorageKeyList } from '../../../src/core/model/storage';

/** A tiny in-memory localStorage. */
const memoryStore = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  const store: KeyValueStore = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
  return { store, data };
};

/** A document stub whose cookie setter keeps name=value pairs and records what was written. */
const cookieJar = () => {
  const values = new Map<string, string>();
  const written: string[] = [];
  const jar: CookieJar = {
    get cookie() {
      return [...values].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      values.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    },
  };
  return { jar, written };
};

const NOW = new Date('2025-05-01T12:00:00.000Z');
const run = Effect.runSync;

describe('browser storage (accounts §3)', () => {
  it('round-trips every spec key with its value type', () => {
    const { store, data } = memoryStore();
    const storage = createBrowserStorage({ store });
    run(storage.set('id_token', 'jwt-abc'));
    run(storage.set('reset_token', 'reset-1'));
    run(storage.set('temporary_password_reset_token', 'tmp-1'));
    run(storage.set('app_password', 'generated'));
    run(storage.set('register_verify_sms', { email: 'casey@example.com', phone_number: '+15555550100' }));
    run(storage.set('quote', { service_id: 's1', frequency: 'week', home_size: 'large', promo_code: 'SPRING' }));
    run(storage.set('set_default', { home_size: 'small' }));

    expect(data.get('id_token')).toBe('jwt-abc'); // the bare token, as the spec's key holds it
    expect(run(storage.get('id_token'))).toBe('jwt-abc');
    expect(run(storage.get('reset_token'))).toBe('reset-1');
    expect(run(storage.get('temporary_password_reset_token'))).toBe('tmp-1');
    expect(run(storage.get('app_password'))).toBe('generated');
    expect(run(storage.get('register_verify_sms'))).toEqual({ email: 'casey@example.com', phone_number: '+15555550100' });
    expect(run(storage.get('quote'))).toEqual({ service_id: 's1', frequency: 'week', home_size: 'large', promo_code: 'SPRING' });
    expect(run(storage.get('set_default'))).toEqual({ home_size: 'small' });
  });

  it('a missing entry reads as absent', () => {
    const storage = createBrowserStorage({ store: memoryStore().store });
    expect(run(storage.get('id_token'))).toBeUndefined();
    expect(run(storage.get('quote'))).toBeUndefined();
  });

  it('a corrupt entry reads as absent (not JSON, or the wrong shape)', () => {
    const { store } = memoryStore({ quote: '{not json', set_default: JSON.stringify({ home_size: 42 }), register_verify_sms: '"just a string"' });
    const storage = createBrowserStorage({ store });
    expect(run(storage.get('quote'))).toBeUndefined();
    expect(run(storage.get('set_default'))).toBeUndefined();
    expect(run(storage.get('register_verify_sms'))).toBeUndefined();
  });

  it('remove drops one key; clear drops every spec key and nothing else', () => {
    const { store, data } = memoryStore({ unrelated: 'keep' });
    const storage = createBrowserStorage({ store });
    for (const key of StorageKeyList) data.set(key, key === 'quote' || key === 'set_default' || key === 'register_verify_sms' ? '{}' : 'x');
    run(storage.remove('reset_token'));
    expect(data.has('reset_token')).toBe(false);
    expect(data.has('id_token')).toBe(true);
    run(storage.clear());
    for (const key of StorageKeyList) expect(data.has(key)).toBe(false);
    expect(data.get('unrelated')).toBe('keep');
  });

  it('storage that throws (private mode, quota) never fails the caller', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = createBrowserStorage({ store: broken });
    expect(() => run(storage.set('id_token', 'x'))).not.toThrow();
    expect(run(storage.get('id_token'))).toBeUndefined();
    expect(() => run(storage.clear())).not.toThrow();
  });
});

describe('cookies (accounts §9)', () => {
  it('the affiliate cookie lives 365 days, SameSite=Lax, Path=/', () => {
    const { jar, written } = cookieJar();
    const storage = createBrowserStorage({ store: memoryStore().store, cookies: jar, now: () => NOW });
    run(storage.setCookie(COOKIE_NAMES.affiliateReferral, 'casey-lawns', { days: 365, sameSite: 'Lax' }));
    expect(written).toEqual([`aff=casey-lawns; Max-Age=${365 * 86400}; Expires=Fri, 01 May 2026 12:00:00 GMT; Path=/; SameSite=Lax`]);
    expect(run(storage.getCookie('aff'))).toBe('casey-lawns');
  });

  it('a default cookie lives 30 days', () => {
    expect(cookieString('aff', 'x', { days: 30, sameSite: 'Lax' }, NOW)).toBe(
      `aff=x; Max-Age=${30 * 86400}; Expires=Sat, 31 May 2025 12:00:00 GMT; Path=/; SameSite=Lax`,
    );
  });

  it('a lifetime that makes no sense falls back to the cookie’s own (365 days for aff)', () => {
    expect(cookieString('aff', 'x', { days: Number.NaN, sameSite: 'Lax' }, NOW)).toContain(`Max-Age=${365 * 86400};`);
  });

  it('values are encoded on write and decoded on read', () => {
    const { jar } = cookieJar();
    const storage = createBrowserStorage({ cookies: jar, store: memoryStore().store, now: () => NOW });
    run(storage.setCookie('aff', 'a b;c', { days: 30, sameSite: 'Lax' }));
    expect(run(storage.getCookie('aff'))).toBe('a b;c');
  });

  it('reads one cookie among several, and absent ones as undefined', () => {
    expect(readCookie('x=1; aff=casey; y=2', 'aff')).toBe('casey');
    expect(readCookie('x=1; y=2', 'aff')).toBeUndefined();
    expect(readCookie('', 'aff')).toBeUndefined();
  });
});
