import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import type { TicketListQuery, TicketsApi } from '../../core/ports/api/tickets';
import { CannedResponse, Ticket, TicketCommentDraft, type TicketCounts } from '../../core/model/ticket';
import { decodeAt } from '../../core/ports/decode';
import type { Invalid } from '../../core/ports/errors';
import { API_HEADERS } from '../../core/rules/constants';
import { type Decode, type QueryOf, body, call, items } from './call';
import type { HttpClient } from './client';

const Tickets = Schema.Array(Ticket);

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

const ticketPage: Decode<{ readonly tickets: readonly Ticket[]; readonly counts: TicketCounts }> = (data, response) =>
  Effect.all({ tickets: decodeAt(Tickets)(data), counts: countsOf(response.headers) });

type ListQuery = QueryOf<'/tickets'>;

/** The port's list filter in the contract's terms: past = closed, active = open; count/skip become a page. */
const listQuery = ({ status: wanted, count, skip, ...filters }: TicketListQuery): ListQuery => {
  const status = wanted === 'past' ? 'closed' : wanted === 'active' ? 'open' : wanted;
  const pageSize = count;
  const page = pageSize && skip ? Math.floor(skip / pageSize) + 1 : undefined;
  return { ...filters, status, pageSize, page };
};

/** The tickets tag (bookings §7). */
export const ticketsApi = ({ client }: HttpClient): TicketsApi => ({
  list: (query) => call((signal) => client.GET('/tickets', { params: { query: listQuery(query) }, signal }), ticketPage),
  get: (id) => call((signal) => client.GET('/tickets/{id}', { params: { path: { id } }, signal }), body(Ticket)),
  // status takes the contract's default (open) when the caller leaves it out.
  create: (input) => call((signal) => client.POST('/tickets', { body: { ...input, status: input.status ?? 'open' }, signal }), body(Ticket)),
  comment: (input) => call((signal) => client.PUT('/tickets/comment', { body: input, signal }), body(Ticket)),
  update: (input) => call((signal) => client.PUT('/tickets', { body: input, signal }), body(Ticket)),
  updateById: (id, input) => call((signal) => client.PUT('/tickets/{id}', { params: { path: { id } }, body: input, signal }), body(Ticket)),
  getCommentDraft: (id) => call((signal) => client.GET('/tickets/{id}/draft-comment', { params: { path: { id } }, signal }), body(TicketCommentDraft)),
  saveCommentDraft: (id, input) =>
    call((signal) => client.PUT('/tickets/{id}/draft-comment', { params: { path: { id } }, body: input, signal }), body(TicketCommentDraft)),
  responses: (query) => call((signal) => client.GET('/tickets/responses', { params: { query }, signal }), items(CannedResponse)),
});
