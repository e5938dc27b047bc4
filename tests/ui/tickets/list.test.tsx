import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TicketLists } from '../../../src/machines/features/tickets.machine';
import { answeredTicket, closedTicket, openTicket } from '../../machines/models/tickets.fixtures';
import { customerAccount, multiUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const customer = {
  ...multiUser,
  accounts: [{ id: customerAccount._id, type: 'customer' as const }],
  account: { ...customerAccount, settings: { language_preference: 'en' as const } },
};
const counts = { all: 2, past: 1, active: 1 };
/** The fixtures' comments as this customer's own. */
const mine = <T extends { comments: readonly { sender_id: string; sender_account_type: string }[] }>(ticket: T): T => ({
  ...ticket,
  comments: ticket.comments.map((c) => (c.sender_account_type === 'customer' ? { ...c, sender_id: customerAccount._id } : c)),
});

describe('the customer help desk', () => {
  it('lists the open tickets; an answer arriving live marks it new and the Help entry counts it', async () => {
    let lists: TicketLists = { active: [mine(openTicket)], past: [closedTicket], counts };
    const app = renderApp('/help-desk', { storedToken: 'token-1', user: customer, tickets: async () => lists });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help desk' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: /Gate left open/ });
    expect(link.getAttribute('href')).toBe(`/help-desk/ticket/${openTicket._id}`);
    expect(screen.getByRole('link', { name: 'New ticket' }).getAttribute('href')).toBe('/help-desk/ticket/new');
    // The menu is a chunk of its own (MenuSlot), which may arrive after the list.
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByTestId('new-tickets')).toBeNull();

    // Support answers: the server tells the account, and the list and the Help entry follow.
    lists = { ...lists, active: [mine(answeredTicket)] };
    app.live.emit({ type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'ticket', resourceId: openTicket._id } });
    await waitFor(() => expect(within(menu).getByTestId('new-tickets').textContent).toContain('1'));
    expect(screen.getByText('New')).toBeTruthy();
  });

  it('shows the empty state, and the history of the past 7 days', async () => {
    renderApp('/help-desk/history', { storedToken: 'token-1', user: customer, tickets: { active: [], past: [closedTicket], counts: { all: 1, past: 1, active: 0 } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket history' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Gate left open/ })).toBeTruthy();
  });

  it("says 'Error loading helpdesk tickets' when the list cannot load", async () => {
    renderApp('/help-desk', {
      storedToken: 'token-1',
      user: customer,
      tickets: async () => {
        throw new Error('down');
      },
    });
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain('Error loading helpdesk tickets');
  });
});
