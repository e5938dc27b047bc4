import { describe, expect, it } from 'vitest';
import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import { httpApiFrom } from '../../../src/adapters/http/api';
import { AddressId, AppointmentId, PhoneId, ReferralId } from '../../../src/core/model/ids';
import { Invalid } from '../../../src/core/ports/errors';
import { failureOf, json, testClient } from './fake-fetch';
import { ACCOUNT_ID, TICKET_ID, ids } from './fixtures';

/**
 * Port methods that used to fail with 'not_in_contract' before sending now carry what the contract
 * requires and send its method, path and body; their replies are decoded with the entity's schema.
 */

const APPOINTMENT_ID = '9d1e3b2a9c8d7e6f5a4b3c2d';
const APPROVAL_ID = 'c01e3b2a9c8d7e6f5a4b3c2d';
const NOTE_ID = 'd01e3b2a9c8d7e6f5a4b3c2d';
const appointmentId = Schema.decodeUnknownSync(AppointmentId)(APPOINTMENT_ID);
const referral = Schema.decodeUnknownSync(ReferralId)('green-lawns');

const organization = {
  _id: ACCOUNT_ID,
  company_name: 'Green Co',
  primary_email: 'org@example.com',
  meta: { initialSetup: true, isApproved: true },
  agreement_accepted_at: '2025-05-01T10:00:00.000Z',
};

const sent = (request: { readonly method: string; readonly url: URL; readonly body: unknown } | undefined) =>
  request && { method: request.method, path: request.url.pathname, query: Object.fromEntries(request.url.searchParams), body: request.body };

