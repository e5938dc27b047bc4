/**
 * Payout onboarding of vendors, organizations and affiliates (issue 11; accounts §4 onboarding gates; bookings §7
 * onboarding authorize and token, bank_account, verification_document_data, accept_agreement, survey, finish_setup,
 * vendors/checklist). The chart is src/machines/lifecycles/payout-onboarding.machine.ts.
 */
import { maskDigits } from './mask';
import { roleRule, specRule, type ActorRole, type SpecRule } from './spec-rule';

/** not_started → linking (a link to the provider's onboarding was issued) → connected (settings.stripe_id) → finished (meta.initialSetup). */
export const PayoutOnboardingStatuses = ['not_started', 'linking', 'connected', 'finished'] as const;
export type PayoutOnboardingStatus = (typeof PayoutOnboardingStatuses)[number];

export const PayoutAccountKinds = ['organization', 'vendor', 'affiliate'] as const;
export type PayoutAccountKind = (typeof PayoutAccountKinds)[number];

/** What finishing needs, read from the onboarding record. */
export interface PayoutOnboardingFacts {
  readonly role: ActorRole;
  readonly kind: PayoutAccountKind;
  readonly agreementAccepted: boolean;
  /** An organization's verification document; a vendor's insurance document (checklist) with its validity. */
  readonly documentGiven: boolean;
  readonly surveyClosed: boolean;
}

/** The version of the provider agreement the onboarding step shows (accept_agreement records it). */
export const AGREEMENT_VERSION = '2026-01';

/** The vendor checklist (vendors/checklist): the insurance document carries its validity period. */
export const VENDOR_CHECKLIST = [
  { item_id: 'insurance', requires_document: true },
  { item_id: 'background_check', requires_document: false },
  { item_id: 'equipment', requires_document: false },
] as const;
export type VendorChecklistItemId = (typeof VENDOR_CHECKLIST)[number]['item_id'];
export const INSURANCE_ITEM: VendorChecklistItemId = 'insurance';

/** What is left before finishing, by kind (the onboarding screens list it; finish_setup refuses while any is left). */
export type PayoutRequirement = 'payout_account' | 'agreement' | 'document';
export const requirementsLeft = (kind: PayoutAccountKind, facts: { readonly connected: boolean; readonly agreementAccepted: boolean; readonly documentGiven: boolean }): PayoutRequirement[] => {
  const left: PayoutRequirement[] = [];
  if (!facts.connected) left.push('payout_account');
  if (kind === 'organization' && !facts.agreementAccepted) left.push('agreement');
  if (kind !== 'affiliate' && !facts.documentGiven) left.push('document');
  return left;
};

// ── tax ids (bookings §5: SSN 3-2-4 or EIN 2-7) ──────────────────────────────────────────────────────

export type TaxIdKind = 'ssn' | 'ein';
const SSN = /^[0-9]{3}-[0-9]{2}-[0-9]{4}$/;
const EIN = /^[0-9]{2}-[0-9]{7}$/;
/** The kind of a masked tax id, or undefined when it is neither an SSN nor an EIN. */
export const taxIdKindOf = (value: string): TaxIdKind | undefined => (SSN.test(value) ? 'ssn' : EIN.test(value) ? 'ein' : undefined);
/** The mask a business type takes: an individual gives an SSN, a company an EIN. */
export const taxIdKindFor = (businessType: 'individual' | 'company'): TaxIdKind => (businessType === 'individual' ? 'ssn' : 'ein');
export const maskTaxId = (input: string, kind: TaxIdKind): string => maskDigits(input, kind === 'ssn' ? [3, 2, 4] : [2, 7], '-');

/** A day (YYYY-MM-DD) range that is valid today: from ≤ today ≤ until, and from < until. */
export const documentRangeProblem = (from: string, until: string, today: string): 'order' | 'expired' | undefined => {
  if (!(from < until)) return 'order';
  if (until < today) return 'expired';
  return undefined;
};

export const payoutOnboardingRules = {
  onboarder: roleRule(
    'payoutOnboarding.onboarderRoles',
    'Vendors, organizations and affiliates complete onboarding to a payout provider; super (who manages everything) may act for them.',
    'accounts §1 + bookings §1 + decision',
    ['vendor', 'organization', 'affiliate', 'super', 'admin'],
  ),
  requirementsMet: specRule<PayoutOnboardingFacts>({
    id: 'payoutOnboarding.requirementsMet',
    spec: 'Finishing set-up needs the payment-provider account; an organization also its accepted agreement and verification document; a vendor its insurance document with its validity period.',
    source: 'issue 11 + openapi finish_setup',
    test: (f) => requirementsLeft(f.kind, { connected: true, agreementAccepted: f.agreementAccepted, documentGiven: f.documentGiven }).length === 0,
  }),
  surveyOpen: specRule<PayoutOnboardingFacts>({
    id: 'payoutOnboarding.surveyOpen',
    spec: 'Survey/form statuses draft, open, closed: a closed survey cannot change.',
    source: 'bookings §4',
    test: (f) => !f.surveyClosed,
  }),
} as const;

