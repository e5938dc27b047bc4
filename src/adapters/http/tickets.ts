import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import type { TicketListQuery, TicketsApi } from '../../core/ports/api/tickets';
import type { TicketCounts } from '../../core/model/ticket';
import { TicketStatus } from '../../core/model/ticket';
import { TicketId } from '../../core/model/ids';
import { OpenRecord } from '../../core/model/common';
import { decodeAt } from '../../core/ports/decode';
import type { Invalid } from '../../core/ports/errors';
import { API_HEADERS } from '../../core/rules/constants';
import { DocSchema, type Decode, type QueryOf, body, call, items, wire } from './call';
import type { HttpClient } from './client';

const TicketRecord = Schema.StructWithRest(Schema.Struct({ _id: TicketId, status: TicketStatus }), [OpenRecord]);
const TicketRecords = Schema.Array(TicketRecord);

const Count = Schema.FiniteFromString.pipe(Schema.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0)));
const CountHeaders = Schema.Struct({ [API_HEADERS.totalTickets]: Count, [API_HEADERS.totalPastTickets]: Count });

/** The counts travel in x-total-tickets (all matching) and x-total-past-tickets (closed, past 7 days); active = all − past. */
const countsOf = (headers: Headers): Effect.Effect<TicketCounts, Invalid> =>
  decodeAt(CountHeaders, 'ticket count headers')({
    [API_HEADERS.totalTickets]: headers.get(API_HEADERS.totalTickets) ?? undefined,
    [API_HEADERS.totalPastTickets]: headers.get(API_HEADERS.totalPastTickets) ?? undefined,
  }).pipe(
    Effect.map((h) => {
      const all = h[API_HEADERS.totalTickets];
      const past = h[API_HEADERS.totalPastTickets];
      return { all, past, active: Math.max(0, all - past) };
    }),
  );

const ticketPage: Decode<{ readonly tickets: typeof TicketRecords.Type; readonly counts: TicketCounts }> = (data, response) =>
  Effect.all({ tickets: decodeAt(TicketRecords)(data), counts: countsOf(response.headers) });

type ListQuery = QueryOf<'/tickets'>;

/** The port's list filter in the contract's terms: past = closed, active = open; count/skip become a page. */
const listQuery = (q: TicketListQuery): ListQuery => {
  const status = q.status === 'past' ? 'closed' : q.status === 'active' ? 'open' : q.status;
  const pageSize = q.count;
  const page = pageSize && q.skip ? Math.floor(q.skip / pageSize) + 1 : undefined;
  return { status, pageSize, page };
};

/** The tickets tag (bookings §7). */
export const ticketsApi = ({ client }: HttpClient): TicketsApi => ({
  list: (query) => call((signal) => client.GET('/tickets', { params: { query: listQuery(query) }, signal }), ticketPage),
  get: (id) => call((signal) => client.GET('/tickets/{id}', { params: { path: { id } }, signal }), body(TicketRecord)),
  create: (input) => call((signal) => client.POST('/tickets', { body: wire(input), signal }), body(TicketRecord)),
  comment: (input) => call((signal) => client.PUT('/tickets/comment', { body: input, signal }), body(TicketRecord)),
  update: (input) => call((signal) => client.PUT('/tickets', { body: wire(input), signal }), body(TicketRecord)),
  updateById: (id, input) => call((signal) => client.PUT('/tickets/{id}', { params: { path: { id } }, body: wire(input), signal }), body(TicketRecord)),
  // The contract lists the help desk's canned responses by ticket type; it has no per-ticket filter.
  responses: () => call((signal) => client.GET('/tickets/responses', { signal }), items(DocSchema)),
});
