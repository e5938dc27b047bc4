import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { PayoutOnboarding } from '../../core/model/payout-onboarding';
import type { Vendor } from '../../core/model/vendor';
import { vendorProfileProblems, type VendorProfileDraft, type VendorProfileProblems } from '../../core/rules/vendor-profile';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The vendor's own profile section of /vendor/profile (issue 11): `loading` (tag `loading`) reads the vendor
 * (vendor/{id}/init: name, bio, organization) and its payout onboarding → `ready`, or `failed` (tag `error`) until
 * `profile.retry`. In `ready`, `profile.save {draft}` is checked by the core rule (src/core/rules/vendor-profile.ts:
 * problems stay in `ready`, nothing sent), then `saving` (tag `busy`) sends vendors/{id}/update and comes back to
 * `ready` with the vendor after the change (`saved`) or with the refusal (`error`); the screen keeps the draft.
 */

/** What the section shows: the vendor, and its payout onboarding when it could be read (null otherwise). */
export interface VendorProfileData {
  readonly vendor: Vendor;
  readonly onboarding: PayoutOnboarding | null;
}

export interface VendorProfileContext {
  readonly vendorId: AccountId;
  readonly vendor: Vendor | null;
  readonly onboarding: PayoutOnboarding | null;
  readonly problems: VendorProfileProblems | null;
  readonly error: FlowMessage | null;
  readonly saved: boolean;
}

export type VendorProfileEvent = { readonly type: 'profile.save'; readonly draft: VendorProfileDraft } | { readonly type: 'profile.retry' };

const hasProblems = (draft: VendorProfileDraft) => Object.keys(vendorProfileProblems(draft)).length > 0;

export const vendorOwnProfileMachine = setup({
  types: {
    context: {} as VendorProfileContext,
    events: {} as VendorProfileEvent,
    input: {} as { readonly vendorId: AccountId },
  },
  actors: {
    /** GET vendor/{id}/init and vendors/{id}/onboarding. */
    load: fromPromise<VendorProfileData, { readonly vendorId: AccountId }>(notProvided('load')),
    /** PUT vendors/{id}/update: answers the vendor after the change. */
    save: fromPromise<Vendor, { readonly vendorId: AccountId; readonly draft: VendorProfileDraft }>(notProvided('save')),
  },
  guards: {
    hasProblems: ({ event }) => event.type === 'profile.save' && hasProblems(event.draft),
  },
  actions: {
    takeLoaded: assign((_, data: VendorProfileData) => ({ vendor: data.vendor, onboarding: data.onboarding, error: null })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    takeProblems: assign(({ event }) => (event.type === 'profile.save' ? { problems: vendorProfileProblems(event.draft), error: null, saved: false } : {})),
    startSaving: assign({ problems: null, error: null, saved: false }),
    takeSaved: assign((_, vendor: Vendor) => ({ vendor, saved: true })),
    refused: assign((_, error: unknown) => ({ error: failureOf(error), saved: false })),
  },
}).createMachine({
  id: 'vendorOwnProfile',
  description: "The vendor's own profile: its name and bio, its organization and its payout onboarding.",
  context: ({ input }) => ({ vendorId: input.vendorId, vendor: null, onboarding: null, problems: null, error: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ vendorId: context.vendorId }),
        onDone: { target: 'ready', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    ready: {
      tags: ['ready'],
      on: { 'profile.save': [{ guard: 'hasProblems', actions: 'takeProblems' }, { target: 'saving', actions: 'startSaving' }] },
    },
    saving: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({
          vendorId: context.vendorId,
          draft: event.type === 'profile.save' ? event.draft : { first_name: '', last_name: '', bio: '' },
        }),
        onDone: { target: 'ready', actions: { type: 'takeSaved', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'refused', params: errorOf } },
      },
    },
    failed: { tags: ['error'], on: { 'profile.retry': 'loading' } },
  },
});

export type VendorOwnProfileActor = ActorRefFrom<typeof vendorOwnProfileMachine>;
type Snapshot = SnapshotFrom<typeof vendorOwnProfileMachine>;
export const selectVendorProfileMode = (s: Snapshot): 'loading' | 'error' | 'saving' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('busy') ? 'saving' : 'ready';
export const selectVendorProfile = (s: Snapshot): Vendor | null => s.context.vendor;
export const selectVendorOnboarding = (s: Snapshot): PayoutOnboarding | null => s.context.onboarding;
export const selectVendorProfileProblems = (s: Snapshot): VendorProfileProblems | null => s.context.problems;
export const selectVendorProfileError = (s: Snapshot): FlowMessage | null => s.context.error;
export const selectVendorProfileSaved = (s: Snapshot): boolean => s.context.saved;
