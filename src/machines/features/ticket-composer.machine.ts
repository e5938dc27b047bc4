import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { MediaId, TicketId } from '../../core/model/ids';
import type { Media } from '../../core/model/media';
import type { AccountMatch } from '../../core/model/search';
import type { TicketDraftData } from '../../core/model/storage';
import type { Ticket } from '../../core/model/ticket';
import type { UploadFile } from '../../core/ports/api/media';
import { messageFor } from '../../core/rules/messages';
import { shouldSearch } from '../../core/rules/search';
import { specRule } from '../../core/rules/spec-rule';
import { attachmentRefusal, draftHasContent, ticketSendable } from '../../core/rules/tickets';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * What a person types into a new ticket or a comment (issue 10, "drafts that never lose a word"). Created by
 * the screen that shows the form (new ticket, draft, thread), with the draft key as input.
 *
 * - `restoring` reads the draft back: from browser storage (through the storage port) and, for a server
 *   draft, from the server — the newer wins. A reload, a closed tab, a lost connection or an expired session
 *   all come back here.
 * - `editing`: each `composer.change` waits for a pause in typing (`debounce`, tag `unsaved`), then `saving`
 *   writes the draft: to browser storage always, and to the server (a new ticket: a draft ticket through
 *   POST tickets / PUT tickets/{id}). When the network is down the copy on the device is the draft
 *   (`savedOn: 'device'`) and the next change tries the server again.
 * - `composer.send` (guard `sendable`: subject and text, and the appointment or subscription the type names;
 *   a comment needs text) sends it — the draft becomes a ticket (or a comment) only now — and forgets the
 *   stored draft; the chart ends (`sent`, emitting `sent {ticket}`).
 * - Files (parallel region `files`): `composer.attach {file}` takes a jpg or png under 500 KB (core rule
 *   `attachmentRefusal`), anything else is refused before any upload with the rule's message; the upload
 *   reports its progress; `composer.removeFile {key}` drops an attached file before sending.
 * - Support opening a ticket on behalf of an account (input `onBehalf`, parallel region `account`):
 *   `composer.findAccount {text}` searches accounts (accounts/search, 3+ characters) after a short pause; the
 *   view picks one with `composer.change {account_id, account_name}`, and the ticket is sendable only then.
 */

export type ComposerMode = 'ticket' | 'comment';

export interface ComposerInput {
  readonly mode: ComposerMode;
  /** Where the draft is kept in browser storage (`<user id>:new`, `<user id>:comment:<ticket id>`, …). */
  readonly draftKey: string;
  /** The ticket a comment belongs to, or the server draft a new ticket resumes. */
  readonly ticketId?: TicketId | undefined;
  /** The values a new form starts with (type, priority). */
  readonly defaults?: Partial<TicketDraftData> | undefined;
  /** Support opens the ticket on behalf of an account it picks (bookings §2). */
  readonly onBehalf?: boolean | undefined;
}

export interface ComposerFile {
  /** A local key (the view's id for the file). */
  readonly key: string;
  readonly name: string;
  readonly size: number;
  /** An address the view can show the picture at (an object URL, or the server's address once uploaded). */
  readonly preview: string;
  readonly progress: number;
  readonly media?: Media | undefined;
}

export interface ComposerContext {
  readonly mode: ComposerMode;
  readonly draftKey: string;
  readonly ticketId: TicketId | undefined;
  readonly draft: TicketDraftData;
  /** Where the latest text is kept: nowhere yet, on the device only (offline), or on the server too. */
  readonly savedOn: 'none' | 'device' | 'server';
  readonly files: readonly ComposerFile[];
  /** The file being uploaded (its key), while `files.uploading`. */
  readonly uploading: { readonly file: UploadFile; readonly key: string } | null;
  /** The message code of the last refused file or failed upload. */
  readonly fileError: string | null;
  /** The message of the last failed send. */
  readonly sendError: string | null;
  readonly choices: TicketChoices;
  readonly onBehalf: boolean;
  /** What support typed into the account picker, and the accounts found for it. */
  readonly accountQuery: string;
  readonly accountMatches: readonly AccountMatch[];
  /** The message of a failed account search. */
  readonly accountError: string | null;
}

export type ComposerEvent =
  | { readonly type: 'composer.change'; readonly values: Partial<TicketDraftData> }
  | { readonly type: 'composer.send' }
  | { readonly type: 'composer.attach'; readonly key: string; readonly file: UploadFile; readonly preview: string }
  | { readonly type: 'composer.removeFile'; readonly key: string }
  | { readonly type: 'composer.findAccount'; readonly text: string }
  | { readonly type: 'upload.progress'; readonly fraction: number }
  | { readonly type: 'upload.done'; readonly media: Media }
  | { readonly type: 'upload.failed'; readonly message: string };