describe('formerly notInContract port methods send the contract operation', () => {
  it('customers.readNote and dismissNote POST the note_id under the customer', async () => {
    const note = { _id: NOTE_ID, note: 'Gate code 1234', priority: 'normal', category: 'general', read: true };
    const { http, requests } = testClient(() => json(200, note));
    const api = httpApiFrom(http);
    expect(await Effect.runPromise(api.customers.readNote(ids.account, NOTE_ID))).toEqual(note);
    await Effect.runPromise(api.customers.dismissNote(ids.account, NOTE_ID));
    expect(requests.map(sent)).toEqual([
      { method: 'POST', path: `/api/customer/${ACCOUNT_ID}/read-note`, query: {}, body: { note_id: NOTE_ID } },
      { method: 'POST', path: `/api/customer/${ACCOUNT_ID}/dismiss-note`, query: {}, body: { note_id: NOTE_ID } },
    ]);
  });

  it('approvals.create POSTs the appointment, the asked change and the note', async () => {
    const approval = { _id: APPROVAL_ID, type: 'home_size', status: 'pending', note: 'Bigger than listed', data: { appointmentId: APPOINTMENT_ID, homeSize: 'large' } };
    const { http, requests } = testClient(() => json(201, approval));
    const result = await Effect.runPromise(
      httpApiFrom(http).approvals.create({ type: 'home_size', appointment_id: appointmentId, data: { homeSize: 'large' }, note: 'Bigger than listed' }),
    );
    expect(result).toEqual(approval);
    expect(sent(requests[0])).toEqual({
      method: 'POST',
      path: '/api/approvals',
      query: {},
      body: { type: 'home_size', appointment_id: APPOINTMENT_ID, data: { homeSize: 'large' }, note: 'Bigger than listed' },
    });
  });

  it("reviews.create POSTs the appointment's review with the contract's public default", async () => {
    const review = { _id: NOTE_ID, appointment_id: APPOINTMENT_ID, rating: 5, comment: 'Great', public: false, created: '2025-05-01T10:00:00.000Z' };
    const { http, requests } = testClient(() => json(201, review));
    expect(await Effect.runPromise(httpApiFrom(http).reviews.create({ appointment_id: appointmentId, rating: 5, comment: 'Great' }))).toEqual(review);
    expect(sent(requests[0])).toEqual({ method: 'POST', path: '/api/review', query: {}, body: { appointment_id: APPOINTMENT_ID, rating: 5, comment: 'Great', public: false } });
  });

  it('organizations.acceptAgreement PUTs the agreement version, accepted', async () => {
    const { http, requests } = testClient(() => json(200, organization));
    expect(await Effect.runPromise(httpApiFrom(http).organizations.acceptAgreement(ids.account, { agreement_version: '2025-01' }))).toEqual(organization);
    expect(sent(requests[0])).toEqual({
      method: 'PUT',
      path: `/api/organization/${ACCOUNT_ID}/accept_agreement`,
      query: {},
      body: { agreement_version: '2025-01', accepted: true },
    });
  });

  it('organizations.zipCodes GETs the served ZIP codes as strings', async () => {
    const { http, requests } = testClient(() => json(200, { zip_codes: ['30301', '30302-1234'] }));
    expect(await Effect.runPromise(httpApiFrom(http).organizations.zipCodes(ids.account))).toEqual(['30301', '30302-1234']);
    expect(sent(requests[0])).toMatchObject({ method: 'GET', path: `/api/organization/${ACCOUNT_ID}/zip-codes` });
  });

  it('account phone and address calls address the account (path) and send its type', async () => {
    const phone = { phoneID: TICKET_ID, number: '+15551234567', is_default: true };
    const address = { _id: NOTE_ID, address_formatted: '1 Main St, Atlanta, GA 30301', street: 'Main St', city: 'Atlanta', state: 'GA', postal_code: '30301' };
    const { http, requests } = testClient((request) => json(200, new URL(request.url).pathname.includes('phone') ? { phones: [phone] } : { address: [address] }));
    const api = httpApiFrom(http);
    const account = { id: ids.account, type: 'customer' } as const;
    expect(await Effect.runPromise(api.account.deletePhone(account, Schema.decodeUnknownSync(PhoneId)(TICKET_ID)))).toEqual([phone]);
    expect(await Effect.runPromise(api.account.deleteAddress(account, Schema.decodeUnknownSync(AddressId)(NOTE_ID)))).toEqual([address]);
    expect(requests.map(sent)).toEqual([
      { method: 'PUT', path: `/api/account/delete-phone/${ACCOUNT_ID}`, query: {}, body: { phoneID: TICKET_ID, account_type: 'customer' } },
      { method: 'PUT', path: `/api/account/delete-address/${ACCOUNT_ID}`, query: {}, body: { address_id: NOTE_ID, account_type: 'customer' } },
    ]);
  });

  it("affiliates.checkIdInUse asks under the affiliate's account", async () => {
    const { http, requests } = testClient(() => json(200, { affiliate_id: 'green-lawns', inUse: true }));
    expect(await Effect.runPromise(httpApiFrom(http).affiliates.checkIdInUse(ids.account, { affiliate_id: referral }))).toEqual({ inUse: true });
    expect(sent(requests[0])).toEqual({ method: 'GET', path: `/api/affiliate/${ACCOUNT_ID}/check-id-in-use`, query: { affiliate_id: 'green-lawns' }, body: undefined });
  });

  it('customers.addAffiliate POSTs the share; updateBilling sends the replaced card id', async () => {
    const shares = { items: [{ affiliate_id: 'green-lawns', percentage: 25 }], total_percentage: 25 };
    const cards = { items: [{ stripe_src_id: 'card_2', brand: 'Visa', last4: '4242', is_default: true }], default_source_id: 'card_2' };
    const { http, requests } = testClient((request) => json(200, new URL(request.url).pathname.includes('billing') ? cards : shares));
    const api = httpApiFrom(http);
    expect(await Effect.runPromise(api.customers.addAffiliate(ids.account, { affiliate_id: referral, percentage: 25 }))).toEqual(shares);
    expect(await Effect.runPromise(api.customers.updateBilling(ids.account, { stripe_src: 'tok_visa', existingStripeSrc: 'card_1' }))).toEqual(cards.items);
    expect(requests.map(sent)).toEqual([
      { method: 'POST', path: `/api/customers/${ACCOUNT_ID}/affiliate/new`, query: {}, body: { affiliate_id: 'green-lawns', percentage: 25 } },
      {
        method: 'POST',
        path: `/api/customer/${ACCOUNT_ID}/billing/update`,
        query: {},
        body: { stripe_src: 'tok_visa', existingStripeSrc: 'card_1', customer_id: ACCOUNT_ID, make_default: true },
      },
    ]);
  });
});

describe('a reply that does not match the entity schema is a typed decode error', () => {
  it('an appointment with an unknown status is Invalid and names the field', async () => {
    const { http } = testClient(() =>
      json(200, { _id: APPOINTMENT_ID, status: 'finished', start_time: '2025-05-02T14:00:00.000Z', service_data: { name: 'Mowing' }, customer_data: { _id: ACCOUNT_ID } }),
    );
    const error = await failureOf(httpApiFrom(http).appointments.get(appointmentId));
    expect(error).toBeInstanceOf(Invalid);
    expect(error.message).toContain('status');
  });

  it('an organization without its company name is Invalid', async () => {
    const { http } = testClient(() => json(200, { ...organization, company_name: undefined }));
    expect(await failureOf(httpApiFrom(http).organizations.acceptAgreement(ids.account, { agreement_version: '2025-01' }))).toMatchObject({ _tag: 'Invalid' });
  });

  it('unknown extra fields are dropped, not refused', async () => {
    const { http } = testClient(() => json(200, { zip_codes: ['30301'], served_by: 3 }));
    expect(await Effect.runPromise(httpApiFrom(http).organizations.zipCodes(ids.account))).toEqual(['30301']);
  });
});
