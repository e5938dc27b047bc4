import type { AccountId, MediaId, TicketId } from '../../model/ids';
import type {
  CannedResponse,
  CreateTicketInput,
  SetTicketStatusInput,
  Ticket,
  TicketCommentDraft,
  TicketCounts,
  TicketPriority,
  TicketStatus,
  TicketType,
  UpdateTicketInput,
} from '../../model/ticket';
import type { ApiCall } from '../errors';

export interface TicketListQuery {
  readonly status?: TicketStatus | 'past' | 'active';
  readonly type?: TicketType;
  readonly priority?: TicketPriority;
  readonly account_id?: AccountId;
  readonly text?: string;
  readonly count?: number;
  readonly skip?: number;
}

/** The tickets tag (bookings §7). The list's counts come from x-total-tickets / x-total-past-tickets. */
export interface TicketsApi {
  list(query: TicketListQuery): ApiCall<{ readonly tickets: readonly Ticket[]; readonly counts: TicketCounts }>;
  get(id: TicketId): ApiCall<Ticket>;
  create(input: CreateTicketInput): ApiCall<Ticket>;
  comment(input: { readonly ticket_id: TicketId; readonly comment: string; readonly media?: MediaId[] }): ApiCall<Ticket>;
  /** PUT tickets: close, resolve or reopen by a bare update. */
  update(input: SetTicketStatusInput): ApiCall<Ticket>;
  /** PUT tickets/{id}: update the fields; a draft is sent with status open. */
  updateById(id: TicketId, input: UpdateTicketInput): ApiCall<Ticket>;
  /** The help desk's canned responses, by ticket type. */
  responses(query?: { readonly type?: TicketType }): ApiCall<readonly CannedResponse[]>;
  /** GET tickets/{id}/draft-comment: the caller's comment being typed on the ticket (empty when none). */
  getCommentDraft(id: TicketId): ApiCall<TicketCommentDraft>;
  /** PUT tickets/{id}/draft-comment: keep the comment being typed; cleared by the server when a comment is sent. */
  saveCommentDraft(id: TicketId, input: { readonly comment: string; readonly media?: MediaId[] }): ApiCall<TicketCommentDraft>;
}