export type ComposerEmitted = { readonly type: 'sent'; readonly ticket: Ticket };

/** What `restoreDraft` answers: the draft as last typed, and where it was found. */
export interface RestoredDraft {
  readonly draft: TicketDraftData;
  readonly savedOn: 'none' | 'device' | 'server';
  /** What a new ticket can name (the "Select an Appointment" and subscription dropdowns). */
  readonly choices: TicketChoices;
}

/** An appointment or subscription a ticket can name, as the dropdown shows it. */
export interface TicketChoice {
  readonly id: string;
  readonly label: string;
  /** The appointment's start (the view formats it), when it is one. */
  readonly when?: string | undefined;
  /** The appointment's address zone (`time_zone`): its start is shown in that zone (src/core/rules/visit-time.ts). */
  readonly timeZone?: string | undefined;
}
export interface TicketChoices {
  readonly appointments: readonly TicketChoice[];
  readonly subscriptions: readonly TicketChoice[];
}

export interface SaveDraftInput {
  readonly mode: ComposerMode;
  readonly draftKey: string;
  readonly draft: TicketDraftData;
  /** The ticket a comment is typed on (its server draft: PUT tickets/{id}/draft-comment). */
  readonly ticketId?: TicketId | undefined;
}

export interface SendInput {
  readonly mode: ComposerMode;
  readonly draftKey: string;
  readonly ticketId: TicketId | undefined;
  readonly draft: TicketDraftData;
  readonly media: readonly MediaId[];
}

export const composerRules = {
  sendable: specRule<{ readonly mode: ComposerMode; readonly draft: TicketDraftData; readonly uploading: boolean; readonly onBehalf: boolean }>({
    id: 'composer.sendable',
    spec: 'A new ticket needs a subject, a first comment and the appointment or subscription its type names (and, opened by support, the account it is for); a comment needs text; nothing is sent while a file uploads.',
    source: 'bookings §2, §5',
    test: ({ mode, draft, uploading, onBehalf }) =>
      !uploading &&
      !(mode === 'ticket' && onBehalf && !draft.account_id) &&
      (mode === 'comment'
        ? draftHasContent({ comment: draft.comment })
        : ticketSendable({ ...draft, type: draft.type ?? 'general' })),
  }),
  acceptableFile: specRule<{ readonly file: { readonly type: string; readonly size: number } }>({
    id: 'composer.acceptableFile',
    spec: 'Ticket files are jpg or png under 500 kb; anything else is refused before upload.',
    source: 'bookings §5',
    test: ({ file }) => attachmentRefusal(file) === null,
  }),
  onBehalf: specRule<{ readonly onBehalf: boolean }>({
    id: 'composer.onBehalf',
    spec: 'Only support, opening a ticket on behalf of an account, searches accounts.',
    source: 'issue 10',
    test: ({ onBehalf }) => onBehalf,
  }),
  searchable: specRule<{ readonly text: string }>({
    id: 'composer.searchable',
    spec: 'Search needs 3 or more characters; shorter text gives an empty list without a call.',
    source: 'accounts §5',
    test: ({ text }) => shouldSearch(text),
  }),
} as const;

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;

