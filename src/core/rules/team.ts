/**
 * An organization's team (bookings §2 organization vendors; §8 'Max vendors for your organization has been
 * reached'): how many vendors it may have, and how its vendor list is searched. One home for the rule: the
 * server refuses the invitation with it, the team screens show the count against it.
 */
import { specRule } from './spec-rule';

/** The maximum vendor count of an organization that has none of its own (issue 11: configurable, default 25). */
export const DEFAULT_MAX_VENDORS = 25;

/** Search text shorter than this finds nothing (the contract's SearchText: fewer than 3 characters, an empty result). */
export const TEAM_SEARCH_MIN = 3;

/** The team list's page size. */
export const TEAM_PAGE_SIZE = 10;

export interface TeamSize {
  /** Vendors the organization has now. */
  readonly count: number;
  /** Its maximum (its own, or the server's default). */
  readonly max: number;
}

export const teamRules = {
  roomForVendor: specRule<TeamSize>({
    id: 'team.roomForVendor',
    spec: 'An organization invites vendors up to its maximum vendor count (configurable, default 25); at the maximum: Max vendors for your organization has been reached.',
    source: 'bookings §8 + issue 11',
    test: ({ count, max }) => count < max,
    message: 'Max vendors for your organization has been reached',
  }),
} as const;

/** True when the organization may invite one more vendor. */
export const hasRoomForVendor = (size: TeamSize): boolean => teamRules.roomForVendor.test(size);

/** The search words to send or apply: trimmed, and undefined when too short to search. */
export const teamSearchWords = (text: string | null | undefined): string | undefined => {
  const words = (text ?? '').trim();
  return words.length >= TEAM_SEARCH_MIN ? words : undefined;
};

/** What an invitation needs (NewVendorRequest): first and last name, and a well-formed e-mail. */
export interface InviteInput {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
}

export type InviteField = keyof InviteInput;
export type InviteProblem = 'required' | 'email';

/** The same address check as the sign-up forms (validators.ts EMAIL_RE), kept here without importing the form validators. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The problems of an invitation, by field; empty when it may be sent. */
export const inviteProblems = (input: InviteInput): Partial<Record<InviteField, InviteProblem>> => {
  const problems: Partial<Record<InviteField, InviteProblem>> = {};
  if (input.first_name.trim() === '') problems.first_name = 'required';
  if (input.last_name.trim() === '') problems.last_name = 'required';
  if (input.email.trim() === '') problems.email = 'required';
  else if (!EMAIL.test(input.email.trim())) problems.email = 'email';
  return problems;
};
