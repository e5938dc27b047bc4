import { Effect } from 'effect';
import { fromCallback, fromPromise } from 'xstate';
import type { AppointmentId, SubscriptionId, TicketId } from '../../core/model/ids';
import type { TicketDraftData, TicketDrafts } from '../../core/model/storage';
import { TicketPriorities, TicketTypes, type Ticket, type TicketPriority, type TicketType } from '../../core/model/ticket';
import type { Api } from '../../core/ports/api/registry';
import type { UploadFile } from '../../core/ports/api/media';
import type { ClockPort } from '../../core/ports/clock';
import type { LivePort } from '../../core/ports/live';
import { liveUpdatesFrom } from '../live-updates';
import type { StoragePort } from '../../core/ports/storage';
import { isTicketStaff } from '../../core/rules/tickets';
import { failureOf } from '../flows/auth-flow-support';
import { chatHelpMachineFrom } from './chat-help-actors';
import {
  ticketComposerMachine,
  type ComposerEvent,
  type ComposerInput,
  type RestoredDraft,
  type SaveDraftInput,
  type SendInput,
  type TicketChoices,
} from './ticket-composer.machine';
import {
  ticketThreadMachine,
  type ThreadAttachment,
  type ThreadAttachments,
  type ThreadChange,
  type ThreadLoad,
  type ThreadLoadInput,
} from './ticket-thread.machine';
import { runToEnd as run } from '../run-effect';

/**
 * The real actors of the per-screen help-desk charts (thread and composer), built from ports. The
 * composition root hands `ticketsMachines(ports)` to the UI (src/ui/shared/Tickets.tsx); each screen
 * creates its own chart from them.
 */
export interface TicketScreensPorts {
  readonly api: Pick<Api, 'tickets' | 'media' | 'appointments' | 'subscriptions' | 'bot' | 'search'>;
  readonly live: Pick<LivePort, 'subscribe'>;
  readonly storage: Pick<StoragePort, 'get' | 'set'>;
  readonly clock: ClockPort;
}

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && (list as readonly string[]).includes(value) ? (value as T) : undefined;
const present = (text: string | undefined): string | undefined => (text && text.trim() !== '' ? text : undefined);

/** The comments' files not read yet: each one's record, then its bytes as an address; unreadable ones get none. */
const readAttachments = (api: TicketScreensPorts['api'], ticket: Ticket, known: ThreadAttachments): Effect.Effect<ThreadAttachments> => {
  const ids = [...new Set((ticket.comments ?? []).flatMap((c) => c.media ?? []))].filter((id) => !known[id]?.src);
  return Effect.forEach(
    ids,
    (id) =>
      api.media.getOne(id).pipe(
        Effect.flatMap((media) =>
          api.media.fileAddress(media.key).pipe(
            Effect.map((src): ThreadAttachment => ({ id, name: media.file.name, type: media.file.type, src })),
            Effect.catch(() => Effect.succeed<ThreadAttachment>({ id, name: media.file.name, type: media.file.type, src: null })),
          ),
        ),
        Effect.catch(() => Effect.succeed<ThreadAttachment>({ id, name: '', type: '', src: null })),
      ),
    { concurrency: 3 },
  ).pipe(Effect.map((list) => Object.fromEntries(list.map((a) => [a.id, a]))));
};

export const threadActors = ({ api, live }: TicketScreensPorts) => ({
  loadThread: fromPromise(({ input, signal }: { input: ThreadLoadInput; signal: AbortSignal }) =>
    run(
      Effect.all(
        {
          ticket: api.tickets.get(input.ticketId as TicketId),
          responses: isTicketStaff(input.role)
            ? api.tickets.responses().pipe(
                Effect.map((list): ThreadLoad['responses'] => list),
                Effect.catch(() => Effect.succeed(null)),
              )
            : Effect.succeed([] as ThreadLoad['responses']),
        },
        { concurrency: 2 },
      ).pipe(
        Effect.flatMap((load) => readAttachments(api, load.ticket, input.known).pipe(Effect.map((attachments): ThreadLoad => ({ ...load, attachments })))),
      ),
      signal,
    ),
  ),
  changeTicket: fromPromise(({ input, signal }: { input: { readonly ticketId: TicketId; readonly change: ThreadChange }; signal: AbortSignal }) =>
    run(
      input.change.kind === 'close'
        ? api.tickets.update({ ticket_id: input.ticketId, status: 'closed' })
        : api.tickets.updateById(input.ticketId, { priority: input.change.priority }),
      signal,
    ),
  ),
  liveUpdates: liveUpdatesFrom(live),
});

