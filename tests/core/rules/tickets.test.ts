import { describe, expect, it } from 'vitest';
import type { TicketSummary } from '../../../src/core/model/ticket';
import { countNewTickets, isNewTicket, isShownAsPast, ticketRules, ticketScopes } from '../../../src/core/rules/tickets';

type Comment = TicketSummary['comments'][number];
const from = (sender_account_type: Comment['sender_account_type'], sender_id = `${sender_account_type}-1`): Comment => ({ sender_id, sender_account_type });
const ticket = (status: TicketSummary['status'], ...comments: Comment[]) => ({ status, comments });

describe('new-count rule (bookings §4)', () => {
  it('customers: open tickets whose last comment came from someone else', () => {
    const viewer = { role: 'customer' as const, accountId: 'c1' };
    expect(isNewTicket(ticket('open', from('customer', 'c1'), from('vendor')), viewer)).toBe(true);
    expect(isNewTicket(ticket('open', from('vendor'), from('customer', 'c1')), viewer)).toBe(false);
    expect(isNewTicket(ticket('open'), viewer)).toBe(false);
    expect(isNewTicket(ticket('closed', from('vendor')), viewer)).toBe(false);
    expect(isNewTicket(ticket('draft', from('vendor')), viewer)).toBe(false);
  });

  it('customers without an account id: a last comment from a non-customer account', () => {
    expect(isNewTicket(ticket('open', from('user')), { role: 'customer' })).toBe(true);
    expect(isNewTicket(ticket('open', from('customer')), { role: 'customer' })).toBe(false);
  });

  it.each(['vendor', 'organization', 'super', 'admin'] as const)('%s: open tickets with no comments or a last comment from a customer', (role) => {
    const viewer = { role };
    expect(isNewTicket(ticket('open'), viewer)).toBe(true);
    expect(isNewTicket(ticket('open', from('vendor'), from('customer')), viewer)).toBe(true);
    expect(isNewTicket(ticket('open', from('customer'), from('organization')), viewer)).toBe(false);
    expect(isNewTicket(ticket('closed'), viewer)).toBe(false);
  });

  it('affiliates and others have no new tickets', () => {
    expect(isNewTicket(ticket('open'), { role: 'affiliate' })).toBe(false);
    expect(isNewTicket(ticket('open'), { role: 'none' })).toBe(false);
  });

  it('counts', () => {
    const list = [ticket('open'), ticket('open', from('customer')), ticket('open', from('vendor')), ticket('closed')];
    expect(countNewTickets(list, { role: 'vendor' })).toBe(2);
    expect(countNewTickets(list, { role: 'customer', accountId: 'nobody' })).toBe(2);
  });
});

describe('closed tickets are shown for the past 7 days', () => {
  const now = '2030-01-08T12:00:00.000Z';
  it.each([
    ['closed an hour ago', 'closed', '2030-01-08T11:00:00.000Z', true],
    ['closed exactly 7 days ago', 'closed', '2030-01-01T12:00:00.000Z', true],
    ['closed 7 days and a minute ago', 'closed', '2030-01-01T11:59:00.000Z', false],
    ['closed in the future (clock skew)', 'closed', '2030-01-09T00:00:00.000Z', false],
    ['open', 'open', '2030-01-08T11:00:00.000Z', false],
    ['no close date', 'closed', null, false],
  ] as const)('%s → %s', (_label, status, closedAt, expected) => {
    expect(isShownAsPast(status, closedAt, now)).toBe(expected);
  });
});

describe('ticket lifecycle rules', () => {
  const now = '2030-01-01T00:00:00.000Z';
  it('a comment has text', () => {
    expect(ticketRules.commentText.test({ role: 'customer', now, comment: 'Hi' })).toBe(true);
    expect(ticketRules.commentText.test({ role: 'customer', now, comment: ' ' })).toBe(false);
  });
  it('fields are the spec priorities and types', () => {
    expect(ticketRules.fieldsKnown.test({ role: 'customer', now, priority: 'urgent', ticketType: 'subscription' })).toBe(true);
    expect(ticketRules.fieldsKnown.test({ role: 'customer', now, priority: 'critical' })).toBe(false);
    expect(ticketRules.fieldsKnown.test({ role: 'customer', now, ticketType: 'billing' })).toBe(false);
  });
  it('only open tickets take comments; closed is final', () => {
    expect(ticketScopes.takesComments.allowed).toEqual(['open']);
    expect(ticketScopes.editable.test({ status: 'closed' })).toBe(false);
  });
});
