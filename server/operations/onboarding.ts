import { payoutOnboardingMachine } from '../../src/machines/lifecycles/payout-onboarding.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/** Who may send the payout-onboarding chart's events (its onboarder rule), narrowed to one kind of account and staff. */
const onboarders = chartAccess(payoutOnboardingMachine, 'onboarding.record');
const forKind = (...roles: readonly string[]) => onboarders.filter((role) => roles.includes(role));
const ORGANIZATION = forKind('organization', 'super', 'admin');
const VENDOR = forKind('vendor', 'super', 'admin');
const AFFILIATE = forKind('affiliate', 'super', 'admin');
/** The vendor checklist: the vendor, its organization, and staff. */
const CHECKLIST = forKind('vendor', 'organization', 'super', 'admin');

/**
 * Payout onboarding of organizations, vendors and affiliates (server/services/payout-onboarding.ts): the payment
 * provider's connected account (authorize, token), the business details, bank account, document, agreement, survey,
 * the vendor checklist, and finishing set-up.
 */
export const operations: OperationModule = [
  // ── organizations ── (an organization awaiting approval finishes these: `beforeApproval`, issue 21)
  defineOperation('getOrganizationOnboarding', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, services }) => services.payoutOnboarding.progress(auth, params.id, 'organization'),
  }),
  defineOperation('authorizeOrganizationOnboarding', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, services, requestId }) => services.payoutOnboarding.authorize(auth, params.id, 'organization', requestId),
  }),
  defineOperation('exchangeOrganizationOnboardingToken', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.exchange(auth, params.id, 'organization', body, requestId),
  }),
  defineOperation('setOrganizationBusiness', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.setBusiness(auth, params.id, body, requestId),
  }),
  defineOperation('getOrganizationBankAccount', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, services }) => services.payoutOnboarding.bankAccount(auth, params.id, 'organization'),
  }),
  defineOperation('setOrganizationBankAccount', {
    access: ORGANIZATION,
    fullSignIn: true,
    beforeApproval: true,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.setBankAccount(auth, params.id, 'organization', body, requestId),
  }),
  defineOperation('setOrganizationVerificationDocument', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.setDocument(auth, params.id, body, requestId),
  }),
  defineOperation('acceptOrganizationAgreement', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.acceptAgreement(auth, params.id, body, requestId),
  }),
  defineOperation('getOrganizationSurvey', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, services }) => services.payoutOnboarding.survey(auth, params.id),
  }),
  defineOperation('saveOrganizationSurvey', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.saveSurvey(auth, params.id, body, requestId),
  }),
  defineOperation('finishOrganizationSetup', {
    access: ORGANIZATION,
    beforeApproval: true,
    handler: async ({ auth, params, services, requestId }) => services.payoutOnboarding.finishOrganization(auth, params.id, requestId),
  }),
  // ── vendors ──
  defineOperation('getVendorOnboarding', {
    access: VENDOR,
    handler: async ({ auth, params, services }) => services.payoutOnboarding.progress(auth, params.id, 'vendor'),
  }),
  defineOperation('authorizeVendorOnboarding', {
    access: VENDOR,
    handler: async ({ auth, params, services, requestId }) => services.payoutOnboarding.authorize(auth, params.id, 'vendor', requestId),
  }),
  defineOperation('exchangeVendorOnboardingToken', {
    access: VENDOR,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.exchange(auth, params.id, 'vendor', body, requestId),
  }),
  defineOperation('getVendorChecklist', {
    access: CHECKLIST,
    handler: async ({ auth, query, services }) => services.payoutOnboarding.checklist(auth, query.vendor_id),
  }),
  defineOperation('updateVendorChecklist', {
    access: CHECKLIST,
    handler: async ({ auth, body, services, requestId }) => services.payoutOnboarding.updateChecklist(auth, body, requestId),
  }),
  defineOperation('finishVendorSetup', {
    access: VENDOR,
    handler: async ({ auth, params, services, requestId }) => services.payoutOnboarding.finishVendor(auth, params.id, requestId),
  }),
  // ── affiliates (the affiliate's onboarding progress comes with its init) ──
  defineOperation('getAffiliateInit', {
    access: AFFILIATE,
    handler: async ({ auth, params, services }) => services.payoutOnboarding.affiliateInit(auth, params.id),
  }),
  defineOperation('authorizeAffiliateOnboarding', {
    access: AFFILIATE,
    handler: async ({ auth, params, services, requestId }) => services.payoutOnboarding.authorize(auth, params.id, 'affiliate', requestId),
  }),
  defineOperation('exchangeAffiliateOnboardingToken', {
    access: AFFILIATE,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.exchange(auth, params.id, 'affiliate', body, requestId),
  }),
  defineOperation('getAffiliateAccountDetails', {
    access: AFFILIATE,
    handler: async ({ auth, params, services }) => services.payoutOnboarding.accountDetails(auth, params.id, 'affiliate'),
  }),
  defineOperation('getAffiliateBankAccount', {
    access: AFFILIATE,
    handler: async ({ auth, params, services }) => services.payoutOnboarding.bankAccount(auth, params.id, 'affiliate'),
  }),
  defineOperation('setAffiliateBankAccount', {
    access: AFFILIATE,
    fullSignIn: true,
    handler: async ({ auth, params, body, services, requestId }) => services.payoutOnboarding.setBankAccount(auth, params.id, 'affiliate', body, requestId),
  }),
  defineOperation('finishAffiliateSetup', {
    access: AFFILIATE,
    handler: async ({ auth, params, services, requestId }) => services.payoutOnboarding.finishAffiliate(auth, params.id, requestId),
  }),
];