/** A ticket as the composer's draft (a server draft being resumed). */
const draftOfTicket = (ticket: Ticket): TicketDraftData => ({
  subject: ticket.subject,
  comment: ticket.comments[0]?.comment,
  type: ticket.type,
  priority: ticket.priority,
  appointment_id: ticket.appointment_id ?? undefined,
  subscription_id: ticket.subscription_id ?? undefined,
  ticket_id: ticket._id,
  saved: true,
  updated: ticket.updated,
});

export const composerActors = ({ api, storage, clock }: TicketScreensPorts) => {
  const readDrafts = Effect.suspend(() => storage.get('ticket_drafts')).pipe(Effect.map((d): TicketDrafts => d ?? {}));
  const writeDraft = (key: string, draft: TicketDraftData | undefined) =>
    readDrafts.pipe(
      Effect.flatMap((drafts) => {
        const next: Record<string, TicketDraftData> = { ...drafts };
        if (draft) next[key] = draft;
        else delete next[key];
        return storage.set('ticket_drafts', next);
      }),
    );
  const choices = (mode: ComposerInput['mode']): Effect.Effect<TicketChoices> =>
    mode === 'comment'
      ? Effect.succeed({ appointments: [], subscriptions: [] })
      : Effect.all(
          {
            appointments: api.appointments.list({ order: 'desc' }).pipe(Effect.catch(() => Effect.succeed([]))),
            subscriptions: api.subscriptions.list({}).pipe(Effect.catch(() => Effect.succeed([]))),
          },
          { concurrency: 2 },
        ).pipe(
          Effect.map(({ appointments, subscriptions }) => ({
            appointments: appointments.map((a) => ({ id: a._id, label: a.service_data.name, when: a.start_time, timeZone: a.time_zone })),
            subscriptions: subscriptions.map((s) => ({ id: s._id, label: `${s.service_data.name} · ${s.frequency}` })),
          })),
        );

  /** The fields of a new ticket, from a draft (unknown type or priority fall back to general / normal). */
  const ticketFields = (draft: TicketDraftData) => {
    const type: TicketType = oneOf(TicketTypes, draft.type) ?? 'general';
    const priority: TicketPriority = oneOf(TicketPriorities, draft.priority) ?? 'normal';
    return {
      subject: draft.subject ?? '',
      comment: draft.comment ?? '',
      type,
      priority,
      ...(type === 'appointment' && draft.appointment_id ? { appointment_id: draft.appointment_id as AppointmentId } : {}),
      ...(type === 'subscription' && draft.subscription_id ? { subscription_id: draft.subscription_id as SubscriptionId } : {}),
    };
  };

  return {
    restoreDraft: fromPromise(({ input, signal }: { input: ComposerInput; signal: AbortSignal }) =>
      run(
        Effect.all({
          local: readDrafts.pipe(Effect.map((d) => d[input.draftKey])),
          server:
            input.mode === 'ticket' && input.ticketId
              ? api.tickets.get(input.ticketId).pipe(
                  Effect.map((t): TicketDraftData | undefined => (t.status === 'draft' ? draftOfTicket(t) : undefined)),
                  Effect.catch(() => Effect.succeed(undefined)),
                )
              : input.mode === 'comment' && input.ticketId
                ? api.tickets.getCommentDraft(input.ticketId).pipe(
                    Effect.map((d): TicketDraftData | undefined =>
                      d.comment.trim() !== '' ? { comment: d.comment, saved: true, ...(d.updated ? { updated: d.updated } : {}) } : undefined,
                    ),
                    Effect.catch(() => Effect.succeed(undefined)),
                  )
                : Effect.succeed(undefined),
          choices: choices(input.mode),
        }).pipe(
          Effect.map(({ local, server, choices }): RestoredDraft => {
            const defaults: TicketDraftData = { ...input.defaults, ...(input.ticketId && input.mode === 'ticket' ? { ticket_id: input.ticketId } : {}) };
            // The device copy wins when the server never got it (typed offline), or when it is newer.
            if (local && (!server || local.saved === false || (local.updated ?? '') > (server.updated ?? '')))
              return { draft: { ...defaults, ...local }, savedOn: local.saved ? 'server' : 'device', choices };
            if (server) return { draft: { ...defaults, ...server }, savedOn: 'server', choices };
            return { draft: defaults, savedOn: 'none', choices };
          }),
        ),
        signal,
      ),
    ),
    saveDraft: fromPromise(({ input, signal }: { input: SaveDraftInput; signal: AbortSignal }) => {
      const updated = clock.now().toISOString();
      const onDevice = { ...input.draft, saved: false, updated };
      const commentToServer: Effect.Effect<TicketDraftData | undefined> = input.ticketId
        ? api.tickets.saveCommentDraft(input.ticketId, { comment: input.draft.comment ?? '' }).pipe(
            Effect.map((): TicketDraftData | undefined => ({ ...onDevice, saved: true })),
            Effect.catch(() => Effect.succeed(undefined)),
          )
        : Effect.succeed(undefined);
      const toServer: Effect.Effect<TicketDraftData | undefined> =
        input.mode === 'comment'
          ? commentToServer
          : !present(input.draft.subject) || !present(input.draft.comment)
          ? Effect.succeed(undefined)
          : (input.draft.ticket_id
              ? api.tickets.updateById(input.draft.ticket_id as TicketId, ticketFields(input.draft))
              : api.tickets.create({ ...ticketFields(input.draft), status: 'draft' })
            ).pipe(
              Effect.map((t): TicketDraftData | undefined => ({ ...onDevice, ticket_id: t._id, saved: true })),
              Effect.catch(() => Effect.succeed(undefined)),
            );
      return run(
        writeDraft(input.draftKey, onDevice).pipe(
          Effect.andThen(toServer),
          Effect.flatMap(
            (saved): Effect.Effect<{ readonly draft: TicketDraftData; readonly savedOn: 'device' | 'server' }> =>
              saved
                ? writeDraft(input.draftKey, saved).pipe(Effect.as({ draft: saved, savedOn: 'server' as const }))
                : Effect.succeed({ draft: onDevice, savedOn: 'device' as const }),
          ),
        ),
        signal,
      );
    }),
    send: fromPromise(({ input, signal }: { input: SendInput; signal: AbortSignal }) => {
      const media = [...input.media];
      const withMedia = media.length > 0 ? { media } : {};
      const sent =
        input.mode === 'comment'
          ? api.tickets.comment({ ticket_id: input.ticketId as TicketId, comment: input.draft.comment ?? '', ...withMedia })
          : input.draft.ticket_id
            ? api.tickets.updateById(input.draft.ticket_id as TicketId, { ...ticketFields(input.draft), status: 'open' })
            : api.tickets.create({
                ...ticketFields(input.draft),
                status: 'open',
                ...withMedia,
                ...(input.draft.account_id ? { account_id: input.draft.account_id as never } : {}),
              });
      return run(sent.pipe(Effect.tap(() => writeDraft(input.draftKey, undefined))), signal);
    }),
    searchAccounts: fromPromise(({ input, signal }: { input: { readonly text: string }; signal: AbortSignal }) => run(api.search.accounts({ text: input.text }), signal)),
    upload: fromCallback<ComposerEvent, { readonly file: UploadFile; readonly ticketId: TicketId | undefined }>(({ input, sendBack }) => {
      const controller = new AbortController();
      const { body: _bytes, ...described } = input.file;
      const flow = api.media
        .getUploadUrl({ data: { purpose: 'ticket', ...(input.ticketId ? { ticket_id: input.ticketId } : {}) }, file: described })
        .pipe(Effect.flatMap((ticket) => api.media.upload(ticket, input.file, (fraction) => sendBack({ type: 'upload.progress', fraction }))));
      Effect.runPromise(flow, { signal: controller.signal }).then(
        (media) => sendBack({ type: 'upload.done', media }),
        (error: unknown) => {
          if (!controller.signal.aborted) sendBack({ type: 'upload.failed', message: failureOf(error).message });
        },
      );
      return () => controller.abort();
    }),
  };
};

export const ticketsMachines = (ports: TicketScreensPorts) => ({
  thread: ticketThreadMachine.provide({ actors: threadActors(ports) }),
  composer: ticketComposerMachine.provide({ actors: composerActors(ports) }),
  chat: chatHelpMachineFrom(ports),
  now: () => ports.clock.now().toISOString(),
});
export type TicketsMachines = ReturnType<typeof ticketsMachines>;
