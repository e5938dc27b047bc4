import { describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { searchApi } from '../../../src/adapters/http/search';
import { ticketsApi } from '../../../src/adapters/http/tickets';
import { Invalid } from '../../../src/core/ports/errors';
import { failureOf, json, testClient } from './fake-fetch';
import { ACCOUNT_ID, TICKET_ID } from './fixtures';

const ticket = {
  _id: TICKET_ID,
  ticket_id: 'T-1001',
  status: 'open',
  priority: 'normal',
  type: 'general',
  comments: [{ _id: TICKET_ID, sender_id: ACCOUNT_ID, sender_account_type: 'super', comment: 'Hello', created: '2025-05-01T10:00:00.000Z' }],
  account_id: ACCOUNT_ID,
  account_type: 'customer',
};

describe('tickets.list reads the count headers (accounts §7)', () => {
  it('x-total-tickets and x-total-past-tickets give all and past; active is the rest', async () => {
    const { http } = testClient(() => json(200, [ticket], { headers: { 'x-total-tickets': '12', 'x-total-past-tickets': '5' } }));
    const { tickets, counts } = await Effect.runPromise(ticketsApi(http).list({}));
    expect(counts).toEqual({ all: 12, past: 5, active: 7 });
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ _id: TICKET_ID, status: 'open', ticket_id: 'T-1001' });
  });

  it('a list without its count headers is Invalid, not a silent zero', async () => {
    const { http } = testClient(() => json(200, [ticket]));
    const error = await failureOf(ticketsApi(http).list({}));
    expect(error).toBeInstanceOf(Invalid);
    expect(error.message).toContain('x-total-tickets');
  });

  it("asks in the contract's terms: past is closed, count/skip become page and pageSize", async () => {
    const { http, requests } = testClient(() => json(200, [], { headers: { 'x-total-tickets': '0', 'x-total-past-tickets': '0' } }));
    await Effect.runPromise(ticketsApi(http).list({ status: 'past', count: 10, skip: 20 }));
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({ status: 'closed', page: '3', pageSize: '10' });
  });
});

describe('search: texts shorter than 3 make no call (accounts §9)', () => {
  const run = searchApi;

  it.each(['', 'ab', '  a  '])('%j gives an empty result without a request', async (text) => {
    const { http, requests } = testClient(() => json(200, [{ _id: ACCOUNT_ID }]));
    const api = run(http);
    for (const method of ['organizations', 'vendors', 'customers', 'users', 'affiliates', 'affiliateIds', 'services', 'zipcodes', 'accounts'] as const) {
      const effect: Effect.Effect<ReadonlyArray<unknown>, unknown> = api[method]({ text });
      expect(await Effect.runPromise(effect)).toEqual([]);
    }
    expect(requests).toHaveLength(0);
  });

  it('three characters or more call the search with text and limit', async () => {
    const { http, requests } = testClient(() => json(200, [{ _id: ACCOUNT_ID, first_name: 'Casey', last_name: 'Doe' }]));
    const result = await Effect.runPromise(run(http).customers({ text: 'cas', count: 5 }));
    expect(result).toEqual([{ _id: ACCOUNT_ID, first_name: 'Casey', last_name: 'Doe' }]);
    expect(requests[0]?.url.pathname).toBe('/api/search/customers');
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({ text: 'cas', limit: '5' });
  });

  it('location search without any parameter gives an empty result without a request', async () => {
    const { http, requests } = testClient(() => json(200, []));
    expect(await Effect.runPromise(run(http).vendorsByLocation({ zip_code: '', radius: undefined }))).toEqual([]);
    expect(requests).toHaveLength(0);
    await Effect.runPromise(run(http).vendorsByLocation({ zip_code: '30301' }));
    expect(requests[0]?.url.search).toBe('?zip_code=30301');
  });
});
