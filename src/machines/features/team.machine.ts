import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Appointment } from '../../core/model/appointment';
import type { Vendor, VendorSchedule } from '../../core/model/vendor';
import type { Page } from '../../core/ports/api/types';
import { inviteProblems, TEAM_PAGE_SIZE, teamSearchWords, type InviteField, type InviteInput, type InviteProblem } from '../../core/rules/team';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The organization's team (issue 11 "Team"): three per-screen charts.
 *
 * teamList (/organization/vendors): a page of vendors with search. `loading` (tag `loading`) → `ready`, `empty`
 * or `failed` (tag `error`). `team.search {text}` searches from page 1 (text shorter than 3 characters lists
 * everyone: src/core/rules/team.ts); `team.page {page}` turns the page; `team.retry` reads again.
 *
 * vendorInvite (/organization/vendor/new): `editing` → `team.invite {input}` → the core rule checks the fields
 * (problems stay in `editing`, nothing sent) → `sending` (tag `busy`) → `sent` with the new vendor, or back to
 * `editing` with the server's refusal ('Max vendors for your organization has been reached', 'Email already
 * exists'). `team.again` starts a new invitation.
 *
 * vendorProfile (/organization/vendor/{id}): `loading` → `ready`, `missing` (not in this organization) or
 * `failed`; `vendor.remove` → `confirming`; `vendor.confirm` → `removing` (tag `busy`) → `removed`, or `ready`
 * with the refusal; `vendor.cancel` goes back.
 */

// ── the list ──

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

// ── inviting ──

export interface InviteContext {
  readonly organizationId: AccountId;
  readonly problems: Partial<Record<InviteField, InviteProblem>>;
  readonly error: FlowMessage | null;
  readonly vendor: Vendor | null;
}

export type InviteEvent = { readonly type: 'team.invite'; readonly input: InviteInput } | { readonly type: 'team.again' };

const hasProblems = (input: InviteInput) => Object.keys(inviteProblems(input)).length > 0;

export const vendorInviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    input: {} as { readonly organizationId: AccountId },
  },
  actors: {
    /** POST organization/{id}/vendors: the vendor account is created and its claim link e-mailed. */
    invite: fromPromise<Vendor, { readonly organizationId: AccountId; readonly input: InviteInput }>(notProvided('invite')),
  },
  guards: {
    hasProblems: ({ event }) => event.type === 'team.invite' && hasProblems(event.input),
  },
  actions: {
    takeProblems: assign(({ event }) => (event.type === 'team.invite' ? { problems: inviteProblems(event.input), error: null } : {})),
    startSending: assign({ problems: {}, error: null }),
    takeVendor: assign((_, vendor: Vendor) => ({ vendor })),
    refused: assign((_, error: unknown) => ({ error: failureOf(error) })),
    reset: assign({ problems: {}, error: null, vendor: null }),
  },
}).createMachine({
  id: 'vendorInvite',
  description: 'Inviting a vendor by e-mail to the organization.',
  context: ({ input }) => ({ organizationId: input.organizationId, problems: {}, error: null, vendor: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'team.invite': [{ guard: 'hasProblems', actions: 'takeProblems' }, { target: 'sending', actions: 'startSending' }],
      },
    },
    sending: {
      tags: ['editing', 'busy'],
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context, event }) => ({
          organizationId: context.organizationId,
          input:
            event.type === 'team.invite'
              ? { first_name: event.input.first_name.trim(), last_name: event.input.last_name.trim(), email: event.input.email.trim() }
              : { first_name: '', last_name: '', email: '' },
        }),
        onDone: { target: 'sent', actions: { type: 'takeVendor', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'refused', params: errorOf } },
      },
    },
    sent: { tags: ['sent'], on: { 'team.again': { target: 'editing', actions: 'reset' } } },
  },
});

export type VendorInviteActor = ActorRefFrom<typeof vendorInviteMachine>;
type InviteSnapshot = SnapshotFrom<typeof vendorInviteMachine>;
export const selectInviteMode = (s: InviteSnapshot): 'editing' | 'sending' | 'sent' => (s.hasTag('sent') ? 'sent' : s.hasTag('busy') ? 'sending' : 'editing');
export const selectInviteProblems = (s: InviteSnapshot) => s.context.problems;
export const selectInviteError = (s: InviteSnapshot): FlowMessage | null => s.context.error;
export const selectInvited = (s: InviteSnapshot): Vendor | null => s.context.vendor;

