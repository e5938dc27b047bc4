import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Media } from '../../core/model/media';
import type { UploadFile } from '../../core/ports/api/media';
import { uploadRefusal } from '../../core/rules/media';
import { specRule } from '../../core/rules/spec-rule';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * The photos a vendor adds when completing a visit (issue 9 "complete, with photos and a note"): each chosen
 * file is checked against the upload rules (images jpg, png or webp under 5 MB), then uploaded one at a time
 * through the media flow (purpose 'appointment'). The completion sends the uploaded ones' media ids.
 */

export interface PhotoUpload {
  readonly key: string;
  readonly name: string;
  /** An address the page can show the chosen file at (an object URL). */
  readonly preview: string;
  readonly file: UploadFile;
  readonly mediaId: string | null;
  /** Why it was not uploaded (the rule's or the server's words). */
  readonly error: string | null;
}

export interface PhotoUploadsContext {
  readonly photos: readonly PhotoUpload[];
  /** The key of the photo being uploaded. */
  readonly current: string | null;
}

export type PhotoUploadsEvent =
  | { readonly type: 'photos.add'; readonly key: string; readonly file: UploadFile; readonly preview: string }
  | { readonly type: 'photos.remove'; readonly key: string };

export const photoRules = {
  allowed: specRule<{ readonly file: UploadFile }>({
    id: 'photoUploads.allowed',
    spec: 'Image upload limits on type and size.',
    source: 'bookings §5',
    test: ({ file }) => uploadRefusal('appointment', file.type, file.size) === undefined,
  }),
} as const;

const waiting = (c: PhotoUploadsContext) => c.photos.find((p) => p.mediaId === null && p.error === null);

export const photoUploadsMachine = setup({
  types: { context: {} as PhotoUploadsContext, events: {} as PhotoUploadsEvent },
  actors: {
    /** PUT media/upload/getUrl (purpose 'appointment') and POST media/upload. */
    uploadPhoto: fromPromise<Media, { readonly file: UploadFile }>(notProvided('uploadPhoto')),
  },
  guards: {
    fileAllowed: withRule(photoRules.allowed, (_: unknown, file: UploadFile) => photoRules.allowed.test({ file })),
    hasWaiting: ({ context }) => waiting(context) !== undefined,
  },
  actions: {
    add: assign(({ context }, p: { key: string; file: UploadFile; preview: string; error: string | null }) => ({
      photos: [...context.photos, { key: p.key, name: p.file.name, preview: p.preview, file: p.file, mediaId: null, error: p.error }],
    })),
    remove: assign(({ context }, key: string) => ({ photos: context.photos.filter((p) => p.key !== key) })),
    pickNext: assign(({ context }) => ({ current: waiting(context)?.key ?? null })),
    uploaded: assign(({ context }, media: Media) => ({
      photos: context.photos.map((p) => (p.key === context.current ? { ...p, mediaId: media._id } : p)),
      current: null,
    })),
    failed: assign(({ context }, error: unknown) => ({
      photos: context.photos.map((p) => (p.key === context.current ? { ...p, error: failureOf(error).message } : p)),
      current: null,
    })),
  },
}).createMachine({
  id: 'photoUploads',
  description: 'The photos of a completion: checked, then uploaded one at a time; removable before the visit is completed.',
  context: { photos: [], current: null },
  initial: 'idle',
  on: {
    'photos.remove': { actions: { type: 'remove', params: ({ event }) => event.key } },
  },
  states: {
    idle: {
      on: {
        'photos.add': [
          {
            guard: { type: 'fileAllowed', params: ({ event }) => event.file },
            target: 'uploading',
            actions: { type: 'add', params: ({ event }) => ({ key: event.key, file: event.file, preview: event.preview, error: null }) },
          },
          {
            actions: {
              type: 'add',
              params: ({ event }) => ({ key: event.key, file: event.file, preview: event.preview, error: uploadRefusal('appointment', event.file.type, event.file.size) ?? null }),
            },
          },
        ],
      },
    },
    uploading: {
      tags: ['uploading'],
      entry: 'pickNext',
      on: {
        'photos.add': [
          {
            guard: { type: 'fileAllowed', params: ({ event }) => event.file },
            actions: { type: 'add', params: ({ event }) => ({ key: event.key, file: event.file, preview: event.preview, error: null }) },
          },
          {
            actions: {
              type: 'add',
              params: ({ event }) => ({ key: event.key, file: event.file, preview: event.preview, error: uploadRefusal('appointment', event.file.type, event.file.size) ?? null }),
            },
          },
        ],
      },
      invoke: {
        id: 'upload',
        src: 'uploadPhoto',
        input: ({ context }) => ({ file: (context.photos.find((p) => p.key === context.current) ?? waiting(context))!.file }),
        onDone: { target: 'next', actions: { type: 'uploaded', params: ({ event }) => event.output } },
        onError: { target: 'next', actions: { type: 'failed', params: errorOf } },
      },
    },
    next: {
      always: [{ guard: 'hasWaiting', target: 'uploading' }, { target: 'idle' }],
    },
  },
});

export type PhotoUploadsActor = ActorRefFrom<typeof photoUploadsMachine>;
type Snapshot = SnapshotFrom<typeof photoUploadsMachine>;

export const selectPhotos = (s: Snapshot): readonly PhotoUpload[] => s.context.photos;
export const selectPhotosUploading = (s: Snapshot): boolean => s.hasTag('uploading');
/** The uploaded photos' media ids, in the order they were chosen. */
export const selectPhotoIds = (s: Snapshot): readonly string[] => s.context.photos.flatMap((p) => (p.mediaId ? [p.mediaId] : []));
