import type { TicketId } from '../../model/ids';
import type { TicketCounts, TicketStatus } from '../../model/ticket';
import type { ApiCall } from '../errors';
import type { Doc, Rec } from './types';

export type TicketRecord = Rec<TicketId> & { readonly status: TicketStatus };

export interface TicketListQuery {
  readonly status?: TicketStatus | 'past' | 'active';
  readonly count?: number;
  readonly skip?: number;
}

/** The tickets tag (bookings §7). The list's counts come from x-total-tickets / x-total-past-tickets. */
export interface TicketsApi {
  list(query: TicketListQuery): ApiCall<{ readonly tickets: readonly TicketRecord[]; readonly counts: TicketCounts }>;
  get(id: TicketId): ApiCall<TicketRecord>;
  create(input: Doc): ApiCall<TicketRecord>;
  comment(input: { readonly ticket_id: TicketId; readonly comment: string }): ApiCall<TicketRecord>;
  /** PUT tickets: fields, or close/resolve by a bare update. */
  update(input: Doc & { readonly ticket_id: TicketId }): ApiCall<TicketRecord>;
  updateById(id: TicketId, input: Doc): ApiCall<TicketRecord>;
  responses(query: { readonly ticket_id?: TicketId }): ApiCall<readonly Doc[]>;
}
