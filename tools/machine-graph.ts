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
  type AnyTransitionDefinition,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';

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
  return folder === 'lifecycles' ? 'lifecycle' : folder === 'flows' ? 'flow' : folder === 'features' ? 'feature' : folder;
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

// ── static definition: src/machines/chart-reader.ts (shared with the flow explorer) ──

import { declaredTransitionsOf, pathOf, statesOf, type DeclaredTransition, type StateInfo } from '../src/machines/chart-reader';

export { declaredTransitionsOf, pathOf, statesOf, type DeclaredTransition, type StateInfo };

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
  /**
   * Inputs to start from, for a chart whose first state decides by its input (eventless transitions taken
   * while the initial snapshot is built). Each start is built here with the inspecting scope, so those
   * transitions are counted as exercised. Used in addition to `starts`.
   */
  readonly inputs?: () => readonly unknown[];
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

/** The initial snapshot for an input, and the eventless transitions taken while building it. */
export function initialStep(machine: AnyStateMachine, input: unknown): { next: AnyMachineSnapshot; fired: AnyTransitionDefinition[] } {
  const { scope, sink } = inspectingScope(machine);
  sink.length = 0;
  const next = machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
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
  const records: StepRecord[] = [];
  const fromInputs = (model.inputs?.() ?? []).map((input) => {
    const { next, fired } = initialStep(machine, input);
    records.push({ from: next, event: { type: 'xstate.init', input }, to: next, fired });
    return next;
  });
  const starts = [
    ...(model.starts?.() ?? (fromInputs.length > 0 ? [] : [machine.getInitialSnapshot({ self: undefined } as never) as AnyMachineSnapshot])),
    ...fromInputs,
  ];
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
