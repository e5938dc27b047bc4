import { describe, expect, it } from 'vitest';
import { RegistrationPayload } from '../../../src/core/model/registration';
import { AffiliateReferrer } from '../../../src/core/model/affiliate';
import { Notification } from '../../../src/core/model/notification';
import { Media, UploadTicket } from '../../../src/core/model/media';
import { decodeLiveEventMeta, decodeLiveMessage, decodeLiveSync, decodeResourceUpdate } from '../../../src/core/model/live';
import { ListViewState, initialListViewState } from '../../../src/core/model/list-view';
import { ContactCard } from '../../../src/core/model/contact';
import { CreditAdjustment } from '../../../src/core/model/credit';
import { TicketSummary } from '../../../src/core/model/ticket';
import { ApiErrorBody } from '../../../src/core/model/common';
import { fails, id, ok } from './helpers';

describe('RegistrationPayload', () => {
  const payload = {
    email: 'a@b.co',
    first_name: 'A',
    last_name: 'B',
    phone_number: '+15551234567',
    address: '1 Main St',
    account_confirmation_method: 'sms',
    platform: 'web',
    referred_by: 'GREEN',
    version: 'homeSize',
    type: 'customer',
  };
  it('decodes', () => expect(ok(RegistrationPayload, payload).type).toBe('customer'));
  it('refuses vendor signups, other platforms and other confirmation methods', () => {
    expect(fails(RegistrationPayload, { ...payload, type: 'vendor' })).toBeDefined();
    expect(fails(RegistrationPayload, { ...payload, platform: 'ios' })).toBeDefined();
    expect(fails(RegistrationPayload, { ...payload, account_confirmation_method: 'fax' })).toBeDefined();
    expect(fails(RegistrationPayload, { ...payload, referred_by: 'has space' })).toBeDefined();
  });
});

describe('AffiliateReferrer', () => {
  it('decodes with optional image and bio', () => {
    expect(ok(AffiliateReferrer, { affiliate_id: 'GREEN', name: 'Green Club' }).name).toBe('Green Club');
    expect(fails(AffiliateReferrer, { name: 'x' })).toBeDefined();
  });
});

describe('Notification', () => {
  const n = { _id: id(5), type: 'alert', dismissed: false, has_read: false, created: '2026-06-01T12:00:00.000Z' };
  it('decodes, with optional title and body', () => {
    expect(ok(Notification, n).type).toBe('alert');
    expect(ok(Notification, { ...n, title: 'Hi', body: 'There' }).title).toBe('Hi');
  });
  it('refuses a bad date or a missing flag', () => {
    expect(fails(Notification, { ...n, created: 'yesterday' })).toBeDefined();
    const { has_read: _h, ...missing } = n;
    expect(fails(Notification, missing)).toBeDefined();
  });
});

describe('Media', () => {
  it('decodes _id, key and file', () => {
    const m = ok(Media, { _id: id(6), key: 'k/1.png', file: { type: 'image/png', name: '1.png', size: 10, path: '/m/k/1.png' } });
    expect(m.file.size).toBe(10);
    expect(fails(Media, { _id: id(6), key: 'k', file: { type: 'x', name: 'n', size: -1, path: 'p' } })).toBeDefined();
  });
  it('an upload ticket carries string fields only', () => {
    expect(ok(UploadTicket, { url: '/upload', fields: { policy: 'p' }, key: 'k' }).fields.policy).toBe('p');
    expect(fails(UploadTicket, { url: '/upload', fields: { n: 1 }, key: 'k' })).toBeDefined();
  });
});