export const payoutOnboardingRuleList: readonly SpecRule<never>[] = Object.values(payoutOnboardingRules) as readonly SpecRule<never>[];

// ── the onboarding screens' steps and forms (src/machines/flows/payout-setup.machine.ts) ─────────

/** The steps of /organization/onboarding, /vendor/onboarding and /affiliate/onboarding, in the order shown. */
export type OnboardingStep = 'payout' | 'business' | 'bank' | 'document' | 'agreement' | 'survey' | 'checklist' | 'finish';
const STEPS_OF: Readonly<Record<PayoutAccountKind, readonly OnboardingStep[]>> = {
  organization: ['payout', 'business', 'bank', 'document', 'agreement', 'survey', 'finish'],
  vendor: ['payout', 'checklist', 'finish'],
  /** An affiliate is paid its give-back: the payout account and where the money goes, nothing to review. */
  affiliate: ['payout', 'bank', 'finish'],
};
export const onboardingStepsOf = (kind: PayoutAccountKind): readonly OnboardingStep[] => STEPS_OF[kind];

/** The survey's questions (its answers are saved with the question's words). */
export const SURVEY_QUESTIONS = { referral_source: 'How did you hear about us?', team_size: 'How many people work in your team?' } as const;
/** Referral sources offered (bookings §9). */
export const REFERRAL_SOURCES = ['Google', 'Social Media', 'Friend/Family', 'TV/Radio', 'Flyer/Postcard', 'Billboard', 'Other'] as const;

/** What the onboarding forms hold. `document` is the chosen file (the view's; a Blob in the browser). */
export interface PayoutDraft {
  readonly business_type: 'individual' | 'company';
  readonly entity_type: '' | 'sole_proprietorship' | 'single_member_llc';
  readonly tax_id: string;
  readonly account_holder_name: string;
  readonly account_holder_type: 'individual' | 'company';
  readonly routing_number: string;
  readonly account_number: string;
  readonly document: { readonly name: string; readonly type: string; readonly size: number; readonly body: Blob } | null;
  readonly valid_from: string;
  readonly valid_until: string;
  readonly agreed: boolean;
  readonly referral_source: string;
  readonly team_size: string;
}
export type PayoutField = Exclude<keyof PayoutDraft, 'account_holder_type'>;
/** What is wrong with a field: missing, not in its format, a validity that has ended, or ends before it starts. */
export type PayoutProblem = 'required' | 'invalid' | 'expired' | 'order';
export type PayoutFieldErrors = Readonly<Partial<Record<PayoutField, PayoutProblem>>>;

/** Business type, entity type and tax id: an individual gives an SSN (3-2-4), a company an EIN (2-7). */
export const businessProblems = (draft: PayoutDraft): PayoutFieldErrors => {
  if (draft.tax_id.trim() === '') return { tax_id: 'required' };
  const kind = taxIdKindOf(draft.tax_id.trim());
  return kind === taxIdKindFor(draft.business_type) || (kind === 'ein' && draft.business_type === 'individual') ? {} : { tax_id: 'invalid' };
};

/** The bank account: a holder, a nine-digit routing number, 4 to 17 account digits. */
export const bankAccountProblems = (draft: PayoutDraft): PayoutFieldErrors => {
  const errors: Partial<Record<PayoutField, PayoutProblem>> = {};
  if (draft.account_holder_name.trim() === '') errors.account_holder_name = 'required';
  if (draft.routing_number === '') errors.routing_number = 'required';
  else if (!/^[0-9]{9}$/.test(draft.routing_number)) errors.routing_number = 'invalid';
  if (draft.account_number === '') errors.account_number = 'required';
  else if (!/^[0-9]{4,17}$/.test(draft.account_number)) errors.account_number = 'invalid';
  return errors;
};

/** A document (an organization's verification document; a vendor's insurance): the file and its validity. */
export const documentProblems = (draft: PayoutDraft, untilOnly: boolean, today = new Date().toISOString().slice(0, 10)): PayoutFieldErrors => {
  const errors: Partial<Record<PayoutField, PayoutProblem>> = {};
  if (!draft.document) errors.document = 'required';
  if (!untilOnly && draft.valid_from === '') errors.valid_from = 'required';
  if (draft.valid_until === '') errors.valid_until = 'required';
  else if (draft.valid_until < today) errors.valid_until = 'expired';
  else if (!untilOnly && draft.valid_from !== '' && documentRangeProblem(draft.valid_from, draft.valid_until, today) === 'order') errors.valid_until = 'order';
  return errors;
};
