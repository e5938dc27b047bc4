/**
 * The flow explorer's own state for a lifecycle chart: the status and facts being explored, the actor
 * and time the events carry, the event payload, and the steps taken. Stepping only ever applies a
 * `decide` decision the view computed; nothing here judges an event.
 */
import type { ActorRole } from '../../../core/rules/spec-rule';
import { decide, type Decision } from '../../../machines/lifecycles/lifecycle';
import type { LifecycleChart } from './charts';

export type HistoryEntry =
  | { readonly kind: 'step'; readonly event: string; readonly from: string; readonly to: string; readonly now: string }
  | { readonly kind: 'reset'; readonly to: string };

export interface LifecycleExplorerState {
  readonly status: string;
  /** The record's context. */
  readonly facts: Readonly<Record<string, unknown>>;
  readonly role: ActorRole;
  /** ISO-8601: the moment the events carry. */
  readonly now: string;
  /** Values of `event.*` inputs; an event carries the keys it declares (charts.ts `eventPayload`). */
  readonly payload: Readonly<Record<string, unknown>>;
  readonly history: readonly HistoryEntry[];
}

export type ExplorerAction =
  | { readonly type: 'status.reset'; readonly status: string }
  | { readonly type: 'fact.set'; readonly key: string; readonly value: unknown }
  | { readonly type: 'facts.clear'; readonly empty: Readonly<Record<string, unknown>> }
  | { readonly type: 'role.set'; readonly role: ActorRole }
  | { readonly type: 'now.set'; readonly now: string }
  | { readonly type: 'payload.set'; readonly key: string; readonly value: unknown }
  | { readonly type: 'history.clear' }
  /** Applies an accepted decision of `decide` (the one the view shows for this event). */
  | { readonly type: 'step.applied'; readonly decision: Extract<Decision<Readonly<Record<string, unknown>>>, { ok: true }>; readonly now: string };

/** The current minute, ISO-8601 (the explorer's default `now`; events carry it, the chart never reads a clock). */
export const currentMinute = (ms: number = Date.now()): string => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

/** The chart's initial status (`new` for records created by an event). */
export const initialStatusOf = (chart: LifecycleChart): string => {
  const target = chart.machine.root.initial?.target[0]?.key;
  return typeof target === 'string' ? target : (Object.keys(chart.machine.root.states)[0] ?? '');
};

export const initialExplorerState = (chart: LifecycleChart, now: string = currentMinute(), role: ActorRole = 'super'): LifecycleExplorerState => ({
  status: initialStatusOf(chart),
  facts: chart.empty,
  role,
  now,
  payload: {},
  history: [],
});

export function explorerReducer(state: LifecycleExplorerState, action: ExplorerAction): LifecycleExplorerState {
  switch (action.type) {
    case 'status.reset':
      return { ...state, status: action.status, history: [...state.history, { kind: 'reset', to: action.status }] };
    case 'fact.set':
      return { ...state, facts: { ...state.facts, [action.key]: action.value } };
    case 'facts.clear':
      return { ...state, facts: action.empty };
    case 'role.set':
      return { ...state, role: action.role };
    case 'now.set':
      return { ...state, now: action.now };
    case 'payload.set': {
      const payload: Record<string, unknown> = { ...state.payload };
      if (action.value === undefined) delete payload[action.key];
      else payload[action.key] = action.value;
      return { ...state, payload };
    }
    case 'history.clear':
      return { ...state, history: [] };
    case 'step.applied': {
      const { decision } = action;
      return {
        ...state,
        status: decision.to,
        facts: decision.facts,
        history: [...state.history, { kind: 'step', event: decision.event, from: decision.from, to: decision.to, now: action.now }],
      };
    }
  }
}

/** The event a button sends: its type, the actor and the time, and the payload keys it declares (blank ones left out). */
export function eventFor(chart: LifecycleChart, type: string, state: Pick<LifecycleExplorerState, 'role' | 'now' | 'payload'>): { readonly type: string } & Record<string, unknown> {
  const event: Record<string, unknown> = { type, actor: { role: state.role }, now: state.now };
  for (const key of chart.eventPayload[type] ?? []) {
    const value = state.payload[key];
    if (value !== undefined && value !== '') event[key] = value;
  }
  return event as { readonly type: string } & Record<string, unknown>;
}

export interface EventDecision {
  readonly type: string;
  readonly event: { readonly type: string } & Record<string, unknown>;
  readonly decision: Decision<Readonly<Record<string, unknown>>>;
}

/** `decide` for every event of the chart, in the chart's event order. */
export function decideAll(chart: LifecycleChart, state: LifecycleExplorerState): EventDecision[] {
  return (chart.machine.events as readonly string[]).map((type) => {
    const event = eventFor(chart, type, state);
    const decision = decide(chart.machine, state.status, state.facts as never, event as never) as Decision<Readonly<Record<string, unknown>>>;
    return { type, event, decision };
  });
}
