import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { BotTask } from '../../../src/core/model/bot';
import { chatHelpMachine } from '../../../src/machines/features/chat-help.machine';
import { ticketComposerMachine } from '../../../src/machines/features/ticket-composer.machine';
import { ticketThreadMachine } from '../../../src/machines/features/ticket-thread.machine';
import type { TicketsMachines } from '../../../src/ui/shared/Tickets';
import { customerAccount, multiUser, multiUserInSpanish, superUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const customer = {
  ...multiUser,
  accounts: [{ id: customerAccount._id, type: 'customer' as const }],
  account: { ...customerAccount, settings: { language_preference: 'en' as const } },
};
const TICKET = 'e0000000000000000000000e';

/** The bot port as the reference server answers: the next visit is known, anything else is offered a ticket. */
function fakeBot(failWith?: unknown) {
  const said: { from: 'person' | 'bot'; text: string; at: string }[] = [];
  const at = '2026-11-23T12:00:00.000Z';
  const answer = (message: string): BotTask => {
    said.push({ from: 'person', text: message, at });
    const known = /next visit|próxima visita/i.test(message);
    const reply = known ? 'Your next visit is Lawn care on Tue, Nov 24, 9:00 AM.' : "I can't help with that here.";
    said.push({ from: 'bot', text: reply, at });
    return { taskId: 't1', status: 'waiting_for_reply', reply, prompt: known ? null : 'open_ticket', ticket_id: null, messages: [...said] };
  };
  const respond = vi.fn(async (): Promise<BotTask> => {
    const reply = 'I opened ticket #1042 with our conversation attached. Support will answer there.';
    said.push({ from: 'person', text: 'yes', at }, { from: 'bot', text: reply, at });
    return { taskId: 't1', status: 'done', reply, prompt: null, ticket_id: TICKET, messages: [...said] };
  });
  const machines: TicketsMachines = {
    thread: ticketThreadMachine,
    composer: ticketComposerMachine,
    chat: chatHelpMachine.provide({
      actors: {
        reply: fromPromise(async ({ input }) => (failWith ? Promise.reject(failWith) : answer(input.message))),
        respond: fromPromise(respond),
      },
    }),
    now: () => '2026-11-23T12:00:00.000Z',
  };
  return { machines, respond };
}

describe('the chat-help widget (accounts §1)', () => {
  it('answers "when is my next visit?", and when it cannot help opens a ticket with the conversation attached', async () => {
    const { machines, respond } = fakeBot();
    renderApp('/dashboard', { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    const launcher = await screen.findByRole('button', { name: 'Chat with our assistant' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(launcher);
    const panel = await screen.findByRole('region', { name: 'Ask our assistant' });
    const field = within(panel).getByLabelText('Your message');
    await waitFor(() => expect(document.activeElement).toBe(field));

    fireEvent.change(field, { target: { value: 'When is my next visit?' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send message' }));
    expect(await within(panel).findByText('Your next visit is Lawn care on Tue, Nov 24, 9:00 AM.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Yes, open a ticket' })).toBeNull();

    fireEvent.change(field, { target: { value: 'My gate code changed' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send message' }));
    const yes = await within(panel).findByRole('button', { name: 'Yes, open a ticket' });
    fireEvent.click(yes);
    const link = await within(panel).findByRole('link', { name: 'Go to your ticket' });
    expect(link.getAttribute('href')).toBe(`/help-desk/ticket/${TICKET}`);
    expect(respond).toHaveBeenCalledWith(expect.objectContaining({ input: { taskId: 't1', prompt: 'yes' } }));

    // Escape closes the panel and gives focus back to the launcher.
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Ask our assistant' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat with our assistant' }));
  });

  it("shows the error text the bot adapter gives (the nested error, or the unknown-error message)", async () => {
    const { machines } = fakeBot({ _tag: 'ApiError', status: 0, code: 'bot_unknown_error', message: 'An unknown error occurred. Please try again.' });
    renderApp('/dashboard', { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat with our assistant' }));
    const panel = await screen.findByRole('region', { name: 'Ask our assistant' });
    fireEvent.change(within(panel).getByLabelText('Your message'), { target: { value: 'Hello' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send message' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('An unknown error occurred. Please try again.');
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeBot();
    renderApp('/dashboard', { storedToken: 'token-1', user: { ...multiUserInSpanish, accounts: customer.accounts } }, { helpDesk: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Chatea con nuestro asistente' }));
    expect(await screen.findByRole('region', { name: 'Pregunta a nuestro asistente' })).toBeTruthy();
  });

  it('is not offered to super', async () => {
    const { machines } = fakeBot();
    renderApp('/admin/help-desk', { storedToken: 'token-1', user: superUser }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chat with our assistant' })).toBeNull();
  });
});
