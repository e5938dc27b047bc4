import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { OrganizationInit } from '../../core/model/organization';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The organization's dashboard (/organization): `loading` (tag `loading`) → `ready`, or `failed` (tag `error`) until
 * `dashboard.retry`; `dashboard.retry` from `ready` reads again too.
 */
export interface DashboardContext {
  readonly organizationId: AccountId;
  readonly data: OrganizationInit | null;
  readonly error: FlowMessage | null;
}

export type DashboardEvent = { readonly type: 'dashboard.retry' };

export const organizationDashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as { readonly organizationId: AccountId },
  },
  actors: {
    /** GET organization/{id}/init. */
    load: fromPromise<OrganizationInit, { readonly organizationId: AccountId }>(notProvided('load')),
  },
  actions: {
    takeLoaded: assign((_, data: OrganizationInit) => ({ data, error: null })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
  },
}).createMachine({
  id: 'organizationDashboard',
  description: "The organization's dashboard: today's visits, this month's earnings, what waits for it.",
  context: ({ input }) => ({ organizationId: input.organizationId, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'ready', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    ready: { tags: ['ready'], on: { 'dashboard.retry': 'loading' } },
    failed: { tags: ['error'], on: { 'dashboard.retry': 'loading' } },
  },
});

export type OrganizationDashboardActor = ActorRefFrom<typeof organizationDashboardMachine>;
type DashboardSnapshot = SnapshotFrom<typeof organizationDashboardMachine>;
export const selectDashboardMode = (s: DashboardSnapshot): 'loading' | 'error' | 'ready' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
export const selectDashboardData = (s: DashboardSnapshot): OrganizationInit | null => s.context.data;
export const selectDashboardError = (s: DashboardSnapshot): FlowMessage | null => s.context.error;
