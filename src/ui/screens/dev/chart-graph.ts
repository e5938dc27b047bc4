/**
 * The static shape of a chart for the flow explorer, read by src/machines/chart-reader.ts — the same
 * reader the catalogue uses — plus the explorer's own diagram layout. Nothing here decides whether an
 * event may happen: that is `decide` (lifecycles) or the running actor's snapshot (flows).
 */
import type { AnyStateMachine, StateValue } from 'xstate';
import { declaredTransitionsOf, statesOf, type DeclaredTransition, type StateInfo } from '../../../machines/chart-reader';

/** A state of a chart, as the shared chart reader gives it. */
export type ChartState = StateInfo;
export type ChartTransition = DeclaredTransition;
export type ChartTransitionKind = DeclaredTransition['kind'];

/** Every state below the root, depth first in declaration order. */
export const chartStates = (machine: AnyStateMachine): ChartState[] => statesOf(machine);
/** Every declared transition (`on`, delayed, invoke and `always`), in state order then declaration order. */
export const chartTransitions = (machine: AnyStateMachine): ChartTransition[] => declaredTransitionsOf(machine);

/** The active state paths of a state value, ancestors included: `{ signedIn: 'ready' }` → ['signedIn', 'signedIn.ready']. */
export function activePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push(path);
    if (child !== undefined) out.push(...activePaths(child, path));
  }
  return out;
}

/** The deepest active paths (one per parallel region): the state value as people read it. */
export const leafPaths = (value: StateValue): string[] => {
  const all = activePaths(value);
  return all.filter((p) => !all.some((q) => q.startsWith(`${p}.`)));
};

/** The top-level state a path lies in: `signedIn.ready.idle` → `signedIn`. */
export const topOf = (path: string): string => path.split('.')[0] ?? path;

export interface DiagramEdge {
  readonly from: string;
  readonly to: string;
  /** The events (labels) drawn on this edge. */
  readonly events: readonly string[];
}

export interface DiagramLayout {
  /** Top-level states by layer (breadth first from the initial state), in declaration order within a layer. */
  readonly layers: readonly (readonly string[])[];
  /** Edges between top-level states; a transition inside a state is an edge from the state to itself. */
  readonly edges: readonly DiagramEdge[];
}

/**
 * A layered picture of the top-level states: layer 0 is the initial state, each next layer the states
 * first reached from the previous one; unreachable states come last. Transitions of nested states are
 * drawn between their top-level states.
 */
export function diagramLayout(machine: AnyStateMachine, transitions: readonly ChartTransition[]): DiagramLayout {
  const tops = Object.keys(machine.root.states);
  const edgeMap = new Map<string, { from: string; to: string; events: string[] }>();
  for (const t of transitions) {
    if (t.source === '(root)') continue;
    const from = topOf(t.source);
    const targets = t.targets.length > 0 ? t.targets.filter((x) => x !== '(root)').map(topOf) : [from];
    for (const to of targets) {
      const key = `${from}→${to}`;
      const edge = edgeMap.get(key) ?? { from, to, events: [] };
      if (!edge.events.includes(t.eventLabel)) edge.events.push(t.eventLabel);
      edgeMap.set(key, edge);
    }
  }
  const edges = [...edgeMap.values()];
  const initial = typeof machine.root.initial?.target[0]?.key === 'string' ? machine.root.initial.target[0].key : tops[0];
  const layerOf = new Map<string, number>();
  if (initial !== undefined) layerOf.set(initial, 0);
  let frontier = initial !== undefined ? [initial] : [];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const state of frontier) {
      for (const edge of edges) {
        if (edge.from === state && !layerOf.has(edge.to)) {
          layerOf.set(edge.to, (layerOf.get(state) ?? 0) + 1);
          next.push(edge.to);
        }
      }
    }
    frontier = next;
  }
  const deepest = Math.max(-1, ...layerOf.values());
  for (const state of tops) if (!layerOf.has(state)) layerOf.set(state, deepest + 1);
  const count = Math.max(0, ...layerOf.values()) + 1;
  const layers: string[][] = Array.from({ length: tops.length === 0 ? 0 : count }, () => []);
  for (const state of tops) layers[layerOf.get(state) ?? 0]?.push(state);
  return { layers: layers.filter((l) => l.length > 0), edges };
}
