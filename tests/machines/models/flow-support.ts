/**
 * Shared pieces of the flow-chart models (registration, password, phone, onboarding): the synthetic
 * events of invokes and delays, and initial snapshots for a given input.
 */
import { createActor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InputFrom } from 'xstate';

/** `xstate.done.actor.<id>` with an output. */
export const done = (id: string, output?: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });

/** `xstate.error.actor.<id>` with a port failure shaped like the tagged errors (`{_tag, message, code}`). */
export const failed = (id: string, error: unknown = { _tag: 'ApiError', message: 'Server says no', code: 'conflict' }): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error,
});

/** The delayed events (`after`) of every active state node of a snapshot. */
export const delayedEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
  (snapshot as unknown as { _nodes: { after: { eventType: string }[] }[] })._nodes.flatMap((node) => node.after.map((t) => ({ type: t.eventType })));

/** The initial snapshot of a chart for an input (its first invoke is created, not started). */
export const initialSnapshot = <M extends AnyStateMachine>(machine: M, input: InputFrom<M>): AnyMachineSnapshot =>
  createActor(machine, { input }).getSnapshot() as AnyMachineSnapshot;

/** True when the snapshot is in the state at `path` (dotted). */
export const isIn = (snapshot: AnyMachineSnapshot, path: string): boolean => snapshot.matches(path.includes('.') ? toValue(path) : path);

const toValue = (path: string): Record<string, unknown> | string => {
  const [head, ...rest] = path.split('.');
  return rest.length === 0 ? head! : { [head!]: toValue(rest.join('.')) };
};
