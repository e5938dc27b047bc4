import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TicketDrafts } from '../../src/core/model/storage';
import { composerActors, threadActors } from '../../src/machines/features/tickets-actors';
import { selectDraft, selectDraftStatus, selectFileErrorText, ticketComposerMachine, type ComposerInput, type RestoredDraft } from '../../src/machines/features/ticket-composer.machine';
import { selectNewTicketCount, selectTicketsMode, ticketsMachine, type TicketLists } from '../../src/machines/features/tickets.machine';
import type { TicketViewer } from '../../src/core/rules/tickets';
import { NetworkError } from '../../src/core/ports/errors';
import { answeredTicket, closedTicket, CUSTOMER_ACCOUNT, openTicket, pdf } from './models/tickets.fixtures';

describe('help desk list chart', () => {
  it('counts, for a customer, the open tickets whose last comment came from someone else', async () => {
    const machine = ticketsMachine.provide({
      actors: { loadTickets: fromPromise<TicketLists, { readonly viewer: TicketViewer }>(async () => ({ active: [openTicket, { ...answeredTicket, _id: 'x' as never }], past: [closedTicket], counts: { all: 3, past: 1, active: 2 } })) },
    });
    const actor = createActor(machine, { input: { viewer: { role: 'customer', accountId: CUSTOMER_ACCOUNT } } }).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(selectNewTicketCount(actor.getSnapshot())).toBe(1);
    expect(selectTicketsMode(actor.getSnapshot())).toBe('ready');
  });
});

describe('ticket composer', () => {
  it('refuses a pdf before any upload, with the rule\'s message', async () => {
    const actor = createActor(ticketComposerMachine.provide({ actors: { restoreDraft: fromPromise<RestoredDraft, ComposerInput>(async () => ({ draft: {}, savedOn: 'none' as const, choices: { appointments: [], subscriptions: [] } })) } }), {
      input: { mode: 'ticket', draftKey: 'u:new' },
    }).start();
    await waitFor(actor, (s) => s.matches('composing'));
    actor.send({ type: 'composer.attach', key: 'f', file: pdf, preview: 'blob:x' });
    expect(selectFileErrorText(actor.getSnapshot())).toBe('Only JPG or PNG images can be attached.');
    expect(actor.getSnapshot().hasTag('uploading')).toBe(false);
  });

  it('keeps the text on the device when the network is down, and brings it back in a new composer', async () => {
    let stored: TicketDrafts | undefined;
    const offline = Effect.fail(new NetworkError({}));
    const ports = {
      api: {
        tickets: { create: () => offline, updateById: () => offline, get: () => offline },
        appointments: { list: () => offline },
        subscriptions: { list: () => offline },
        media: {},
      } as never,
      live: { subscribe: () => () => {} },
      storage: {
        get: () => Effect.succeed(stored),
        set: (_: string, value: TicketDrafts) => Effect.sync(() => void (stored = value)),
      } as never,
      clock: { now: () => new Date('2026-11-22T10:00:00.000Z') },
    };
    const machine = ticketComposerMachine.provide({ actors: composerActors(ports), delays: { debounce: 1 } });
    const first = createActor(machine, { input: { mode: 'ticket', draftKey: 'u:new', defaults: { type: 'general' } } }).start();
    await waitFor(first, (s) => s.matches('composing'));
    first.send({ type: 'composer.change', values: { subject: 'Gate', comment: 'The gate was left open' } });
    await waitFor(first, (s) => selectDraftStatus(s) === 'device');
    first.stop();

    const again = createActor(machine, { input: { mode: 'ticket', draftKey: 'u:new', defaults: { type: 'general' } } }).start();
    await waitFor(again, (s) => s.matches('composing'));
    expect(selectDraft(again.getSnapshot())).toMatchObject({ subject: 'Gate', comment: 'The gate was left open', saved: false });
    expect(selectDraftStatus(again.getSnapshot())).toBe('device');
  });
});

describe('ticket thread actors: the comments\' files', () => {
  it('reads each file once (record, then its bytes as an address); a file the viewer may not read has no address', async () => {
    const withFiles = { ...openTicket, comments: [{ ...openTicket.comments[0]!, media: ['m1', 'm2'] as never }] };
    const reads: string[] = [];
    const api = {
      tickets: { get: () => Effect.succeed(withFiles), responses: () => Effect.succeed([]) },
      media: {
        getOne: (id: string) =>
          id === 'm1'
            ? Effect.succeed({ _id: 'm1', key: 'ticket/a/b/m1.png', file: { type: 'image/png', name: 'lawn.png', size: 10 } })
            : Effect.fail({ _tag: 'ApiError', status: 404, message: 'Media not found' }),
        fileAddress: (key: string) => Effect.sync(() => (reads.push(key), `blob:${key}`)),
      },
    } as never;
    const load = threadActors({ api, live: { subscribe: () => () => {} }, storage: {} as never, clock: { now: () => new Date() } }).loadThread;
    const first = createActor(load, { input: { ticketId: openTicket._id, role: 'customer', known: {} } }).start();
    const done = await waitFor(first, (s) => s.status === 'done');
    expect(done.output?.attachments).toEqual({
      m1: { id: 'm1', name: 'lawn.png', type: 'image/png', src: 'blob:ticket/a/b/m1.png' },
      m2: { id: 'm2', name: '', type: '', src: null },
    });
    const again = createActor(load, { input: { ticketId: openTicket._id, role: 'customer', known: done.output!.attachments! } }).start();
    await waitFor(again, (s) => s.status === 'done');
    expect(reads).toEqual(['ticket/a/b/m1.png']);
  });
});

describe('comment drafts', () => {
  it('go to the server as they are typed, and come back from it on another device', async () => {
    let onServer = { ticket_id: openTicket._id, comment: '', media: [] as never[], updated: null as string | null };
    const saves: string[] = [];
    const api = {
      tickets: {
        getCommentDraft: () => Effect.succeed(onServer),
        saveCommentDraft: (_: string, input: { comment: string }) =>
          Effect.sync(() => (saves.push(input.comment), (onServer = { ...onServer, comment: input.comment, updated: '2026-11-22T10:00:00.000Z' }))),
      },
      appointments: {},
      subscriptions: {},
      media: {},
    } as never;
    const deviceOf = () => {
      let stored: TicketDrafts | undefined;
      return { get: () => Effect.succeed(stored), set: (_: string, value: TicketDrafts) => Effect.sync(() => void (stored = value)) } as never;
    };
    const ports = (storage: never) => ({ api, live: { subscribe: () => () => {} }, storage, clock: { now: () => new Date('2026-11-22T10:00:00.000Z') } });
    const input = { mode: 'comment' as const, draftKey: `u:comment:${openTicket._id}`, ticketId: openTicket._id };

    const first = createActor(ticketComposerMachine.provide({ actors: composerActors(ports(deviceOf())), delays: { debounce: 1 } }), { input }).start();
    await waitFor(first, (s) => s.matches('composing'));
    first.send({ type: 'composer.change', values: { comment: 'Half a thought' } });
    await waitFor(first, (s) => selectDraftStatus(s) === 'server');
    expect(saves).toEqual(['Half a thought']);
    first.stop();

    // Another browser (empty storage) gets the comment back from the server.
    const other = createActor(ticketComposerMachine.provide({ actors: composerActors(ports(deviceOf())) }), { input }).start();
    await waitFor(other, (s) => s.matches('composing'));
    expect(selectDraft(other.getSnapshot()).comment).toBe('Half a thought');
  });
});