describe('live payloads (hand-written decoders: the live adapter is on the boot path)', () => {
  const message = { accountId: id(2), accountType: 'customer', connectType: 'SMS', preview: 'Hi', fromAddress: '+15551234567' };
  it('message: accountId, accountType, connectType, preview, fromAddress', () => {
    expect(decodeLiveMessage(message)).toEqual({ ok: true, value: message });
    expect(decodeLiveMessage({ ...message, extra: 1 })).toEqual({ ok: true, value: message });
    expect(decodeLiveMessage({ accountId: id(2), accountType: 'customer', preview: 'Hi', fromAddress: 'x' })).toEqual({
      ok: false,
      issue: 'message.connectType: expected a string, got nothing',
    });
  });
  it('message: the account id is a record id and the type one of the account kinds', () => {
    expect(decodeLiveMessage({ ...message, accountId: 'not-an-id' })).toMatchObject({ ok: false, issue: expect.stringContaining('message.accountId') });
    expect(decodeLiveMessage({ ...message, accountId: 'ABCDEF0123456789ABCDEF01' }).ok).toBe(false);
    expect(decodeLiveMessage({ ...message, accountType: 'user' }).ok).toBe(true);
    expect(decodeLiveMessage({ ...message, accountType: 'super' })).toMatchObject({ ok: false, issue: expect.stringContaining('message.accountType') });
    expect(decodeLiveMessage(null).ok).toBe(false);
    expect(decodeLiveMessage([message]).ok).toBe(false);
  });
  it('resource update: reason, resourceType, resourceId', () => {
    expect(decodeResourceUpdate({ reason: 'updated', resourceType: 'appointment', resourceId: id(7) })).toEqual({
      ok: true,
      value: { reason: 'updated', resourceType: 'appointment', resourceId: id(7) },
    });
    expect(decodeResourceUpdate({ reason: 'updated' }).ok).toBe(false);
    expect(decodeResourceUpdate({ reason: 'updated', resourceType: 'appointment', resourceId: 7 }).ok).toBe(false);
  });
  it('event meta: a stream and an integer number', () => {
    expect(decodeLiveEventMeta({ stream: 'account:a', seq: 3 })).toEqual({ ok: true, value: { stream: 'account:a', seq: 3 } });
    expect(decodeLiveEventMeta({ stream: 'account:a', seq: 3.5 }).ok).toBe(false);
    expect(decodeLiveEventMeta({ stream: 'account:a', seq: '3' }).ok).toBe(false);
  });
  it('sync: every stream with its latest and oldest numbers', () => {
    const streams = [{ stream: 'account:a', latest: 4, oldest: 1 }, { stream: 'user:u', latest: 0, oldest: 1 }];
    expect(decodeLiveSync({ streams })).toEqual({ ok: true, value: { streams } });
    expect(decodeLiveSync({ streams: [] })).toEqual({ ok: true, value: { streams: [] } });
    expect(decodeLiveSync({ streams: 'all' }).ok).toBe(false);
    expect(decodeLiveSync({ streams: [...streams, { stream: 'x', latest: 1 }] })).toEqual({ ok: false, issue: 'sync.streams[2]: stream.oldest: expected an integer, got nothing' });
  });
});

describe('ListViewState', () => {
  it('page size defaults to 10, page to 1', () => {
    expect(ok(ListViewState, {})).toEqual({ page: 1, pageSize: 10, columns: [], filters: {} });
    expect(initialListViewState(['name'])).toEqual({ page: 1, pageSize: 10, columns: ['name'], filters: {} });
  });
  it('keeps given values and refuses page 0', () => {
    expect(ok(ListViewState, { page: 3, pageSize: 25, columns: ['a'], filters: { a: 'x' } }).pageSize).toBe(25);
    expect(fails(ListViewState, { page: 0 })).toBeDefined();
    expect(fails(ListViewState, { pageSize: 2.5 })).toBeDefined();
  });
});

describe('ContactCard', () => {
  it('decodes phone and address lists (missing ones empty)', () => {
    const c = ok(ContactCard, { first_name: 'A', last_name: 'B', primary_email: 'a@b.co', phone: [{ number: '+15551234567' }] });
    expect(c.phone[0]?.number).toBe('+15551234567');
    expect(c.address).toEqual([]);
    expect(fails(ContactCard, { address: [{ street: 'x' }] })).toBeDefined();
  });
});

describe('CreditAdjustment', () => {
  it('cents, description up to 500, usd', () => {
    expect(ok(CreditAdjustment, { amount: -1250, description: 'Rain', currency: 'usd' }).amount).toBe(-1250);
    expect(fails(CreditAdjustment, { amount: 12.5, description: '', currency: 'usd' })).toBeDefined();
    expect(fails(CreditAdjustment, { amount: 1, description: 'x'.repeat(501), currency: 'usd' })).toMatch(/Maximum 500 characters/);
    expect(fails(CreditAdjustment, { amount: 1, description: '', currency: 'eur' })).toBeDefined();
  });
});

describe('TicketSummary and ApiErrorBody', () => {
  it('ticket status is open, closed or draft', () => {
    const t = { _id: id(8), status: 'open', comments: [{ sender_id: id(2), sender_account_type: 'customer' }] };
    expect(ok(TicketSummary, t).comments).toHaveLength(1);
    expect(fails(TicketSummary, { ...t, status: 'resolved' })).toBeDefined();
  });
  it('error bodies are {message, code}', () => {
    expect(ok(ApiErrorBody, { message: 'Token not valid', code: 'login_token_invalid' }).code).toBe('login_token_invalid');
    expect(fails(ApiErrorBody, { message: 'x' })).toBeDefined();
  });
});
