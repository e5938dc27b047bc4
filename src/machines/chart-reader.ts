/**
 * Reads a chart's static definition — every state and every declared transition (`on`, delayed, invoke
 * and `always`) with its guard, the guard's spec rules, targets and actions. Pure and browser-safe: the
 * catalogue and coverage tools and the flow explorer read charts through this one module.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { SpecRule } from '../core/rules/spec-rule';
import { guardLabel, guardLeaves, ruleOfGuard, transitionMeta, type ScopeRule } from './lifecycles/lifecycle';

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
