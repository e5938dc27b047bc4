/**
 * Roles and account types as plain lists, with no schema: the session chart and the rules on every page's boot
 * path read them without loading effect/Schema (docs/performance.md). ./roles.ts adds the schemas and re-exports
 * all of this.
 */

/** Roles of accounts §6. The active role comes from the active account's type; super from the user's role. */
export const Roles = ['super', 'admin', 'customer', 'vendor', 'organization', 'affiliate', 'basic_user', 'none'] as const;
export type Role = (typeof Roles)[number];

/** Account types that can be an active account. */
export const AccountTypes = ['customer', 'vendor', 'organization', 'affiliate'] as const;
export type AccountType = (typeof AccountTypes)[number];

/** Kinds of account a user's account list may hold: the four account types and 'user' (bookings §6). */
export const AccountKinds = [...AccountTypes, 'user'] as const;
export type AccountKind = (typeof AccountKinds)[number];

/** Roles that can be active in a session (the four account types and super). */
export const ActiveRoles = ['super', ...AccountTypes] as const;
export type ActiveRole = (typeof ActiveRoles)[number];

export const isAccountType = (value: unknown): value is AccountType =>
  typeof value === 'string' && (AccountTypes as readonly string[]).includes(value);
export const isRole = (value: unknown): value is Role => typeof value === 'string' && (Roles as readonly string[]).includes(value);
