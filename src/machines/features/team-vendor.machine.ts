import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Appointment } from '../../core/model/appointment';
import type { Vendor, VendorSchedule } from '../../core/model/vendor';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * One vendor of the organization's team (/organization/vendor/{id}): `loading` → `ready`, `missing` (not in this
 * organization) or `failed`; `vendor.remove` → `confirming`; `vendor.confirm` → `removing` (tag `busy`) → `removed`,
 * or `ready` with the refusal; `vendor.cancel` goes back.
 */
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
