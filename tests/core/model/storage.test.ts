import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, StorageDecoders, StorageKeyList } from '../../../src/core/model/storage';

describe('storage keys (accounts §3)', () => {
  it('are the spec keys', () => {
    expect(StorageKeyList).toEqual(['id_token', 'reset_token', 'temporary_password_reset_token', 'register_verify_sms', 'app_password', 'quote', 'set_default']);
    expect(STORAGE_KEYS.idToken).toBe('id_token');
  });
  it('the quote entry holds service_id, vendor_id, start_time, frequency, home_size, promo_code', () => {
    const q = { service_id: 's', vendor_id: 'v', start_time: '2026-06-01T12:00:00Z', frequency: 'week', home_size: 'large', promo_code: 'P' };
    expect(StorageDecoders.quote(q)).toEqual(q);
    expect(StorageDecoders.quote({})).toEqual({});
    expect(StorageDecoders.quote({ add_ons: 'a,b', contract_length: '12' })).toEqual({ add_ons: 'a,b', contract_length: '12' });
  });
  it('a quote with a field of another type, or no record at all, reads as absent', () => {
    expect(StorageDecoders.quote({ home_size: 3 })).toBeUndefined();
    expect(StorageDecoders.quote({ service_id: 's', promo_code: null })).toBeUndefined();
    expect(StorageDecoders.quote('{"home_size":"large"}')).toBeUndefined();
    expect(StorageDecoders.quote(['large'])).toBeUndefined();
    expect(StorageDecoders.quote(null)).toBeUndefined();
    expect(StorageDecoders.quote(undefined)).toBeUndefined();
  });
  it('fields the entry does not know are dropped, as a schema struct drops them', () => {
    expect(StorageDecoders.quote({ home_size: 'small', admin: true, __proto__x: 'y' })).toEqual({ home_size: 'small' });
  });
  it('the set-default entry holds home_size', () => {
    expect(StorageDecoders.set_default({ home_size: 'small' })).toEqual({ home_size: 'small' });
    expect(StorageDecoders.set_default({ home_size: 1 })).toBeUndefined();
  });
  it('the SMS registration marker holds an email and a phone number', () => {
    expect(StorageDecoders.register_verify_sms({ email: 'a@b.co', phone_number: '+15125550100' })).toEqual({ email: 'a@b.co', phone_number: '+15125550100' });
    expect(StorageDecoders.register_verify_sms({ phone_number: 5125550100 })).toBeUndefined();
  });
  it('tokens are strings', () => {
    expect(StorageDecoders.id_token(42)).toBeUndefined();
    expect(StorageDecoders.id_token({ token: 'abc' })).toBeUndefined();
    expect(StorageDecoders.id_token('abc')).toBe('abc');
    expect(StorageDecoders.reset_token('r')).toBe('r');
    expect(StorageDecoders.temporary_password_reset_token(null)).toBeUndefined();
    expect(StorageDecoders.app_password('p')).toBe('p');
  });
  it('ticket drafts: every draft must have the shape (texts, and saved a boolean)', () => {
    const drafts = { 'u1:new': { subject: 'Gate', comment: 'Code 1234', saved: false }, 'u1:comment:t1': { comment: 'Thanks', ticket_id: 't1', saved: true } };
    expect(StorageDecoders.ticket_drafts(drafts)).toEqual(drafts);
    expect(StorageDecoders.ticket_drafts({})).toEqual({});
    expect(StorageDecoders.ticket_drafts({ 'u1:new': { subject: 'Gate', saved: 'yes' } })).toBeUndefined();
    expect(StorageDecoders.ticket_drafts({ 'u1:new': { subject: 'Gate' }, 'u1:other': 'text' })).toBeUndefined();
    expect(StorageDecoders.ticket_drafts([{ subject: 'Gate' }])).toBeUndefined();
  });
});
