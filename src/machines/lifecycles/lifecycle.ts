/**
 * Shared pieces of the lifecycle charts: guards built from spec rules, status scopes, restoring a chart
 * at a stored status, and `decide` — the pure function the server's transition service calls.
 *
 * Conventions (docs/machines/README.md; docs/decisions.md, "How the charts are written"):
 * - A guard is a rule of src/core/rules wrapped by `ruleGuards`; the wrapper keeps the rule object on
 *   the guard function (`guard.rule`), so `decide` and the catalogue quote its sentence.
 * - A rule about the status alone (a `StatusRule`) is not a guard: the chart declares the transition
 *   only in the statuses the rule allows and records the rule in the transition's `meta.scope`.
 * - Events carry the actor and the time: `{ type: 'appointment.complete', actor: { role }, now }`.
 */
import {
  and,
  not,
  or,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { ruleKind, type ActorRole, type SpecRule, type StatusRule } from '../../core/rules/spec-rule';

/** The acting party of an event. */
export interface Actor {
  readonly role: ActorRole;
}

/** What every lifecycle event carries besides its type and payload. */
export interface ActorEvent {
  readonly actor: Actor;
  /** The moment of the request, ISO-8601 (the server's clock; the SPA's `new Date()` only for display). */
  readonly now: string;
}

export interface GuardArgsOf<TContext, TEvent> {
  readonly context: TContext;
  readonly event: TEvent;
}

/** A guard implementation that carries the rule it implements. */
export type RuleGuard<TContext, TEvent> = ((args: GuardArgsOf<TContext, TEvent>) => boolean) & { readonly rule: SpecRule<never> };

/**
 * Builds named guards from rules: each guard computes the facts from `{ context, event }` and runs
 * `rule.test`. The rule object stays attached (`guard.rule`).
 */
export function ruleGuards<TContext, TEvent, TFacts, const R extends Readonly<Record<string, SpecRule<TFacts>>>>(
  rules: R,
  facts: (args: GuardArgsOf<TContext, TEvent>) => TFacts,
): { readonly [K in keyof R]: RuleGuard<TContext, TEvent> } {
  const guards: Record<string, RuleGuard<TContext, TEvent>> = {};
  for (const [name, rule] of Object.entries(rules)) {
    guards[name] = Object.assign((args: GuardArgsOf<TContext, TEvent>) => rule.test(facts(args)), { rule: rule as SpecRule<never> });
  }
  return guards as { readonly [K in keyof R]: RuleGuard<TContext, TEvent> };
}

/** A status rule as transition meta holds it (any status type). */
export type ScopeRule = Pick<StatusRule<string>, 'id' | 'spec' | 'source' | 'kind' | 'allowed' | 'message'>;

/** `meta` of a lifecycle transition. */
export interface LifecycleTransitionMeta {
  /** Status rules that allow this transition in its source status (the chart declares it only there). */
  readonly scope?: readonly ScopeRule[];
  /**
   * Set when the spec makes the transition impossible for now (e.g. "Start-time approval: allowed for no
   * roles presently."): it is declared so that `decide` explains the refusal, and the coverage report
   * lists it apart instead of counting it as untested.
   */
  readonly unreachable?: string;
}

/** `meta` for a transition allowed by status rules. */
export const scoped = (...rules: readonly ScopeRule[]): { readonly scope: readonly ScopeRule[] } => ({ scope: rules });

export const transitionMeta = (t: AnyTransitionDefinition): LifecycleTransitionMeta => (t.meta ?? {}) as LifecycleTransitionMeta;

/** The statuses (top-level states) of a chart. */
export const statusesOf = (machine: AnyStateMachine): readonly string[] => Object.keys(machine.root.states);

export const isStatusOf = (machine: AnyStateMachine, status: string): boolean => Object.hasOwn(machine.root.states, status);

/** Every transition a node declares (`on`, delayed and invoke transitions, and `always`). */
export const declaredTransitions = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
];

/**
 * The chart restored at a stored status with the record's facts — what the server does before it asks
 * for a transition, and what the SPA does to show a record's buttons (`snapshot.can(event)`).
 */
export function lifecycleAt<M extends AnyStateMachine>(machine: M, status: string, facts: ContextFrom<M>): SnapshotFrom<M> {
  if (!isStatusOf(machine, status)) {
    throw new Error(`'${status}' is not a status of the ${machine.id} chart (${statusesOf(machine).join(', ')})`);
  }
  return machine.resolveState({ value: status, context: facts }) as SnapshotFrom<M>;
}

