import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AppointmentImage } from '../../core/model/visit-photo';
import { errorOf, failureOf, notProvided } from '../flows/auth-flow-support';

/**
 * Support's list of visit photos (/admin/appointment-images, GET admin/appointment-images): one page at a
 * time, newest first, each photo shown from an address read with support's token.
 */

export const IMAGES_PAGE_SIZE = 12;

export interface ImageRow {
  readonly image: AppointmentImage;
  readonly src: string | null;
}

export interface AppointmentImagesContext {
  readonly page: number;
  readonly rows: readonly ImageRow[];
  readonly total: number;
  readonly error: string | null;
}

export type AppointmentImagesEvent = { readonly type: 'images.page'; readonly page: number } | { readonly type: 'images.retry' };

export const appointmentImagesMachine = setup({
  types: { context: {} as AppointmentImagesContext, events: {} as AppointmentImagesEvent },
  actors: {
    loadImages: fromPromise<{ readonly rows: readonly ImageRow[]; readonly total: number }, { readonly page: number; readonly pageSize: number }>(notProvided('loadImages')),
  },
  guards: {
    pageExists: ({ context }, page: number) => page >= 1 && (page - 1) * IMAGES_PAGE_SIZE < Math.max(context.total, 1),
  },
  actions: {
    takePage: assign((_, out: { readonly rows: readonly ImageRow[]; readonly total: number }) => ({ rows: out.rows, total: out.total, error: null })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error).message })),
    setPage: assign((_, page: number) => ({ page })),
  },
}).createMachine({
  id: 'appointmentImages',
  description: 'Every visit photo, a page at a time (support).',
  context: { page: 1, rows: [], total: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadImages',
        input: ({ context }) => ({ page: context.page, pageSize: IMAGES_PAGE_SIZE }),
        onDone: { target: 'ready', actions: { type: 'takePage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: { tags: ['error'], on: { 'images.retry': 'loading' } },
    ready: {
      on: {
        'images.page': { guard: { type: 'pageExists', params: ({ event }) => event.page }, target: 'loading', actions: { type: 'setPage', params: ({ event }) => event.page } },
      },
    },
  },
});

export type AppointmentImagesActor = ActorRefFrom<typeof appointmentImagesMachine>;
type Snapshot = SnapshotFrom<typeof appointmentImagesMachine>;
export const selectImagesMode = (s: Snapshot): 'loading' | 'error' | 'ready' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
export const selectImageRows = (s: Snapshot): readonly ImageRow[] => s.context.rows;
export const selectImagesPage = (s: Snapshot) => ({ page: s.context.page, total: s.context.total, pages: Math.max(1, Math.ceil(s.context.total / IMAGES_PAGE_SIZE)) });
export const selectImagesError = (s: Snapshot): string | null => s.context.error;
