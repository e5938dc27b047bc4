/**
 * Shared by the machine catalogue (tools/machines-catalogue.ts), the coverage report
 * (tools/machines-coverage.ts) and the model-based tests (tests/machines):
 *
 * - discovery: every `*.machine.ts` under src/machines, and every machine it exports;
 * - the static definition of a chart (states and declared transitions, including `invoke`
 *   onDone/onError, `after` and `always` edges), read from `machine.root` — no createTestModel;
 * - coverage: which declared transitions a set of generated paths (xstate/graph) exercised.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createActor,
  type AnyActorScope,
  type AnyEventObject,
  type InspectedMicrostepEvent,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { SpecRule } from '../src/core/rules/spec-rule';
import { guardLabel, guardLeaves, ruleOfGuard, transitionMeta, type ScopeRule } from '../src/machines/lifecycles/lifecycle';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// ── discovery ──

export interface Chart {
  /** Unique name: the file's base name (`appointment` for appointment.machine.ts), qualified when needed. */
  readonly name: string;
  /** Repository-relative path of the module, with `/`. */
  readonly file: string;
  /** `lifecycle`, `flow`, or the folder name for anything else under src/machines. */
  readonly kind: string;
  readonly exportName: string;
  readonly machine: AnyStateMachine;
}

/** Anything a module exports that is a state machine (has `config`, `root` and `getInitialSnapshot`). */
export const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'config' in value &&
  'root' in value &&
  typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function';

const toPosix = (p: string): string => p.split(sep).join('/');

function machineFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...machineFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.machine.ts')) out.push(full);
  }
  return out.sort();
}

const kindOf = (file: string): string => {
  const parts = file.split('/');
  const folder = parts[parts.length - 2] ?? '';
  return folder === 'lifecycles' ? 'lifecycle' : folder === 'flows' ? 'flow' : folder;
};

/** Imports every `*.machine.ts` under src/machines and returns its machines, sorted by name. */
export async function discoverCharts(root: string = repoRoot): Promise<Chart[]> {
  const found: Omit<Chart, 'name'>[] = [];
  for (const abs of machineFiles(join(root, 'src', 'machines'))) {
    const file = toPosix(relative(root, abs));
    const mod = (await import(pathToFileURL(abs).href)) as Record<string, unknown>;
    const seen = new Set<AnyStateMachine>();
    for (const exportName of Object.keys(mod).sort()) {
      const value = mod[exportName];
      if (isMachine(value) && !seen.has(value)) {
        seen.add(value);
        found.push({ file, kind: kindOf(file), exportName, machine: value });
      }
    }
  }
  const base = (c: Omit<Chart, 'name'>): string => {
    const b = c.file.split('/').pop()!.replace(/\.machine\.ts$/, '');
    const sameFile = found.filter((o) => o.file === c.file).length > 1;
    return sameFile ? `${b}.${c.machine.id}` : b;
  };
  const charts = found.map((c) => {
    const name = base(c);
    const clash = found.filter((o) => base(o) === name).length > 1;
    return { ...c, name: clash ? `${c.kind}-${name}` : name };
  });
  return charts.sort((a, b) => a.name.localeCompare(b.name));
}

// ── static definition ──

export interface StateInfo {
  readonly path: string;
  readonly key: string;
  readonly depth: number;
  readonly type: string;
  readonly node: AnyStateNode;
  readonly description?: string | undefined;
}

export interface DeclaredTransition {
  /** Stable id: `<source path>|<event>|<index among the source's transitions for that event>`. */
  readonly id: string;
  readonly source: string;
  /** The event descriptor as declared (`appointment.cancel`, `xstate.after.500.session.idle`, `xstate.done.actor.load`, '' for always). */
  readonly event: string;
  /** The event for people: `appointment.cancel`, `after 500 ms`, `done: load`, `error: load`, `always`. */
  readonly eventLabel: string;
  readonly kind: 'event' | 'after' | 'done' | 'error' | 'always' | 'internal';
  readonly guard: string;
  /** Rules of the named guards (leaves of and/or/not), for the spec column. */
  readonly guardRules: readonly { readonly guard: string; readonly rule: SpecRule<never> | undefined }[];
  /** Target state paths; empty for a targetless transition (stays, runs actions). */
  readonly targets: readonly string[];
  readonly reenter: boolean;
  readonly actions: readonly string[];
  readonly scope: readonly ScopeRule[];
  readonly description?: string | undefined;
  readonly unreachable?: string | undefined;
  readonly definition: AnyTransitionDefinition;
}

export const pathOf = (node: AnyStateNode): string => node.path.join('.');

/** All state nodes below the root, depth first in declaration order. */
export function statesOf(machine: AnyStateMachine): StateInfo[] {
  const out: StateInfo[] = [];
  const visit = (node: AnyStateNode): void => {
    for (const child of Object.values(node.states)) {
      out.push({ path: pathOf(child), key: child.key, depth: child.path.length, type: child.type, node: child, description: child.description });
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

function describeEvent(node: AnyStateNode, event: string): { label: string; kind: DeclaredTransition['kind'] } {
  const after = /^xstate\.after\.(.+)\.([^.]+(?:\.[^.]+)*)$/.exec(event);
  if (after && event.endsWith(`.${node.id}`)) {
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

/** Every declared transition of a chart, in state order then declaration order. */
export function declaredTransitionsOf(machine: AnyStateMachine): DeclaredTransition[] {
  const out: DeclaredTransition[] = [];
  const nodes = [machine.root, ...statesOf(machine).map((s) => s.node)];
  for (const node of nodes) {
    const source = pathOf(node) || '(root)';
    const entries: [string, AnyTransitionDefinition[]][] = [...node.transitions.entries()];
    if (node.always && node.always.length > 0) entries.push(['', [...node.always]]);
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
          guardRules: guardLeaves(t.guard).map((guard) => ({ guard, rule: ruleOfGuard(machine, guard) })),
          targets: (t.target ?? []).map((n) => pathOf(n) || '(root)'),
          reenter: t.reenter,
          actions: t.actions.map(actionLabel),
          scope: meta.scope ?? [],
          description: t.description,
          unreachable: meta.unreachable,
          definition: t,
        });
      });
    }
  }
  return out;
}

