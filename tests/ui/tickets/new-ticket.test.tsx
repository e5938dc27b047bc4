import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { Ticket } from '../../../src/core/model/ticket';
import { ticketComposerMachine, type RestoredDraft, type SendInput } from '../../../src/machines/features/ticket-composer.machine';
import { ticketThreadMachine, type ThreadLoad } from '../../../src/machines/features/ticket-thread.machine';
import { chatHelpMachine } from '../../../src/machines/features/chat-help.machine';
import type { TicketsMachines } from '../../../src/ui/shared/Tickets';
import { openTicket } from '../../machines/models/tickets.fixtures';
import { customerAccount, multiUser, superUser } from '../../machines/models/session.fixtures';
import type { AccountId } from '../../../src/core/model/ids';
import type { AccountMatch } from '../../../src/core/model/search';

const VENDOR = 'a00000000000000000000001' as AccountId;
import { renderApp } from '../session/harness';

const customer = {
  ...multiUser,
  accounts: [{ id: customerAccount._id, type: 'customer' as const }],
  account: { ...customerAccount, settings: { language_preference: 'en' as const } },
};

function fakeHelpDesk(restored: RestoredDraft['draft'], choices: RestoredDraft['choices'] = { appointments: [], subscriptions: [] }) {
  const upload = vi.fn();
  const searched: string[] = [];
  const send = vi.fn(async (input: SendInput): Promise<Ticket> => ({ ...openTicket, subject: input.draft.subject ?? '' }));
  const machines: TicketsMachines = {
    thread: ticketThreadMachine.provide({
      actors: { loadThread: fromPromise(async (): Promise<ThreadLoad> => ({ ticket: openTicket, responses: [] })), liveUpdates: fromCallback(() => () => {}) },
    }),
    composer: ticketComposerMachine.provide({
      actors: {
        restoreDraft: fromPromise(async (): Promise<RestoredDraft> => ({ draft: restored, savedOn: 'server', choices })),
        saveDraft: fromPromise(async ({ input }) => ({ draft: input.draft, savedOn: 'device' as const })),
        send: fromPromise(({ input }) => send(input)),
        searchAccounts: fromPromise(async ({ input }: { input: { readonly text: string } }): Promise<readonly AccountMatch[]> => {
          searched.push(input.text);
          return [{ _id: VENDOR, type: 'vendor' as const, name: 'Vera Vendor', primary_email: 'vendor@tendwell.test' }];
        }),
        upload: fromCallback(({ input }) => {
          upload(input);
          return () => {};
        }),
      },
    }),
    chat: chatHelpMachine,
    now: () => '2026-11-23T12:00:00.000Z',
  };
  return { machines, send, upload, searched };
}

describe('a new ticket', () => {
  it('comes back as it was typed, and once sent opens its thread', async () => {
    const { machines, send } = fakeHelpDesk({ type: 'general', priority: 'high', subject: 'Gate left open', comment: 'The gate was left open.' });
    const app = renderApp('/help-desk/ticket/new', { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'New ticket' })).toBeTruthy();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Gate left open');
    expect((screen.getByLabelText('Describe your request') as HTMLTextAreaElement).value).toBe('The gate was left open.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(app.current()).toBe(`/help-desk/ticket/${openTicket._id}`));
    expect(send.mock.calls[0]?.[0].draft.priority).toBe('high');
    expect(await screen.findByText('The gate was left open.')).toBeTruthy();
  });

  it("names the customer's visits in their address's zone: a browser in UTC sees the Chicago visit at 9:00 AM CST", async () => {
    // The test browser's zone is UTC: 15:00Z is 9:00 AM in Chicago (CST) on November 23.
    const visit = { id: 'd00000000000000000000001', label: 'Lawn mowing', when: '2026-11-23T15:00:00.000Z', timeZone: 'America/Chicago' };
    const { machines } = fakeHelpDesk({ type: 'appointment', priority: 'normal', appointment_id: visit.id }, { appointments: [visit], subscriptions: [] });
    renderApp('/help-desk/ticket/new', { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    // The chosen visit and its option in the list.
    expect((await screen.findAllByText('Lawn mowing · Mon, Nov 23, 2026, 9:00 AM CST')).length).toBeGreaterThan(0);
  });

  it('refuses a file that is not a JPG or PNG before any upload, and cannot send without a subject', async () => {
    const { machines, upload } = fakeHelpDesk({ type: 'general', priority: 'normal' });
    renderApp('/help-desk/ticket/new', { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    const input = (await screen.findByLabelText('Attach images (JPG or PNG, under 500 KB)')) as HTMLInputElement;
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Only JPG or PNG images can be attached.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('support opens a ticket on behalf of an account it finds by name or e-mail', async () => {
    const { machines, send, searched } = fakeHelpDesk({ type: 'general', priority: 'normal', subject: 'Insurance', comment: 'Please renew your insurance.' });
    renderApp('/admin/help-desk/new', { storedToken: 'token-1', user: superUser }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'New ticket' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'For which account' })).toBeTruthy();
    // Without an account support cannot send.
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Search accounts', { exact: false }), { target: { value: 've' } });
    fireEvent.change(screen.getByLabelText('Search accounts', { exact: false }), { target: { value: 'vera' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Vera Vendor · Vendor · vendor@tendwell.test' }));
    expect(await screen.findByText('For: Vera Vendor (Vendor)')).toBeTruthy();
    expect(searched).toEqual(['vera']);
    const sendButton = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    await waitFor(() => expect(sendButton.disabled).toBe(false));
    fireEvent.click(sendButton);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0].draft.account_id).toBe(VENDOR);
  });

  it('the customer is not offered the account picker', async () => {
    const { machines } = fakeHelpDesk({ type: 'general', priority: 'normal' });
    renderApp('/help-desk/ticket/new', { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'New ticket' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'For which account' })).toBeNull();
  });
});
