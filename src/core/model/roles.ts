import * as Schema from 'effect/Schema';
import { AccountKinds, AccountTypes, Roles } from './role-names';

/** The lists, types and guards live in ./role-names.ts (no schema: the boot path reads them); re-exported here. */
export { AccountKinds, AccountTypes, ActiveRoles, Roles, isAccountType, isRole } from './role-names';
export type { ActiveRole } from './role-names';
import type * as names from './role-names';
export type Role = names.Role;
export type AccountType = names.AccountType;
export type AccountKind = names.AccountKind;

export const Role = Schema.Literals(Roles);
export const AccountType = Schema.Literals(AccountTypes);
export const AccountKind = Schema.Literals(AccountKinds);