export const ticketComposerMachine = setup({
  types: {
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    emitted: {} as ComposerEmitted,
    input: {} as ComposerInput,
  },
  actors: {
    /** Reads the draft from browser storage and (a server draft) GET tickets/{id}; the newer wins. */
    restoreDraft: fromPromise<RestoredDraft, ComposerInput>(notProvided('restoreDraft')),
    /** Writes the draft to browser storage, then to the server when it can: where it is now kept. */
    saveDraft: fromPromise<{ readonly draft: TicketDraftData; readonly savedOn: 'device' | 'server' }, SaveDraftInput>(notProvided('saveDraft')),
    /** POST tickets / PUT tickets/{id} with status open, or PUT tickets/comment; then forgets the stored draft. */
    send: fromPromise<Ticket, SendInput>(notProvided('send')),
    /** GET media/upload-url, then the form POST with progress: sends upload.progress, upload.done or upload.failed. */
    upload: fromCallback<ComposerEvent, { readonly file: UploadFile; readonly ticketId: TicketId | undefined }>(() => () => {}),
    /** GET accounts/search (support's account picker). */
    searchAccounts: fromPromise<readonly AccountMatch[], { readonly text: string }>(notProvided('searchAccounts')),
  },
  delays: { debounce: 800, searchPause: 300 },
  guards: {
    sendable: withRule(composerRules.sendable, ({ context }: { context: ComposerContext }) =>
      composerRules.sendable.test({ mode: context.mode, draft: context.draft, uploading: context.uploading !== null, onBehalf: context.onBehalf }),
    ),
    onBehalf: withRule(composerRules.onBehalf, ({ context }: { context: ComposerContext }) => composerRules.onBehalf.test({ onBehalf: context.onBehalf })),
    searchable: withRule(composerRules.searchable, ({ context }: { context: ComposerContext }) => composerRules.searchable.test({ text: context.accountQuery })),
    acceptableFile: withRule(composerRules.acceptableFile, (_: unknown, file: UploadFile) => composerRules.acceptableFile.test({ file })),
  },
  actions: {
    takeRestored: assign((_, restored: RestoredDraft) => ({ draft: restored.draft, savedOn: restored.savedOn, choices: restored.choices })),
    change: assign(({ context }, values: Partial<TicketDraftData>) => ({ draft: { ...context.draft, ...values }, sendError: null })),
    takeSaved: assign((_, saved: { readonly draft: TicketDraftData; readonly savedOn: 'device' | 'server' }) => ({ savedOn: saved.savedOn })),
    /** Only the server's draft id is taken back: the text may have changed while it was being saved. */
    keepTicketId: assign(({ context }, saved: { readonly draft: TicketDraftData }) => ({
      draft: saved.draft.ticket_id ? { ...context.draft, ticket_id: saved.draft.ticket_id } : context.draft,
    })),
    startUpload: assign((_, event: { readonly key: string; readonly file: UploadFile; readonly preview: string }) => ({
      uploading: { file: event.file, key: event.key },
      fileError: null,
    })),
    addFile: assign(({ context }, event: { readonly key: string; readonly file: UploadFile; readonly preview: string }) => ({
      files: [...context.files, { key: event.key, name: event.file.name, size: event.file.size, preview: event.preview, progress: 0 }],
    })),
    refuseFile: assign((_, file: UploadFile) => ({ fileError: attachmentRefusal(file) })),
    progress: assign(({ context }, fraction: number) => ({
      files: context.files.map((f) => (f.key === context.uploading?.key ? { ...f, progress: fraction } : f)),
    })),
    uploaded: assign(({ context }, media: Media) => ({
      files: context.files.map((f) => (f.key === context.uploading?.key ? { ...f, progress: 1, media } : f)),
      uploading: null,
    })),
    uploadFailed: assign(({ context }, message: string) => ({
      files: context.files.filter((f) => f.key !== context.uploading?.key),
      uploading: null,
      fileError: message,
    })),
    removeFile: assign(({ context }, key: string) => ({ files: context.files.filter((f) => f.key !== key) })),
    sendFailed: assign((_, error: unknown) => ({ sendError: failureOf(error).message })),
    takeQuery: assign((_, text: string) => ({ accountQuery: text })),
    takeMatches: assign((_, matches: readonly AccountMatch[]) => ({ accountMatches: matches, accountError: null })),
    clearMatches: assign({ accountMatches: [] as readonly AccountMatch[], accountError: null }),
    searchFailed: assign((_, error: unknown) => ({ accountMatches: [] as readonly AccountMatch[], accountError: failureOf(error).message })),
    announceSent: emit((_, ticket: Ticket) => ({ type: 'sent' as const, ticket })),
  },
}).createMachine({
  id: 'ticketComposer',
  description: 'A new ticket or a comment as typed: restored on arrival, saved as a draft while typing (server, or the device when offline), files, sent.',
  context: ({ input }) => ({
    mode: input.mode,
    draftKey: input.draftKey,
    ticketId: input.ticketId,
    draft: { ...input.defaults },
    savedOn: 'none',
    files: [],
    uploading: null,
    fileError: null,
    sendError: null,
    choices: { appointments: [], subscriptions: [] },
    onBehalf: input.onBehalf ?? false,
    accountQuery: '',
    accountMatches: [],
    accountError: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'restore',
        src: 'restoreDraft',
        input: ({ context }) => ({ mode: context.mode, draftKey: context.draftKey, ticketId: context.ticketId, defaults: context.draft }),
        onDone: { target: 'composing', actions: { type: 'takeRestored', params: outputOf } },
        // Nothing to restore (storage unreadable, the draft gone): start from the defaults.
        onError: 'composing',
      },
    },
    composing: {
      type: 'parallel',
      states: {
        text: {
          initial: 'idle',
          on: { 'composer.change': { target: '.waiting', reenter: true, actions: { type: 'change', params: ({ event }) => event.values } } },
          states: {
            idle: {
              on: { 'composer.send': [{ guard: 'sendable', target: '#ticketComposer.sending' }] },
            },
            waiting: {
              tags: ['unsaved'],
              after: { debounce: 'saving' },
              on: { 'composer.send': [{ guard: 'sendable', target: '#ticketComposer.sending' }] },
            },
            saving: {
              tags: ['unsaved', 'saving'],
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: ({ context }) => ({ mode: context.mode, draftKey: context.draftKey, draft: context.draft, ticketId: context.ticketId }),
                onDone: { target: 'idle', actions: [{ type: 'takeSaved', params: outputOf }, { type: 'keepTicketId', params: outputOf }] },
                // The device copy failed too (storage full): the text stays on screen and the next change tries again.
                onError: 'idle',
              },
            },
          },
        },
        files: {
          initial: 'idle',
          on: { 'composer.removeFile': { actions: { type: 'removeFile', params: ({ event }) => event.key } } },
          states: {
            idle: {
              on: {
                'composer.attach': [
                  { guard: { type: 'acceptableFile', params: ({ event }) => event.file }, target: 'uploading', actions: [{ type: 'addFile', params: ({ event }) => event }, { type: 'startUpload', params: ({ event }) => event }] },
                  { actions: { type: 'refuseFile', params: ({ event }) => event.file } },
                ],
              },
            },
            uploading: {
              tags: ['uploading'],
              invoke: {
                id: 'upload',
                src: 'upload',
                input: ({ context }) => ({ file: context.uploading!.file, ticketId: context.ticketId }),
              },
              on: {
                'upload.progress': { actions: { type: 'progress', params: ({ event }) => event.fraction } },
                'upload.done': { target: 'idle', actions: { type: 'uploaded', params: ({ event }) => event.media } },
                'upload.failed': { target: 'idle', actions: { type: 'uploadFailed', params: ({ event }) => event.message } },
              },
            },
          },
        },
        account: {
          initial: 'idle',
          on: {
            'composer.findAccount': { guard: 'onBehalf', target: '.waiting', reenter: true, actions: { type: 'takeQuery', params: ({ event }) => event.text } },
          },
          states: {
            idle: {},
            waiting: {
              after: { searchPause: [{ guard: 'searchable', target: 'searching' }, { target: 'idle', actions: 'clearMatches' }] },
            },
            searching: {
              tags: ['searchingAccounts'],
              invoke: {
                id: 'searchAccounts',
                src: 'searchAccounts',
                input: ({ context }) => ({ text: context.accountQuery }),
                onDone: { target: 'idle', actions: { type: 'takeMatches', params: outputOf } },
                onError: { target: 'idle', actions: { type: 'searchFailed', params: errorOf } },
              },
            },
          },
        },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({
          mode: context.mode,
          draftKey: context.draftKey,
          ticketId: context.ticketId,
          draft: context.draft,
          media: context.files.flatMap((f) => (f.media ? [f.media._id] : [])),
        }),
        onDone: { target: 'sent', actions: { type: 'announceSent', params: outputOf } },
        onError: { target: 'composing', actions: { type: 'sendFailed', params: errorOf } },
      },
    },
    sent: { type: 'final', tags: ['sent'] },
  },
});

