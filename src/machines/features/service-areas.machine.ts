import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { ServiceArea, ServiceAreaInput } from '../../core/model/organization';
import { areaProblems, zipCodesOf, type AreaDraft, type AreaField, type AreaProblem } from '../../core/rules/service-areas';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The organization's service areas (the service-area section of /organization/profile): `loading` → `editing` with
 * the circles and the listed ZIP codes as typed rows, or `failed` until `areas.retry`. In `editing`: `areas.add`,
 * `areas.remove {index}`, `areas.change {index, field, value}` and `areas.zips {text}` edit the draft; `areas.save`
 * checks it with the core rule (src/core/rules/service-areas.ts: problems stay in `editing`, nothing sent), then
 * `saving` (tag `busy`) replaces the circles and the ZIP codes, and comes back to `editing` with what the server kept
 * (`saved`) or with its refusal ('Invalid ZIP code 99999').
 */
/** What the editor loads and saves: the circles and the ZIP codes listed one by one. */
export interface AreaSet {
  readonly areas: readonly ServiceArea[];
  readonly zipCodes: readonly string[];
}

export interface AreaSaveInput {
  readonly organizationId: AccountId;
  readonly areas: readonly ServiceAreaInput[];
  readonly zipCodes: readonly string[];
}

export type RowProblems = Partial<Record<AreaField, AreaProblem>>;

export interface AreasContext {
  readonly organizationId: AccountId;
  readonly rows: readonly AreaDraft[];
  readonly zipText: string;
  /** Per row, in the rows' order. */
  readonly problems: readonly RowProblems[];
  /** Words of the ZIP-code text that are not 5-digit ZIP codes. */
  readonly zipInvalid: readonly string[];
  readonly error: FlowMessage | null;
  readonly saved: boolean;
}

export type AreasEvent =
  | { readonly type: 'areas.add' }
  | { readonly type: 'areas.remove'; readonly index: number }
  | { readonly type: 'areas.change'; readonly index: number; readonly field: keyof AreaDraft; readonly value: string }
  | { readonly type: 'areas.zips'; readonly text: string }
  | { readonly type: 'areas.save' }
  | { readonly type: 'areas.retry' };

const draftOf = (area: ServiceArea): AreaDraft => ({ label: area.label ?? '', postal_code: area.postal_code, radius_miles: String(area.radius_miles) });
const loadedOf = (set: AreaSet) => ({ rows: set.areas.map(draftOf), zipText: set.zipCodes.join(', '), problems: [], zipInvalid: [], error: null });
const hasProblems = (context: AreasContext) =>
  context.rows.some((row) => Object.keys(areaProblems(row)).length > 0) || zipCodesOf(context.zipText).invalid.length > 0;

export const serviceAreasMachine = setup({
  types: {
    context: {} as AreasContext,
    events: {} as AreasEvent,
    input: {} as { readonly organizationId: AccountId },
  },
  actors: {
    /** GET organization/{id}/service-areas and …/zip-codes. */
    load: fromPromise<AreaSet, { readonly organizationId: AccountId }>(notProvided('load')),
    /** PUT organization/{id}/service-areas, then …/zip-codes; answers what the server kept. */
    save: fromPromise<AreaSet, AreaSaveInput>(notProvided('save')),
  },
  guards: {
    hasProblems: ({ context }) => hasProblems(context),
  },
  actions: {
    takeLoaded: assign((_, set: AreaSet) => loadedOf(set)),
    takeSaved: assign((_, set: AreaSet) => ({ ...loadedOf(set), saved: true })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    refused: assign((_, error: unknown) => ({ error: failureOf(error), saved: false })),
    addRow: assign(({ context }) => ({ rows: [...context.rows, { label: '', postal_code: '', radius_miles: '' }], problems: [...context.problems, {}], saved: false })),
    removeRow: assign(({ context, event }) =>
      event.type === 'areas.remove'
        ? { rows: context.rows.filter((_, i) => i !== event.index), problems: context.problems.filter((_, i) => i !== event.index), saved: false }
        : {},
    ),
    changeRow: assign(({ context, event }) =>
      event.type === 'areas.change'
        ? { rows: context.rows.map((row, i) => (i === event.index ? { ...row, [event.field]: event.value } : row)), saved: false }
        : {},
    ),
    takeZips: assign(({ event }) => (event.type === 'areas.zips' ? { zipText: event.text, saved: false } : {})),
    takeProblems: assign(({ context }) => ({ problems: context.rows.map(areaProblems), zipInvalid: zipCodesOf(context.zipText).invalid, error: null, saved: false })),
    startSaving: assign({ problems: [], zipInvalid: [], error: null, saved: false }),
  },
}).createMachine({
  id: 'serviceAreas',
  description: "The organization's service area: circles of a radius in miles around a ZIP code, and ZIP codes listed one by one.",
  context: ({ input }) => ({ organizationId: input.organizationId, rows: [], zipText: '', problems: [], zipInvalid: [], error: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'editing', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'areas.add': { actions: 'addRow' },
        'areas.remove': { actions: 'removeRow' },
        'areas.change': { actions: 'changeRow' },
        'areas.zips': { actions: 'takeZips' },
        'areas.save': [{ guard: 'hasProblems', actions: 'takeProblems' }, { target: 'saving', actions: 'startSaving' }],
      },
    },
    saving: {
      tags: ['editing', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          areas: context.rows.map((row) => ({
            ...(row.label.trim() ? { label: row.label.trim() } : {}),
            postal_code: row.postal_code.trim(),
            radius_miles: Number(row.radius_miles.trim()),
          })),
          zipCodes: zipCodesOf(context.zipText).zips,
        }),
        onDone: { target: 'editing', actions: { type: 'takeSaved', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'refused', params: errorOf } },
      },
    },
    failed: { tags: ['error'], on: { 'areas.retry': 'loading' } },
  },
});

export type ServiceAreasActor = ActorRefFrom<typeof serviceAreasMachine>;
type AreasSnapshot = SnapshotFrom<typeof serviceAreasMachine>;
export const selectAreasMode = (s: AreasSnapshot): 'loading' | 'error' | 'saving' | 'editing' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('busy') ? 'saving' : 'editing';
export const selectAreaRows = (s: AreasSnapshot): readonly AreaDraft[] => s.context.rows;
export const selectAreaProblems = (s: AreasSnapshot): readonly RowProblems[] => s.context.problems;
export const selectZipText = (s: AreasSnapshot): string => s.context.zipText;
export const selectZipInvalid = (s: AreasSnapshot): readonly string[] => s.context.zipInvalid;
export const selectAreasError = (s: AreasSnapshot): FlowMessage | null => s.context.error;
export const selectAreasSaved = (s: AreasSnapshot): boolean => s.context.saved;
