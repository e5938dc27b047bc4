import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Vendor } from '../../core/model/vendor';
import type { Page } from '../../core/ports/api/types';
import { TEAM_PAGE_SIZE, teamSearchWords } from '../../core/rules/team';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The organization's team (issue 11 "Team"), the list (/organization/vendors): a page of vendors with search.
 * `loading` (tag `loading`) → `ready`, `empty` or `failed` (tag `error`). `team.search {text}` searches from page 1
 * (text shorter than 3 characters lists everyone: src/core/rules/team.ts); `team.page {page}` turns the page;
 * `team.retry` reads again.
 */
export interface ListQuery {
  readonly organizationId: AccountId;
  readonly search: string | undefined;
  readonly page: number;
  readonly pageSize: number;
}

export interface ListContext {
  readonly organizationId: AccountId;
  readonly search: string;
  readonly page: number;
  readonly items: readonly Vendor[];
  readonly total: number;
  readonly error: FlowMessage | null;
}

export type ListEvent = { readonly type: 'team.search'; readonly text: string } | { readonly type: 'team.page'; readonly page: number } | { readonly type: 'team.retry' };

const queryOf = (context: ListContext): ListQuery => ({
  organizationId: context.organizationId,
  search: teamSearchWords(context.search),
  page: context.page,
  pageSize: TEAM_PAGE_SIZE,
});

const reread = {
  'team.search': { target: '.', reenter: true, actions: 'takeSearch' },
  'team.page': { target: '.', reenter: true, actions: 'takePage' },
  'team.retry': { target: '.', reenter: true },
} as const;

export const teamListMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { readonly organizationId: AccountId },
  },
  actors: {
    /** GET organization/{id}/vendors?start&num&search. */
    load: fromPromise<Page<Vendor>, ListQuery>(notProvided('load')),
  },
  guards: {
    isEmpty: (_, page: Page<Vendor>) => page.items.length === 0,
  },
  actions: {
    takeSearch: assign(({ event }) => (event.type === 'team.search' ? { search: event.text, page: 1 } : {})),
    takePage: assign(({ event }) => (event.type === 'team.page' ? { page: Math.max(1, Math.floor(event.page)) } : {})),
    takeLoaded: assign((_, page: Page<Vendor>) => ({ items: page.items, total: page.total, error: null })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
  },
}).createMachine({
  id: 'teamList',
  description: "The organization's vendors: a page with search.",
  context: ({ input }) => ({ organizationId: input.organizationId, search: '', page: 1, items: [], total: 0, error: null }),
  initial: 'active',
  states: {
    active: {
      initial: 'loading',
      on: reread,
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => queryOf(context),
            onDone: [
              { guard: { type: 'isEmpty', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
              { target: 'ready', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
          },
        },
        ready: { tags: ['ready'] },
        empty: { tags: ['empty'] },
        failed: { tags: ['error'] },
      },
    },
  },
});

export type TeamListActor = ActorRefFrom<typeof teamListMachine>;
type ListSnapshot = SnapshotFrom<typeof teamListMachine>;
export const selectListMode = (s: ListSnapshot): 'loading' | 'error' | 'empty' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('empty') ? 'empty' : 'ready';
export const selectListItems = (s: ListSnapshot): readonly Vendor[] => s.context.items;
export const selectListTotal = (s: ListSnapshot): number => s.context.total;
export const selectListPage = (s: ListSnapshot): number => s.context.page;
export const selectListSearch = (s: ListSnapshot): string => s.context.search;
export const selectListError = (s: ListSnapshot): FlowMessage | null => s.context.error;
