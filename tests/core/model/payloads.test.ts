import { describe, expect, it } from 'vitest';
import { RegistrationPayload } from '../../../src/core/model/registration';
import { AffiliateReferrer } from '../../../src/core/model/affiliate';
import { Notification } from '../../../src/core/model/notification';
import { Media, UploadTicket } from '../../../src/core/model/media';
import { LiveMessage, ResourceUpdate } from '../../../src/core/model/live';
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

describe('live payloads', () => {
  it('message: accountId, accountType, connectType, preview, fromAddress', () => {
    const m = ok(LiveMessage, { accountId: id(2), accountType: 'customer', connectType: 'SMS', preview: 'Hi', fromAddress: '+15551234567' });
    expect(m.connectType).toBe('SMS');
    expect(fails(LiveMessage, { accountId: id(2), accountType: 'customer', preview: 'Hi', fromAddress: 'x' })).toBeDefined();
  });
  it('resource update: reason, resourceType, resourceId', () => {
    expect(ok(ResourceUpdate, { reason: 'updated', resourceType: 'appointment', resourceId: id(7) }).reason).toBe('updated');
    expect(fails(ResourceUpdate, { reason: 'updated' })).toBeDefined();
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