/** One reason a transition was refused: the guard (null for a status scope) and the rule behind it. */
export interface Refusal {
  readonly guard: string | null;
  readonly rule: {
    readonly id: string;
    readonly spec: string;
    readonly source: string;
    readonly kind: 'status' | 'role' | 'fact';
    readonly message?: string | undefined;
  } | null;
}

export type RefusalCode = 'unknown_status' | 'unknown_event' | 'not_allowed_in_status' | 'blocked_by_guard';

export type Decision<TContext> =
  | {
      readonly ok: true;
      readonly chart: string;
      readonly event: string;
      readonly from: string;
      readonly to: string;
      /** The record's facts after the transition (assignments of the chart applied). */
      readonly facts: TContext;
    }
  | {
      readonly ok: false;
      readonly chart: string;
      readonly event: string;
      readonly from: string;
      readonly code: RefusalCode;
      /** Names the chart, the current status, the event and — when a guard blocked it — the guard and its sentence. */
      readonly reason: string;
      readonly blockedBy: readonly Refusal[];
      /** The spec's user-facing text, when the refusing rule has one (e.g. 'Note is required!'). */
      readonly message?: string | undefined;
    };

const describeRule = (rule: SpecRule<never> | undefined): Refusal['rule'] =>
  rule ? { id: rule.id, spec: rule.spec, source: rule.source, kind: ruleKind(rule), message: rule.message } : null;

type GuardLike = unknown;
interface HigherOrderGuard {
  (...args: never[]): unknown;
  readonly guards: readonly GuardLike[];
  readonly check: unknown;
}
const isHigherOrder = (g: GuardLike): g is HigherOrderGuard =>
  typeof g === 'function' && 'guards' in g && Array.isArray((g as { guards?: unknown }).guards) && 'check' in g;

/**
 * and / or / not, told apart by xstate's own check functions: a minifier renames the functions `and()`
 * returns, so their `name` cannot be trusted in a production build.
 */
const COMBINATORS = new Map<unknown, 'and' | 'or' | 'not'>([
  [(and([]) as unknown as HigherOrderGuard).check, 'and'],
  [(or([]) as unknown as HigherOrderGuard).check, 'or'],
  [(not(() => true) as unknown as HigherOrderGuard).check, 'not'],
]);
const combinator = (g: HigherOrderGuard): string => COMBINATORS.get(g.check) ?? g.name;

/** A guard as text: `name`, `and(a, b)`, `not(a)`, `(inline)`; '' for none. */
export const guardLabel = (g: GuardLike): string => {
  if (g === undefined || g === null) return '';
  if (typeof g === 'string') return g;
  if (isHigherOrder(g)) return `${combinator(g)}(${g.guards.map(guardLabel).join(', ')})`;
  if (typeof g === 'function') return '(inline)';
  if (typeof g === 'object' && 'type' in g) return String((g as { type: unknown }).type);
  return String(g);
};

/** The named guards inside a guard (leaves of and/or/not), in order. */
export const guardLeaves = (g: GuardLike): string[] => {
  if (g === undefined || g === null) return [];
  if (typeof g === 'string') return [g];
  if (isHigherOrder(g)) return g.guards.flatMap(guardLeaves);
  if (typeof g === 'object' && 'type' in g) return [String((g as { type: unknown }).type)];
  return [];
};

/** The rule a named guard of `machine` implements, if it was built with `ruleGuards`. */
export const ruleOfGuard = (machine: AnyStateMachine, name: string): SpecRule<never> | undefined =>
  (machine.implementations.guards as Record<string, { readonly rule?: SpecRule<never> } | undefined>)[name]?.rule;

/** Does guard `g` of `machine` pass for this context and event? (Evaluates and/or/not like xstate.) */
export const guardPasses = (machine: AnyStateMachine, g: GuardLike, context: unknown, event: unknown): boolean =>
  passes(machine, g, context, event);

type GuardImpl = ((args: { context: unknown; event: unknown }, params: unknown) => boolean) & { readonly rule?: SpecRule<never> };

function implementation(machine: AnyStateMachine, g: GuardLike): { impl: GuardImpl | undefined; params: unknown } {
  const guards = machine.implementations.guards as Record<string, GuardImpl | undefined>;
  if (typeof g === 'string') return { impl: guards[g], params: undefined };
  if (g && typeof g === 'object' && 'type' in g) {
    const { type, params } = g as { type: string; params?: unknown };
    return { impl: guards[type], params };
  }
  return { impl: typeof g === 'function' ? (g as GuardImpl) : undefined, params: undefined };
}

