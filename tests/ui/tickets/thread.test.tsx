import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { Ticket } from '../../../src/core/model/ticket';
import { ticketComposerMachine, type ComposerEvent, type RestoredDraft, type SendInput } from '../../../src/machines/features/ticket-composer.machine';
import { ticketThreadMachine, type ThreadLoad } from '../../../src/machines/features/ticket-thread.machine';
import { chatHelpMachine } from '../../../src/machines/features/chat-help.machine';
import type { TicketsMachines } from '../../../src/ui/shared/Tickets';
import { closedTicket, media, openTicket } from '../../machines/models/tickets.fixtures';
import type { MediaId, TicketId } from '../../../src/core/model/ids';
import type { UploadFile } from '../../../src/core/ports/api/media';
import { customerAccount, multiUser, superUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const customer = {
  ...multiUser,
  accounts: [{ id: customerAccount._id, type: 'customer' as const }],
  account: { ...customerAccount, settings: { language_preference: 'en' as const } },
};

/** Help-desk charts over fakes: the server holds `ticket`; a sent comment is added to it. */
function fakeHelpDesk(start: Ticket, restored: Partial<RestoredDraft['draft']> = {}, responses: ThreadLoad['responses'] = []) {
  let ticket = start;
  // The stored draft, forgotten once sent (as the real send does).
  let stored = restored;
  const send = vi.fn(async (input: SendInput): Promise<Ticket> => {
    stored = {};
    ticket = { ...ticket, comments: [...ticket.comments, { sender_id: customerAccount._id, sender_account_type: 'customer', sender_name: 'Casey', comment: input.draft.comment ?? '', created: '2026-11-23T12:00:00.000Z' }] };
    return ticket;
  });
  const close = vi.fn(async (): Promise<Ticket> => (ticket = { ...ticket, status: 'closed', closed_at: '2026-11-23T12:00:00.000Z' }));
  const machines: TicketsMachines = {
    thread: ticketThreadMachine.provide({
      actors: {
        loadThread: fromPromise(async (): Promise<ThreadLoad> => ({ ticket, responses })),
        changeTicket: fromPromise(close),
        liveUpdates: fromCallback(() => () => {}),
      },
    }),
    composer: ticketComposerMachine.provide({
      actors: {
        restoreDraft: fromPromise(async (): Promise<RestoredDraft> => ({ draft: stored, savedOn: stored.comment ? 'device' : 'none', choices: { appointments: [], subscriptions: [] } })),
        saveDraft: fromPromise(async ({ input }) => ({ draft: input.draft, savedOn: 'device' as const })),
        send: fromPromise(({ input }) => send(input)),
      },
    }),
    chat: chatHelpMachine,
    now: () => '2026-11-23T12:00:00.000Z',
  };
  return { machines, send, close };
}

describe('a ticket thread', () => {
  it('shows the ticket and its comments; a sent comment appears in the thread; close is offered on an open ticket', async () => {
    const { machines, send, close } = fakeHelpDesk(openTicket, { comment: 'Half-written' });
    renderApp(`/help-desk/ticket/${openTicket._id}`, { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate left open' })).toBeTruthy();
    expect(await screen.findByText('The gate was left open.')).toBeTruthy();
    expect(screen.getByText(/#1001/)).toBeTruthy();

    // The draft typed before comes back.
    const box = (await screen.findByLabelText('Your comment')) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('Half-written'));
    fireEvent.change(box, { target: { value: 'Thanks, it is closed now.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thanks, it is closed now.', { selector: 'p' })).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);
    // A fresh, empty comment box for the next one.
    await waitFor(() => expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe(''));

    const closeButton = screen.getByRole('button', { name: 'Close ticket' }) as HTMLButtonElement;
    expect(closeButton.disabled).toBe(false);
    fireEvent.click(closeButton);
    await waitFor(() => expect(screen.getByText('Closed')).toBeTruthy());
    expect(close).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Close ticket' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Your comment')).toBeNull();
  });

  it('a closed ticket cannot be closed again and takes no comment', async () => {
    const { machines } = fakeHelpDesk(closedTicket);
    renderApp(`/help-desk/ticket/${closedTicket._id}`, { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate left open' })).toBeTruthy();
    expect((await screen.findByRole('button', { name: 'Close ticket' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('This ticket is closed; it takes no more comments.')).toBeTruthy();
  });

  it("says 'The received ticket id is invalid or does not exist' for an unknown ticket", async () => {
    const machines: TicketsMachines = {
      ...fakeHelpDesk(openTicket).machines,
      thread: ticketThreadMachine.provide({
        actors: {
          loadThread: fromPromise(async (): Promise<ThreadLoad> => Promise.reject({ status: 404, code: 'not_found', message: 'Ticket not found' })),
          liveUpdates: fromCallback(() => () => {}),
        },
      }),
    };
    renderApp('/help-desk/ticket/nope', { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain('The received ticket id is invalid or does not exist');
  });

  it('support sees the priority and picks a saved response into the comment box', async () => {
    const saved = [{ _id: 'r1', title: 'Crew told', body: 'We have told the crew; it will not happen again.' }];
    const { machines } = fakeHelpDesk(openTicket, {}, saved);
    renderApp(`/admin/help-desk/ticket/${openTicket._id}`, { storedToken: 'token-1', user: superUser }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate left open' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Priority' })).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Saved responses' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Crew told' }));
    await waitFor(() => expect((screen.getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('We have told the crew; it will not happen again.'));
  });

  it('the customer is offered no priority change', async () => {
    const { machines } = fakeHelpDesk(openTicket);
    renderApp(`/help-desk/ticket/${openTicket._id}`, { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate left open' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Priority' })).toBeNull();
  });

  it('shows the comments\' images as thumbnails that open full size; a comment takes a JPG/PNG and refuses others before upload', async () => {
    const withPhoto: Ticket = {
      ...openTicket,
      comments: [{ ...openTicket.comments[0]!, media: [media._id, 'm00000000000000000000009' as MediaId] }],
    };
    const attachments = {
      [media._id]: { id: media._id, name: 'gate.jpg', type: 'image/jpeg', src: 'blob:gate' },
      m00000000000000000000009: { id: 'm00000000000000000000009', name: 'secret.png', type: 'image/png', src: null },
    };
    const uploads: string[] = [];
    const base = fakeHelpDesk(withPhoto);
    const machines: TicketsMachines = {
      ...base.machines,
      thread: ticketThreadMachine.provide({
        actors: {
          loadThread: fromPromise(async (): Promise<ThreadLoad> => ({ ticket: withPhoto, responses: [], attachments })),
          liveUpdates: fromCallback(() => () => {}),
        },
      }),
      composer: base.machines.composer.provide({
        actors: {
          // Holds the upload at 40 % so the progress bar can be read.
          upload: fromCallback<ComposerEvent, { readonly file: UploadFile; readonly ticketId: TicketId | undefined }>(({ input, sendBack }) => {
            uploads.push(input.file.name);
            sendBack({ type: 'upload.progress', fraction: 0.4 });
            return () => {};
          }),
        },
      }),
    };
    renderApp(`/help-desk/ticket/${openTicket._id}`, { storedToken: 'token-1', user: customer }, { helpDesk: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate left open' })).toBeTruthy();

    const thumb = await screen.findByRole('button', { name: 'Open gate.jpg full size' });
    expect((screen.getByRole('img', { name: 'gate.jpg' }) as HTMLImageElement).src).toBe('blob:gate');
    expect(screen.getByText('secret.png (not available)')).toBeTruthy();
    fireEvent.click(thumb);
    const dialog = await screen.findByRole('dialog', { name: 'gate.jpg' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('blob:gate');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const field = screen.getByLabelText('Attach images (JPG or PNG, under 500 KB)');
    fireEvent.change(field, { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Only JPG or PNG images can be attached.');
    fireEvent.change(field, { target: { files: [new File([new Uint8Array(600_000)], 'huge.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Each attached image must be under 500 KB.'));
    expect(uploads).toEqual([]);

    fireEvent.change(field, { target: { files: [new File([new Uint8Array(1000)], 'lawn.png', { type: 'image/png' })] } });
    const bar = (await screen.findByRole('progressbar', { name: 'Uploading lawn.png' })) as HTMLProgressElement;
    await waitFor(() => expect(bar.value).toBe(0.4));
    expect(screen.getByText('40% uploaded')).toBeTruthy();
    expect(uploads).toEqual(['lawn.png']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove lawn.png' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
