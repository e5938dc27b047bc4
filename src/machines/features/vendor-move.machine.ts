import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Appointment } from '../../core/model/appointment';
import type { Vendor } from '../../core/model/vendor';
import { vendorMoveRefusal, vendorMoveRules, type VendorMoveForm, type VendorMoveRefusal } from '../../core/rules/vendor-move';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * Moving one vendor's visits to another (super, /admin/move-vendor-appointments; POST
 * admin/move-vendor-appointments): all or nothing.
 *
 * - `loading` (tag `loading`) reads every vendor; `failed` (tag `error`) retries.
 * - `ready.editing`: the source vendor, the target vendor and the date range (whole days). `move.submit` is
 *   taken only when the form's rules hold (src/core/rules/vendor-move.ts); otherwise the refusal's code stays
 *   in `refusal` for the view.
 * - `ready.confirming`: the person confirms the move; `moving` sends it; `moved` shows how many visits moved
 *   (and which); `refused` shows the server's refusal (409 move_refused names the visits that cannot go:
 *   nothing was moved). `move.edit` goes back to the form with its fields kept.
 */

export interface VendorMoveResult {
  readonly moved: number;
  readonly items: readonly Appointment[];
}

export interface VendorMoveContext extends VendorMoveForm {
  readonly vendors: readonly Vendor[];
  readonly loadError: string | null;
  /** Why the form cannot be sent (a code of the app's catalogue), once the person tried. */
  readonly refusal: VendorMoveRefusal | null;
  readonly result: VendorMoveResult | null;
  /** The server's refusal of the move: its code and its message (which names the visits). */
  readonly failure: { readonly code: string | null; readonly message: string } | null;
}

export type VendorMoveEvent =
  | { readonly type: 'move.from'; readonly vendorId: string }
  | { readonly type: 'move.to'; readonly vendorId: string }
  | { readonly type: 'move.start'; readonly day: string }
  | { readonly type: 'move.end'; readonly day: string }
  | { readonly type: 'move.submit' }
  | { readonly type: 'move.confirm' }
  | { readonly type: 'move.edit' }
  | { readonly type: 'move.retry' };

const formOf = (c: VendorMoveContext): VendorMoveForm => ({ from: c.from, to: c.to, start: c.start, end: c.end });

export const vendorMoveMachine = setup({
  types: { context: {} as VendorMoveContext, events: {} as VendorMoveEvent },
  actors: {
    /** GET admin/vendors: every vendor (by name). */
    loadVendors: fromPromise<readonly Vendor[]>(notProvided('loadVendors')),
    /** POST admin/move-vendor-appointments. */
    moveVisits: fromPromise<VendorMoveResult, VendorMoveForm>(notProvided('moveVisits')),
  },
  guards: {
    formHolds: withRule(vendorMoveRules.complete, ({ context }: { context: VendorMoveContext }) => vendorMoveRefusal(formOf(context)) === undefined),
  },
  actions: {
    takeVendors: assign((_, vendors: readonly Vendor[]) => ({ vendors, loadError: null })),
    loadFailed: assign((_, error: unknown) => ({ loadError: failureOf(error).message })),
    setFrom: assign((_, from: string) => ({ from, refusal: null })),
    setTo: assign((_, to: string) => ({ to, refusal: null })),
    setStart: assign((_, start: string) => ({ start, refusal: null })),
    setEnd: assign((_, end: string) => ({ end, refusal: null })),
    refuseForm: assign(({ context }) => ({ refusal: vendorMoveRefusal(formOf(context)) ?? null })),
    takeResult: assign((_, result: VendorMoveResult) => ({ result, failure: null })),
    takeFailure: assign((_, error: unknown) => {
      const failure = failureOf(error);
      return { failure: { code: failure.code ?? null, message: failure.message }, result: null };
    }),
    clearOutcome: assign({ result: null, failure: null }),
  },
}).createMachine({
  id: 'vendorMove',
  description: "Move one vendor's visits of a date range to another vendor, all or nothing (super).",
  context: { vendors: [], loadError: null, from: null, to: null, start: '', end: '', refusal: null, result: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'vendors',
        src: 'loadVendors',
        onDone: { target: 'ready', actions: { type: 'takeVendors', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: { tags: ['error'], on: { 'move.retry': 'loading' } },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['editing'],
          on: {
            'move.from': { actions: { type: 'setFrom', params: ({ event }) => event.vendorId } },
            'move.to': { actions: { type: 'setTo', params: ({ event }) => event.vendorId } },
            'move.start': { actions: { type: 'setStart', params: ({ event }) => event.day } },
            'move.end': { actions: { type: 'setEnd', params: ({ event }) => event.day } },
            'move.submit': [{ guard: 'formHolds', target: 'confirming' }, { actions: 'refuseForm' }],
          },
        },
        confirming: {
          tags: ['confirming'],
          on: { 'move.confirm': 'moving', 'move.edit': 'editing' },
        },
        moving: {
          tags: ['moving'],
          invoke: {
            id: 'move',
            src: 'moveVisits',
            input: ({ context }) => formOf(context),
            onDone: { target: 'moved', actions: { type: 'takeResult', params: ({ event }) => event.output } },
            onError: { target: 'refused', actions: { type: 'takeFailure', params: errorOf } },
          },
        },
        moved: { tags: ['moved'], on: { 'move.edit': { target: 'editing', actions: 'clearOutcome' } } },
        refused: { tags: ['refused'], on: { 'move.edit': { target: 'editing', actions: 'clearOutcome' } } },
      },
    },
  },
});

export type VendorMoveActor = ActorRefFrom<typeof vendorMoveMachine>;
type Snapshot = SnapshotFrom<typeof vendorMoveMachine>;

export const selectMoveMode = (s: Snapshot): 'loading' | 'error' | 'editing' | 'confirming' | 'moving' | 'moved' | 'refused' =>
  s.hasTag('loading')
    ? 'loading'
    : s.hasTag('error')
      ? 'error'
      : s.hasTag('confirming')
        ? 'confirming'
        : s.hasTag('moving')
          ? 'moving'
          : s.hasTag('moved')
            ? 'moved'
            : s.hasTag('refused')
              ? 'refused'
              : 'editing';
export const selectMoveForm = (s: Snapshot): VendorMoveForm => formOf(s.context);
export const selectMoveVendors = (s: Snapshot): readonly Vendor[] => s.context.vendors;
export const selectMoveRefusal = (s: Snapshot): VendorMoveRefusal | null => s.context.refusal;
export const selectMoveResult = (s: Snapshot): VendorMoveResult | null => s.context.result;
export const selectMoveFailure = (s: Snapshot) => s.context.failure;
export const selectMoveLoadError = (s: Snapshot): string | null => s.context.loadError;
/** The chart takes the event now (the view enables its button from this). */
export const selectMoveCan = (s: Snapshot, type: 'move.submit' | 'move.confirm' | 'move.edit'): boolean => s.can({ type });
