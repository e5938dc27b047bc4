/**
 * A user's account status (bookings §4: "user statuses pending_email, claim_account, active, inactive") and
 * the confirmation of the user's phone number (accounts §5: SMS registration and the texted code). The
 * transitions between them are ours (docs/decisions.md), the statuses the spec's.
 */
import { UserStatuses, type UserStatus } from '../model/user';
import type { ConfirmationMethod } from '../model/registration';
import { isValidResendPhone } from './phone';
import { hasText, roleRule, specRule, type SpecRule } from './spec-rule';

export { UserStatuses, type UserStatus };

/** The phone confirmation of a user (users.phone_confirmed). */
export const PhoneConfirmationStatuses = ['unconfirmed', 'confirmed'] as const;
export type PhoneConfirmationStatus = (typeof PhoneConfirmationStatuses)[number];

/** How a registration proves who it is: the chosen confirmation method, and whether a sign-in provider verified the address. */
export interface RegistrationProof {
  readonly method: ConfirmationMethod;
  readonly verifiedEmail: boolean;
}

const waitsForEmail = ({ method, verifiedEmail }: RegistrationProof): boolean => method === 'email' && !verifiedEmail;

export const userRules = {
  registrant: roleRule(
    'user.registrantRoles',
    'Registration creates a customer, organization or affiliate account (accounts §5 registration payload: type).',
    'accounts §5',
    ['customer', 'organization', 'affiliate'],
  ),
  administrator: roleRule(
    'user.administratorRoles',
    'Admins (role super) manage everything: only an admin deactivates or reactivates a user.',
    'bookings §1 + decision',
    ['super', 'admin'],
  ),
  inviter: roleRule(
    'user.inviterRoles',
    'An admin invites anyone; an organization invites the vendors of its team by email (bookings §2 organization vendors, add new; issue 11).',
    'bookings §2 + issue 11',
    ['super', 'admin', 'organization'],
  ),
  waitsForEmail: specRule<RegistrationProof>({
    id: 'user.waitsForEmail',
    spec: 'A registration confirmed by email waits in pending_email until the address is proven (link, code or password reset).',
    source: 'accounts §5 + decision',
    test: waitsForEmail,
  }),
  activeAtOnce: specRule<RegistrationProof>({
    id: 'user.activeAtOnce',
    spec: 'A registration confirmed by SMS, or a social sign-up whose provider verified the address, is active at once (an SMS sign-in still waits for the texted code).',
    source: 'accounts §5 + decision',
    test: (proof) => !waitsForEmail(proof),
  }),
} as const;

export const phoneConfirmationRules = {
  hasPhone: specRule<{ readonly phone: string | null }>({
    id: 'phone.hasPhone',
    spec: 'Invalid phone number format: a phone number is needed to confirm by text message.',
    source: 'accounts §5',
    test: ({ phone }) => hasText(phone),
  }),
  newPhoneValid: specRule<{ readonly newPhone: string }>({
    id: 'phone.newPhoneValid',
    spec: 'A signed-in person confirms a new number (+1 and ten digits) with the code texted to it; the confirmed number replaces the one before, confirmed or not.',
    source: 'accounts §5 + decision',
    test: ({ newPhone }) => isValidResendPhone(newPhone),
  }),
} as const;

export const userRuleList: readonly SpecRule<never>[] = Object.values(userRules);
export const phoneConfirmationRuleList: readonly SpecRule<never>[] = Object.values(phoneConfirmationRules);
