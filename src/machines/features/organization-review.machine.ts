import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Organization } from '../../core/model/organization';
import { organizationApprovalStatusOf, type OrganizationApprovalStatus } from '../../core/rules/organization-approval';
import { organizationApprovalAt } from '../lifecycles/organization-approval.machine';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * Super reviews organizations (issue 11 "Approval"): the queue of pending organizations on /admin, or one
 * organization on its admin page. Created by the screen with what it reads (`request`).
 *
 * - `loading` (tag `loading`) reads; a failure is `failed` (tag `error`) until `review.retry`.
 * - `ready` (tag `ready`) or, for a queue with nothing waiting, `empty` (tag `empty`).
 * - `review.approve` / `review.reject` `{ id, note }` go to `deciding` (tag `busy`) when the organization-approval
 *   chart allows the event in the organization's status (the same chart the server runs); the answer replaces the
 *   organization (the queue drops it: it waits no more) and leaves a `notice`; a refusal leaves `decisionError`.
 */

export type ReviewRequest = { readonly kind: 'queue'; readonly pageSize: number } | { readonly kind: 'one'; readonly id: AccountId };

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewNotice {
  readonly id: AccountId;
  readonly name: string;
  readonly outcome: OrganizationApprovalStatus;
}

export interface ReviewContext {
  readonly request: ReviewRequest;
  readonly items: readonly Organization[];
  /** How many are waiting in all (the queue shows a page). */
  readonly total: number;
  readonly error: FlowMessage | null;
  readonly deciding: AccountId | null;
  readonly notice: ReviewNotice | null;
  readonly decisionError: FlowMessage | null;
}

export type ReviewEvent =
  | { readonly type: 'review.approve'; readonly id: AccountId; readonly note?: string }
  | { readonly type: 'review.reject'; readonly id: AccountId; readonly note?: string }
  | { readonly type: 'review.retry' };

export interface ReviewLoaded {
  readonly items: readonly Organization[];
  readonly total: number;
}

export interface DecideInput {
  readonly id: AccountId;
  readonly decision: ReviewDecision;
  readonly note?: string;
}

/** The organization-approval chart's event for a decision. */
const chartEvent = (decision: ReviewDecision) => ({ type: decision === 'approve' ? ('organization.approve' as const) : ('organization.reject' as const) });

/** True when super may send `decision` to this organization now (the lifecycle chart decides, as on the server). */
export const canDecide = (organization: Organization, decision: ReviewDecision): boolean =>
  organizationApprovalAt(organizationApprovalStatusOf(organization.meta)).can({ ...chartEvent(decision), actor: { role: 'super' }, now: '' });

const decisionOf = (event: ReviewEvent): ReviewDecision => (event.type === 'review.reject' ? 'reject' : 'approve');
const targetOf = (context: ReviewContext, event: ReviewEvent) =>
  event.type === 'review.retry' ? undefined : context.items.find((o) => o._id === event.id);

export const organizationReviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as { readonly request: ReviewRequest },
  },
  actors: {
    /** GET admin/organizations?approval=pending (the queue) or admin/organizations/{id}. */
    load: fromPromise<ReviewLoaded, ReviewRequest>(notProvided('load')),
    /** PUT admin/organizations/{id}/approve or …/reject. */
    decide: fromPromise<Organization, DecideInput>(notProvided('decide')),
  },
  guards: {
    isEmpty: ({ context }) => context.items.length === 0,
    mayDecide: ({ context, event }) => {
      const organization = targetOf(context, event);
      return organization !== undefined && canDecide(organization, decisionOf(event));
    },
  },
  actions: {
    takeLoaded: assign((_, loaded: ReviewLoaded) => ({ items: loaded.items, total: loaded.total, error: null })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    startDeciding: assign(({ event }) => (event.type === 'review.retry' ? {} : { deciding: event.id, notice: null, decisionError: null })),
    takeDecided: assign(({ context }, organization: Organization) => {
      const outcome = organizationApprovalStatusOf(organization.meta);
      const notice: ReviewNotice = { id: organization._id, name: organization.company_name, outcome };
      if (context.request.kind === 'queue') {
        const items = context.items.filter((o) => o._id !== organization._id);
        return { items, total: Math.max(0, context.total - (items.length < context.items.length ? 1 : 0)), deciding: null, notice };
      }
      return { items: context.items.map((o) => (o._id === organization._id ? organization : o)), deciding: null, notice };
    }),
    decisionFailed: assign((_, error: unknown) => ({ deciding: null, decisionError: failureOf(error) })),
  },
}).createMachine({
  id: 'organizationReview',
  description: 'Super reviews organizations: the pending queue of /admin, or one organization; approve or reject through the approval chart.',
  context: ({ input }) => ({ request: input.request, items: [], total: 0, error: null, deciding: null, notice: null, decisionError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.request,
        onDone: { target: 'shown', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    shown: {
      always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'ready' }],
    },
    ready: {
      tags: ['ready'],
      on: {
        'review.approve': { guard: 'mayDecide', target: 'deciding', actions: 'startDeciding' },
        'review.reject': { guard: 'mayDecide', target: 'deciding', actions: 'startDeciding' },
        'review.retry': 'loading',
      },
    },
    deciding: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ event }): DecideInput =>
          event.type === 'review.retry' ? { id: '' as AccountId, decision: 'approve' } : { id: event.id, decision: decisionOf(event), ...(event.note?.trim() ? { note: event.note.trim() } : {}) },
        onDone: { target: 'shown', actions: { type: 'takeDecided', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'decisionFailed', params: errorOf } },
      },
    },
    empty: { tags: ['empty'], on: { 'review.retry': 'loading' } },
    failed: { tags: ['error'], on: { 'review.retry': 'loading' } },
  },
});

export type ReviewActor = ActorRefFrom<typeof organizationReviewMachine>;
export type ReviewSnapshot = SnapshotFrom<typeof organizationReviewMachine>;

export const selectReviewMode = (s: ReviewSnapshot): 'loading' | 'error' | 'empty' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('empty') ? 'empty' : 'ready';
export const selectReviewItems = (s: ReviewSnapshot): readonly Organization[] => s.context.items;
export const selectReviewTotal = (s: ReviewSnapshot): number => s.context.total;
export const selectReviewError = (s: ReviewSnapshot): FlowMessage | null => s.context.error;
export const selectDeciding = (s: ReviewSnapshot): AccountId | null => s.context.deciding;
export const selectReviewNotice = (s: ReviewSnapshot): ReviewNotice | null => s.context.notice;
export const selectDecisionError = (s: ReviewSnapshot): FlowMessage | null => s.context.decisionError;