// ── selectors ──

export type ComposerActor = ActorRefFrom<typeof ticketComposerMachine>;
export type ComposerSnapshot = SnapshotFrom<typeof ticketComposerMachine>;

export const selectDraft = (s: ComposerSnapshot): TicketDraftData => s.context.draft;
export const selectComposerFiles = (s: ComposerSnapshot): readonly ComposerFile[] => s.context.files;
/** The message of a refused file or a failed upload (English; views translate the code when they know it). */
export const selectFileError = (s: ComposerSnapshot): string | null => s.context.fileError;
export const selectFileErrorText = (s: ComposerSnapshot): string | null => (s.context.fileError ? messageFor(s.context.fileError, s.context.fileError) : null);
export const selectSendError = (s: ComposerSnapshot): string | null => s.context.sendError;
export const selectCanSend = (s: ComposerSnapshot): boolean => s.can({ type: 'composer.send' });
/** What the draft line says: restoring, typing (unsaved), saving, saved on the server, kept on this device. */
export const selectDraftStatus = (s: ComposerSnapshot): 'loading' | 'unsaved' | 'saving' | 'server' | 'device' | 'none' | 'sending' | 'sent' =>
  s.hasTag('loading')
    ? 'loading'
    : s.hasTag('sending')
      ? 'sending'
      : s.hasTag('sent')
        ? 'sent'
        : s.hasTag('saving')
          ? 'saving'
          : s.hasTag('unsaved')
            ? 'unsaved'
            : s.context.savedOn;
export const selectChoices = (s: ComposerSnapshot): TicketChoices => s.context.choices;
export const selectUploading = (s: ComposerSnapshot): boolean => s.hasTag('uploading');
export const selectAccountMatches = (s: ComposerSnapshot): readonly AccountMatch[] => s.context.accountMatches;
export const selectAccountError = (s: ComposerSnapshot): string | null => s.context.accountError;
export const selectSearchingAccounts = (s: ComposerSnapshot): boolean => s.hasTag('searchingAccounts');