// ── one vendor ──

/** One vendor with its time off and its visits to come (the organization's view of it). */
export interface VendorDetail {
  readonly vendor: Vendor;
  readonly timeOff: readonly VendorSchedule[];
  readonly visits: readonly Appointment[];
}

export interface ProfileContext {
  readonly organizationId: AccountId;
  readonly vendorId: AccountId;
  readonly vendor: Vendor | null;
  readonly timeOff: readonly VendorSchedule[];
  readonly visits: readonly Appointment[];
  readonly error: FlowMessage | null;
}

export type ProfileEvent =
  | { readonly type: 'vendor.remove' }
  | { readonly type: 'vendor.confirm' }
  | { readonly type: 'vendor.cancel' }
  | { readonly type: 'vendor.retry' };

export const vendorProfileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { readonly organizationId: AccountId; readonly vendorId: AccountId },
  },
  actors: {
    /**
     * GET organization/{id}/vendors?_id={vendorId}&type=all (null when it is not in this organization), with its
     * time off (organization/{id}/schedule?vendor_id) and its visits to come (appointments?vendor_id&from).
     */
    load: fromPromise<VendorDetail | null, { readonly organizationId: AccountId; readonly vendorId: AccountId }>(notProvided('load')),
    /** PUT organization/{id}/vendors/{vendorId}/delete. */
    remove: fromPromise<void, { readonly organizationId: AccountId; readonly vendorId: AccountId }>(notProvided('remove')),
  },
  guards: {
    isMissing: (_, detail: VendorDetail | null) => detail === null,
  },
  actions: {
    takeVendor: assign((_, detail: VendorDetail | null) => (detail ? { vendor: detail.vendor, timeOff: detail.timeOff, visits: detail.visits, error: null } : { error: null })),
    failed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'vendorProfile',
  description: "One vendor of the organization's team: its profile, and removing it.",
  context: ({ input }) => ({ organizationId: input.organizationId, vendorId: input.vendorId, vendor: null, timeOff: [], visits: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId, vendorId: context.vendorId }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => event.output }, target: 'missing' },
          { target: 'ready', actions: { type: 'takeVendor', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'failed', params: errorOf } },
      },
    },
    ready: { tags: ['ready'], on: { 'vendor.remove': { target: 'confirming', actions: 'clearError' } } },
    confirming: { tags: ['ready', 'confirming'], on: { 'vendor.confirm': 'removing', 'vendor.cancel': 'ready' } },
    removing: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ organizationId: context.organizationId, vendorId: context.vendorId }),
        onDone: { target: 'removed' },
        onError: { target: 'ready', actions: { type: 'failed', params: errorOf } },
      },
    },
    removed: { tags: ['removed'] },
    missing: { tags: ['missing'] },
    failed: { tags: ['error'], on: { 'vendor.retry': 'loading' } },
  },
});

export type VendorProfileActor = ActorRefFrom<typeof vendorProfileMachine>;
type ProfileSnapshot = SnapshotFrom<typeof vendorProfileMachine>;
export const selectProfileMode = (s: ProfileSnapshot): 'loading' | 'error' | 'missing' | 'removed' | 'confirming' | 'removing' | 'ready' =>
  s.hasTag('loading')
    ? 'loading'
    : s.hasTag('error')
      ? 'error'
      : s.hasTag('missing')
        ? 'missing'
        : s.hasTag('removed')
          ? 'removed'
          : s.hasTag('confirming')
            ? 'confirming'
            : s.hasTag('busy')
              ? 'removing'
              : 'ready';
export const selectProfileVendor = (s: ProfileSnapshot): Vendor | null => s.context.vendor;
export const selectProfileTimeOff = (s: ProfileSnapshot): readonly VendorSchedule[] => s.context.timeOff;
export const selectProfileVisits = (s: ProfileSnapshot): readonly Appointment[] => s.context.visits;
export const selectProfileError = (s: ProfileSnapshot): FlowMessage | null => s.context.error;
