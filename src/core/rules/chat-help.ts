import type { Role } from '../model/roles';

/**
 * The chat-help widget (accounts §1): customers, vendors, organizations and affiliates; not admins. A module of its
 * own (re-exported by rules/tickets.ts) because the shell reads it on every page and the ticket rules are not part
 * of the boot (docs/performance.md).
 */
export const hasChatHelp = (role: Role): boolean => role === 'customer' || role === 'vendor' || role === 'organization' || role === 'affiliate';
