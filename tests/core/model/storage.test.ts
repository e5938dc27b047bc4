import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, StorageKeyList, StorageSchemas } from '../../../src/core/model/storage';
import { fails, ok } from './helpers';

describe('storage keys (accounts §3)', () => {
  it('are the spec keys', () => {
    expect(StorageKeyList).toEqual(['id_token', 'reset_token', 'temporary_password_reset_token', 'register_verify_sms', 'app_password', 'quote', 'set_default']);
    expect(STORAGE_KEYS.idToken).toBe('id_token');
  });
  it('the quote entry holds service_id, vendor_id, start_time, frequency, home_size, promo_code', () => {
    const q = { service_id: 's', vendor_id: 'v', start_time: '2026-06-01T12:00:00Z', frequency: 'week', home_size: 'large', promo_code: 'P' };
    expect(ok(StorageSchemas.quote, q)).toEqual(q);
    expect(ok(StorageSchemas.quote, {})).toEqual({});
    expect(fails(StorageSchemas.quote, { home_size: 3 })).toBeDefined();
  });
  it('the set-default entry holds home_size', () => {
    expect(ok(StorageSchemas.set_default, { home_size: 'small' })).toEqual({ home_size: 'small' });
  });
  it('tokens are strings', () => {
    expect(fails(StorageSchemas.id_token, 42)).toBeDefined();
    expect(ok(StorageSchemas.id_token, 'abc')).toBe('abc');
  });
});