// ── model-based coverage ──

/**
 * How to exercise a chart: the events to try in each snapshot — with facts that satisfy AND that fail
 * each guard — and, optionally, more snapshots to start from than the initial one. A flow chart's model
 * sends the synthetic events of its invokes and delays (`xstate.done.actor.<id>`, `xstate.after.<ms>.<state id>`).
 */
export interface ChartModel<M extends AnyStateMachine = AnyStateMachine> {
  readonly machine: M;
  readonly events: (snapshot: AnyMachineSnapshot) => readonly AnyEventObject[];
  readonly starts?: () => readonly AnyMachineSnapshot[];
}

export interface StepRecord {
  readonly from: AnyMachineSnapshot;
  readonly event: AnyEventObject;
  readonly to: AnyMachineSnapshot;
  readonly fired: readonly AnyTransitionDefinition[];
}

/**
 * Takes one macrostep without executing actions, and returns the next snapshot and every transition
 * taken on the way (the event's own, then eventless and raised ones), as xstate's inspection reports them.
 */
export function step(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): { next: AnyMachineSnapshot; fired: AnyTransitionDefinition[] } {
  const { scope, sink } = inspectingScope(machine);
  sink.length = 0;
  const next = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
  return { next, fired: sink.splice(0) };
}

const scopes = new WeakMap<AnyStateMachine, { scope: AnyActorScope; sink: AnyTransitionDefinition[] }>();

/** An inert actor scope (actions are not executed) whose system reports microsteps into `sink`. */
function inspectingScope(machine: AnyStateMachine): { scope: AnyActorScope; sink: AnyTransitionDefinition[] } {
  const cached = scopes.get(machine);
  if (cached) return cached;
  const sink: AnyTransitionDefinition[] = [];
  const self = createActor(machine, {
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') sink.push(...(ev as InspectedMicrostepEvent)._transitions);
    },
  });
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    system: self.system,
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
  };
  const entry = { scope, sink };
  scopes.set(machine, entry);
  return entry;
}

/**
 * Generates paths with `getShortestPaths` (xstate/graph) from every start, then extends each path's end
 * state by every event of the model, replaying each step with `transition`. Returns every step taken.
 */
export function exercise(model: ChartModel): StepRecord[] {
  const { machine } = model;
  const starts = model.starts?.() ?? [machine.getInitialSnapshot({ self: undefined } as never) as AnyMachineSnapshot];
  const records: StepRecord[] = [];
  for (const start of starts) {
    const paths = getShortestPaths(machine, { fromState: start, events: (s: AnyMachineSnapshot) => [...model.events(s)] });
    for (const path of paths) {
      // replay the path from its start
      let current: AnyMachineSnapshot = start;
      for (const pathStep of path.steps) {
        if (pathStep.event.type === 'xstate.init') continue;
        const { next, fired } = step(machine, current, pathStep.event);
        records.push({ from: current, event: pathStep.event, to: next, fired });
        current = next;
      }
      // and one more step by every event the model offers at the path's end
      for (const event of model.events(current)) {
        const { next, fired } = step(machine, current, event);
        records.push({ from: current, event, to: next, fired });
      }
    }
  }
  return records;
}

export interface CoverageReport {
  readonly chart: string;
  readonly declared: number;
  readonly covered: number;
  /** Declared transitions the spec makes impossible for now (`meta.unreachable`), not counted. */
  readonly unreachable: readonly DeclaredTransition[];
  readonly missing: readonly DeclaredTransition[];
  readonly hasModel: boolean;
}

export function coverageOf(chart: string, machine: AnyStateMachine, records: readonly StepRecord[] | null): CoverageReport {
  const declared = declaredTransitionsOf(machine);
  const fired = new Set<AnyTransitionDefinition>(records?.flatMap((r) => r.fired) ?? []);
  const counted = declared.filter((t) => t.unreachable === undefined);
  const missing = counted.filter((t) => !fired.has(t.definition));
  return {
    chart,
    declared: counted.length,
    covered: counted.length - missing.length,
    unreachable: declared.filter((t) => t.unreachable !== undefined),
    missing,
    hasModel: records !== null,
  };
}

/** Where a chart's model lives: tests/machines/models/<chart>.model.ts exporting `model`. */
export const modelFile = (chart: string, root: string = repoRoot): string => join(root, 'tests', 'machines', 'models', `${chart}.model.ts`);

export async function loadModel(chart: string, root: string = repoRoot): Promise<ChartModel | null> {
  try {
    const mod = (await import(pathToFileURL(modelFile(chart, root)).href)) as { model?: ChartModel };
    return mod.model ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(`${chart}.model`)) return null;
    throw error;
  }
}

export const percent = (covered: number, declared: number): string => (declared === 0 ? '100.0' : ((100 * covered) / declared).toFixed(1));
