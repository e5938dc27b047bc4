/**
 * The static shape of a chart for the flow explorer, read from `machine.root` the way
 * tools/machine-graph.ts reads it for the catalogue — but browser-safe (that file imports node:fs).
 * Nothing here decides whether an event may happen: that is `decide` (lifecycles) or the running
 * actor's snapshot (flows).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';
import { guardLabel, transitionMeta, type ScopeRule } from '../../../machines/lifecycles/lifecycle';

export interface ChartState {
  /** Dotted path below the root: `signedIn.ready`. */
  readonly path: string;
  readonly key: string;
  /** 1 for a top-level state. */
  readonly depth: number;
  readonly type: string;
  readonly description?: string | undefined;
}

export type ChartTransitionKind = 'event' | 'after' | 'done' | 'error' | 'always' | 'internal';

export interface ChartTransition {
  /** `<source>|<event>|<index>`, stable for a chart. */
  readonly id: string;
  readonly source: string;
  /** The event type as declared (`appointment.cancel`, `xstate.done.actor.load`; '' for always). */
  readonly event: string;
  /** For people: `appointment.cancel`, `after 500 ms`, `done: load`, `always`. */
  readonly eventLabel: string;
  readonly kind: ChartTransitionKind;
  /** `and(a, b)`, a guard name, or '' for none. */
  readonly guard: string;
  /** Target state paths; empty when the transition stays (runs actions only). */
  readonly targets: readonly string[];
  readonly actions: readonly string[];
  readonly scope: readonly ScopeRule[];
  readonly unreachable?: string | undefined;
  readonly description?: string | undefined;
}

const pathOf = (node: AnyStateNode): string => node.path.join('.');

/** Every state below the root, depth first in declaration order. */
export function chartStates(machine: AnyStateMachine): ChartState[] {
  const out: ChartState[] = [];
  const visit = (node: AnyStateNode): void => {
    for (const child of Object.values(node.states)) {
      out.push({ path: pathOf(child), key: child.key, depth: child.path.length, type: child.type, description: child.description });
      visit(child);
    }
  };
  visit(machine.root);
  return out;
}

const actionLabel = (a: unknown): string => {
  if (typeof a === 'string') return a;
  if (typeof a === 'function') {
    const type = (a as { type?: unknown }).type;
    return typeof type === 'string' ? type.replace(/^xstate\./, '') : '(inline)';
  }
  if (a && typeof a === 'object' && 'type' in a) return String((a as { type: unknown }).type);
  return String(a);
};

function describeEvent(node: AnyStateNode, event: string): { label: string; kind: ChartTransitionKind } {
  if (event.startsWith('xstate.after.') && event.endsWith(`.${node.id}`)) {
    const delay = event.slice('xstate.after.'.length, event.length - node.id.length - 1);
    return { label: /^\d+$/.test(delay) ? `after ${delay} ms` : `after ${delay}`, kind: 'after' };
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event);
  if (done) return { label: `done: ${done[1]}`, kind: 'done' };
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event);
  if (error) return { label: `error: ${error[1]}`, kind: 'error' };
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(event);
  if (doneState) return { label: `done: state ${doneState[1]}`, kind: 'done' };
  if (event.startsWith('xstate.')) return { label: event, kind: 'internal' };
  return { label: event, kind: 'event' };
}

/** Every declared transition (`on`, delayed, invoke and `always`), in state order then declaration order. */
export function chartTransitions(machine: AnyStateMachine): ChartTransition[] {
  const out: ChartTransition[] = [];
  const nodes: AnyStateNode[] = [];
  const collect = (node: AnyStateNode): void => {
    nodes.push(node);
    for (const child of Object.values(node.states)) collect(child);
  };
  collect(machine.root);
  for (const node of nodes) {
    const source = pathOf(node) || '(root)';
    const entries: [string, readonly AnyTransitionDefinition[]][] = [...node.transitions.entries()];
    if (node.always && node.always.length > 0) entries.push(['', node.always]);
    for (const [event, list] of entries) {
      list.forEach((t, index) => {
        const { label, kind } = event === '' ? { label: 'always', kind: 'always' as const } : describeEvent(node, event);
        const meta = transitionMeta(t);
        out.push({
          id: `${source}|${event}|${index}`,
          source,
          event,
          eventLabel: label,
          kind,
          guard: guardLabel(t.guard),
          targets: (t.target ?? []).map((n) => pathOf(n) || '(root)'),
          actions: t.actions.map(actionLabel),
          scope: meta.scope ?? [],
          unreachable: meta.unreachable,
          description: t.description,
        });
      });
    }
  }
  return out;
}

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
