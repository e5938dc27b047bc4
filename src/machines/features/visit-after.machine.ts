import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Review } from '../../core/model/review';
import type { Role } from '../../core/model/roles';
import { specRule } from '../../core/rules/spec-rule';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * After a completed visit (issue 9): its photos (each file read with the viewer's token and shown from an
 * address) and its review. The customer of the visit reviews it once (POST review: a rating from 1 to 5 and
 * an optional comment); the other parties see the review. Created by the appointment screen for a complete
 * visit, with the visit's photo ids.
 */

export interface VisitPhoto {
  readonly id: string;
  readonly name: string;
  /** Where the page can show it; null when the file could not be read. */
  readonly src: string | null;
}

export interface VisitAfterInput {
  readonly appointmentId: string;
  readonly imageIds: readonly string[];
  readonly role: Role;
}

export interface VisitAfterContext extends VisitAfterInput {
  readonly photos: readonly VisitPhoto[];
  readonly review: Review | null;
  readonly error: string | null;
  readonly sendError: string | null;
  readonly draft: { readonly rating: number; readonly comment: string } | null;
}

export type VisitAfterEvent =
  | { readonly type: 'after.submit'; readonly rating: number; readonly comment: string }
  | { readonly type: 'after.retry' };

export const visitAfterRules = {
  mayReview: specRule<{ readonly role: Role; readonly review: Review | null }>({
    id: 'visitAfter.mayReview',
    spec: 'A review after completion (POST review): the customer of the visit, once.',
    source: 'issue 9, bookings §7',
    test: ({ role, review }) => role === 'customer' && review === null,
  }),
  ratingGiven: specRule<{ readonly rating: number }>({
    id: 'visitAfter.ratingGiven',
    spec: 'A review is a rating from 1 to 5.',
    source: 'contract CreateReviewRequest',
    test: ({ rating }) => Number.isInteger(rating) && rating >= 1 && rating <= 5,
  }),
} as const;

export const visitAfterMachine = setup({
  types: { context: {} as VisitAfterContext, events: {} as VisitAfterEvent, input: {} as VisitAfterInput },
  actors: {
    /** The photos' files (GET media/one, GET media/file) and GET review?appointment_id. */
    loadAfter: fromPromise<{ readonly photos: readonly VisitPhoto[]; readonly review: Review | null }, VisitAfterInput>(notProvided('loadAfter')),
    /** POST review. */
    sendReview: fromPromise<Review, { readonly appointmentId: string; readonly rating: number; readonly comment: string }>(notProvided('sendReview')),
  },
  guards: {
    ratingGiven: withRule(visitAfterRules.ratingGiven, (_: unknown, rating: number) => visitAfterRules.ratingGiven.test({ rating })),
  },
  actions: {
    takeLoad: assign((_, out: { readonly photos: readonly VisitPhoto[]; readonly review: Review | null }) => ({ photos: out.photos, review: out.review, error: null })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error).message })),
    takeDraft: assign((_, draft: { rating: number; comment: string }) => ({ draft, sendError: null })),
    ratingMissing: assign({ sendError: 'rating_required' }),
    takeReview: assign((_, review: Review) => ({ review, draft: null, sendError: null })),
    sendFailed: assign((_, error: unknown) => ({ sendError: failureOf(error).message })),
  },
}).createMachine({
  id: 'visitAfter',
  description: "A completed visit's photos and review: load, then the customer reviews once.",
  context: ({ input }) => ({ ...input, photos: [], review: null, error: null, sendError: null, draft: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadAfter',
        input: ({ context }) => ({ appointmentId: context.appointmentId, imageIds: context.imageIds, role: context.role }),
        onDone: { target: 'ready', actions: { type: 'takeLoad', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: { tags: ['error'], on: { 'after.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'after.submit': [
              { guard: { type: 'ratingGiven', params: ({ event }) => event.rating }, target: 'sending', actions: { type: 'takeDraft', params: ({ event }) => ({ rating: event.rating, comment: event.comment }) } },
              { actions: 'ratingMissing' },
            ],
          },
        },
        sending: {
          tags: ['sending'],
          invoke: {
            id: 'send',
            src: 'sendReview',
            input: ({ context }) => ({ appointmentId: context.appointmentId, rating: context.draft!.rating, comment: context.draft!.comment }),
            onDone: { target: 'idle', actions: { type: 'takeReview', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'sendFailed', params: errorOf } },
          },
        },
      },
    },
  },
});

export type VisitAfterActor = ActorRefFrom<typeof visitAfterMachine>;
type Snapshot = SnapshotFrom<typeof visitAfterMachine>;

export const selectAfterMode = (s: Snapshot): 'loading' | 'error' | 'ready' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
export const selectVisitPhotos = (s: Snapshot): readonly VisitPhoto[] => s.context.photos;
export const selectReview = (s: Snapshot): Review | null => s.context.review;
/** The review form shows: the customer, no review yet. */
export const selectMayReview = (s: Snapshot): boolean => s.hasTag('loading') === false && !s.hasTag('error') && visitAfterRules.mayReview.test(s.context);
export const selectReviewSending = (s: Snapshot): boolean => s.hasTag('sending');
export const selectReviewError = (s: Snapshot): string | null => s.context.sendError;