function passes(machine: AnyStateMachine, g: GuardLike, context: unknown, event: unknown): boolean {
  if (g === undefined) return true;
  if (isHigherOrder(g)) {
    const results = g.guards.map((child) => passes(machine, child, context, event));
    const kind = combinator(g);
    if (kind === 'and') return results.every(Boolean);
    if (kind === 'or') return results.some(Boolean);
    if (kind === 'not') return !results[0];
    return false;
  }
  const { impl, params } = implementation(machine, g);
  if (!impl) return false;
  if (isHigherOrder(impl)) return passes(machine, impl, context, event);
  return impl({ context, event }, params);
}

/** The leaf guards responsible for `g` failing. */
function failing(machine: AnyStateMachine, g: GuardLike, context: unknown, event: unknown): Refusal[] {
  if (passes(machine, g, context, event)) return [];
  if (isHigherOrder(g) && (combinator(g) === 'and' || combinator(g) === 'or')) {
    return g.guards.flatMap((child) => failing(machine, child, context, event));
  }
  const { impl } = implementation(machine, g);
  return [{ guard: guardLabel(g), rule: isHigherOrder(g) ? null : describeRule(impl?.rule) }];
}

function allTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...declaredTransitions(node), ...Object.values(node.states).flatMap(allTransitions)];
}

const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * May `event` happen to a record in `status` with `facts`? Pure: the same inputs give the same answer.
 * `{ ok: true, to, facts }` names the next status and facts; `{ ok: false, reason }` says why not, naming
 * the status, the event and (when a guard blocked it) each failing guard with its spec sentence.
 */
export function decide<M extends AnyStateMachine>(
  machine: M,
  status: string,
  facts: ContextFrom<M>,
  event: EventFromLogic<M>,
): Decision<ContextFrom<M>> {
  const chart = machine.id;
  const type = (event as EventObject).type;
  const refuse = (code: RefusalCode, reason: string, blockedBy: readonly Refusal[] = []): Decision<ContextFrom<M>> => ({
    ok: false,
    chart,
    event: type,
    from: status,
    code,
    reason,
    blockedBy,
    message: blockedBy.map((r) => r.rule?.message).find((m) => m !== undefined),
  });

  if (!isStatusOf(machine, status)) {
    return refuse('unknown_status', `${chart}: '${status}' is not a status of this chart (${statusesOf(machine).join(', ')}).`);
  }
  if (!(machine.events as readonly string[]).includes(type)) {
    return refuse('unknown_event', `${chart}: '${type}' is not an event of this chart.`);
  }
  const logic: AnyStateMachine = machine;
  const snapshot: AnyMachineSnapshot = logic.resolveState({ value: status, context: facts });
  if (snapshot.can(event)) {
    const [next] = transition(logic, snapshot, event);
    return { ok: true, chart, event: type, from: status, to: valueText(next.value), facts: next.context as ContextFrom<M> };
  }

  const node = machine.root.states[status] as AnyStateNode;
  const candidates = node.transitions.get(type) ?? [];
  if (candidates.length === 0) {
    const elsewhere = allTransitions(machine.root).filter((t) => t.eventType === type);
    const scopes = [...new Set(elsewhere.flatMap((t) => transitionMeta(t).scope ?? []))].filter(
      (rule) => !(rule.allowed as readonly string[]).includes(status),
    );
    const sources = [...new Set(elsewhere.map((t) => t.source.key))];
    const why = scopes.length > 0 ? ` ${scopes.map((r) => r.spec).join(' ')}` : '';
    const final = node.type === 'final' ? ` '${status}' is final.` : '';
    return refuse(
      'not_allowed_in_status',
      `${chart}: '${type}' is not allowed in status '${status}' (only in: ${sources.join(', ') || 'none'}).${final}${why}`,
      scopes.map((rule) => ({ guard: null, rule: { id: rule.id, spec: rule.spec, source: rule.source, kind: 'status', message: rule.message } })),
    );
  }
  const context = snapshot.context;
  const blockedBy = candidates.flatMap((t) => failing(machine, t.guard, context, event));
  const unique = blockedBy.filter((r, i) => blockedBy.findIndex((o) => o.guard === r.guard) === i);
  const because = unique.map((r) => (r.rule ? `guard '${r.guard}' (${r.rule.id}): ${r.rule.spec}` : `guard '${r.guard}'`)).join('; ');
  return refuse('blocked_by_guard', `${chart}: '${type}' in status '${status}' is blocked by ${because}`, unique);
}
