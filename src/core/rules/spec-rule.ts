import { Roles, type Role } from '../model/role-names';

/**
 * The shared shape of a lifecycle rule: one sentence of the spec (or of docs/decisions.md, "Lifecycle charts")
 * and the pure test that implements it. Charts build their guards from these objects
 * (src/machines/lifecycles/lifecycle.ts), `decide` names them when it refuses an event, and the
 * catalogue (`npm run machines`) prints their sentences — one home for each rule.
 */
export interface SpecRule<F> {
  /** Stable id, `<topic>.<name>`, e.g. `appointment.reinstatable`. */
  readonly id: string;
  /** The sentence this rule implements, quoted from the spec or from our decisions. */
  readonly spec: string;
  /** Where the sentence comes from: `bookings §4`, `bookings §5`, … or `decision`. */
  readonly source: string;
  /** True when the facts allow what the sentence describes. Pure; never throws. */
  readonly test: (facts: F) => boolean;
  /** The spec's user-facing text for a refusal, when it has one (e.g. 'Note is required!'). */
  readonly message?: string;
}

/** A rule over a record's status alone: charts declare the transition only in the statuses it allows. */
export interface StatusRule<S extends string> extends SpecRule<{ readonly status: S }> {
  readonly kind: 'status';
  /** The statuses the sentence allows; `test` is membership in this list. */
  readonly allowed: readonly S[];
}

/** A rule over the acting role alone; `roles` lists who may act (empty: nobody). */
export interface RoleRule extends SpecRule<{ readonly role: ActorRole }> {
  readonly kind: 'role';
  readonly roles: readonly ActorRole[];
}

/**
 * Who acts: the role of the signed-in account (accounts §6), or `system` for what the server does
 * by itself (the daily sweep, billing outcomes). `system` is never a role of a token.
 */
export type ActorRole = Role | 'system';
export const ActorRoles: readonly ActorRole[] = [...Roles, 'system'];

export const specRule = <F>(rule: SpecRule<F>): SpecRule<F> => rule;

export const statusRule = <S extends string>(
  id: string,
  spec: string,
  source: string,
  allowed: readonly S[],
): StatusRule<S> => ({
  kind: 'status',
  id,
  spec,
  source,
  allowed,
  test: ({ status }) => allowed.includes(status),
});

export const roleRule = (id: string, spec: string, source: string, roles: readonly ActorRole[]): RoleRule => ({
  kind: 'role',
  id,
  spec,
  source,
  roles,
  test: ({ role }) => roles.includes(role),
});

/** The kind of a rule: `status` and `role` rules are built by the helpers above; any other is a `fact` rule. */
export const ruleKind = (rule: SpecRule<never>): 'status' | 'role' | 'fact' => {
  const kind = (rule as { readonly kind?: unknown }).kind;
  return kind === 'status' || kind === 'role' ? kind : 'fact';
};

// ── plain Date math shared by the rules (no luxon in the core rules of lifecycles) ──

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** Milliseconds since the epoch of an ISO-8601 string, or NaN when it is missing or not a date. */
export const instant = (iso: string | null | undefined): number => (typeof iso === 'string' && iso !== '' ? Date.parse(iso) : Number.NaN);

/** True when both are valid instants and `a` is strictly before `b`. */
export const isBefore = (a: string | null | undefined, b: string | null | undefined): boolean => {
  const x = instant(a);
  const y = instant(b);
  return Number.isFinite(x) && Number.isFinite(y) && x < y;
};

/** True when `text` has something other than white space. */
export const hasText = (text: string | null | undefined): boolean => typeof text === 'string' && text.trim() !== '';
