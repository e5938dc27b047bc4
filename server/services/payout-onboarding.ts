/**
 * Payout onboarding of organizations, vendors and affiliates (issue 11 "Payout onboarding"; accounts §4 onboarding gates;
 * bookings §7 onboarding authorize and token, bank_account, verification_document_data, accept_agreement, survey,
 * finish_setup, vendors/checklist). Every step is an event of the payout-onboarding chart
 * (src/machines/lifecycles/payout-onboarding.machine.ts) through the transition service, so each leaves an audit
 * row and is refused where it does not belong (409).
 *
 * - Authorize: the provider's connected account is made once (kept as `connected_account_id`), then a one-time link
 *   to its onboarding (Stripe's hosted Connect onboarding; the sandbox's page at /sandbox/connect/onboarding/…) that
 *   returns to the account's onboarding route with `code` and `state_key`. Only a hash of the code is kept.
 * - Token: `{ code, state_key }` must match the pending link (single use, 1 hour) and the provider must say the
 *   holder submitted its details; then the connected account becomes settings.stripe_id (the onboarding gate).
 * - Bank account (after connecting: it is the connected account's external account at the provider), business type
 *   and tax id (kind and last four digits kept), document, agreement, survey, checklist: recorded details.
 * - Finish: meta.initialSetup, once the provider account, and for an organization the agreement and document, for
 *   a vendor the insurance document, are there. An organization then waits for approval (organization-approval chart).
 *   An affiliate needs only the provider account (its bank account is optional, as for the others); its progress
 *   comes with affiliate/{id}/init, as it has no …/onboarding call.
 *
 * Ownership: an account acts on itself; super and admin on any; an organization also on its vendors' checklists.
 * Another account's id is 403.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { MESSAGES } from '../../src/core/rules/messages';
import { ONBOARDING_PATHS } from '../../src/core/rules/onboarding';
import {
  AGREEMENT_VERSION,
  documentRangeProblem,
  INSURANCE_ITEM,
  requirementsLeft,
  taxIdKindOf,
  VENDOR_CHECKLIST,
  type PayoutAccountKind,
} from '../../src/core/rules/payout-onboarding';
import { decide } from '../../src/machines/lifecycles/lifecycle';
import { payoutOnboardingMachine, type PayoutOnboardingEvent } from '../../src/machines/lifecycles/payout-onboarding.machine';
import type { ConnectedAccountProvider } from '../adapters/payments/port';
import { PaymentProviderError } from '../adapters/payments/port';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { accounts, media, payoutOnboardings, users, vendorOrganizations, type PayoutChecklistEntryValue } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import type { AffiliateService, AffiliateWire } from './affiliates';
import type { OrganizationService, OrganizationWire } from './organizations';
import { payoutFactsOf, payoutStatusOf, type PayoutOnboardingChanges, type PayoutOnboardingRecord } from './payout-onboarding-facts';
import { refusalError, type TransitionService } from './transitions';

type Schemas = components['schemas'];
export type PayoutOnboardingWire = Schemas['PayoutOnboarding'];
type BankAccountWire = Schemas['BankAccount'];
type ChecklistWire = Schemas['Checklist'];
type SurveyWire = Schemas['Survey'];
type Caller = Pick<AuthContext, 'userId' | 'accountId' | 'role'>;

/** The checklist's labels (the wire carries them; the SPA shows its own words by item id). */
const CHECKLIST_LABELS: Readonly<Record<string, string>> = {
  insurance: 'Insurance document',
  background_check: 'Background check',
  equipment: 'Equipment ready',
};

/** How long a link to the provider's onboarding may come back. */
const LINK_TTL_MS = 60 * 60_000;
const NOT_FOUND: Readonly<Record<PayoutAccountKind, string>> = {
  organization: 'Organization not found',
  vendor: 'Vendor not found',
  affiliate: 'Affiliate not found',
};

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');
const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const isStaff = (auth: Caller): boolean => auth.role === 'super' || auth.role === 'admin';

export interface PayoutOnboardingService {
  progress(auth: Caller, id: string, kind: PayoutAccountKind): Promise<PayoutOnboardingWire>;
  authorize(auth: Caller, id: string, kind: PayoutAccountKind, requestId: string | null): Promise<{ url: string; state_key: string }>;
  exchange(auth: Caller, id: string, kind: PayoutAccountKind, body: Schemas['OnboardingTokenRequest'], requestId: string | null): Promise<Schemas['OnboardingTokenResult']>;
  setBusiness(auth: Caller, id: string, body: Schemas['BusinessDetailsRequest'], requestId: string | null): Promise<PayoutOnboardingWire>;
  bankAccount(auth: Caller, id: string, kind: PayoutAccountKind): Promise<BankAccountWire | null>;
  setBankAccount(auth: Caller, id: string, kind: PayoutAccountKind, body: Schemas['BankAccountInput'], requestId: string | null): Promise<BankAccountWire>;
  setDocument(auth: Caller, id: string, body: Schemas['VerificationDocumentRequest'], requestId: string | null): Promise<OrganizationWire>;
  acceptAgreement(auth: Caller, id: string, body: Schemas['AcceptAgreementRequest'], requestId: string | null): Promise<OrganizationWire>;
  survey(auth: Caller, id: string): Promise<SurveyWire>;
  saveSurvey(auth: Caller, id: string, body: Schemas['SurveyRequest'], requestId: string | null): Promise<SurveyWire>;
  finishOrganization(auth: Caller, id: string, requestId: string | null): Promise<OrganizationWire>;
  finishVendor(auth: Caller, id: string, requestId: string | null): Promise<PayoutOnboardingWire>;
  /** affiliate/{id}/init: the affiliate and where its payout onboarding stands (the onboarding screen's start). */
  affiliateInit(auth: Caller, id: string): Promise<Schemas['AffiliateInit']>;
  finishAffiliate(auth: Caller, id: string, requestId: string | null): Promise<AffiliateWire>;
  /** The provider's view of the connected account (affiliate/{id}/account-details). */
  accountDetails(auth: Caller, id: string, kind: PayoutAccountKind): Promise<Schemas['AffiliateAccountDetails']>;
  checklist(auth: Caller, vendorId: string | undefined): Promise<ChecklistWire>;
  updateChecklist(auth: Caller, body: Schemas['ChecklistUpdateRequest'], requestId: string | null): Promise<ChecklistWire>;
}

export const createPayoutOnboardingService = ({
  db,
  clock,
  config,
  transitions,
  provider,
  organizations,
  affiliates,
}: {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  transitions: TransitionService;
  provider: ConnectedAccountProvider;
  organizations: Pick<OrganizationService, 'wireOf'>;
  affiliates: Pick<AffiliateService, 'wireOf'>;
}): PayoutOnboardingService => {
  /** The account and its onboarding row, after the ownership check (403 for another account, 404 for none of the kind). */
  const recordFor = async (auth: Caller, id: string, kind: PayoutAccountKind, options: { organizationForVendor?: boolean } = {}): Promise<PayoutOnboardingRecord> => {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, id));
    if (!account || account.type !== kind) throw notFound(NOT_FOUND[kind]);
    if (!isStaff(auth) && auth.accountId !== id) {
      const mayActForVendor =
        options.organizationForVendor === true &&
        auth.role === 'organization' &&
        kind === 'vendor' &&
        (await db
          .select({ id: vendorOrganizations.vendorAccountId })
          .from(vendorOrganizations)
          .where(and(eq(vendorOrganizations.vendorAccountId, id), eq(vendorOrganizations.organizationAccountId, auth.accountId ?? '')))).length > 0;
      if (!mayActForVendor) throw forbidden(MESSAGES.forbidden);
    }
    const [onboarding] = await db.select().from(payoutOnboardings).where(eq(payoutOnboardings.accountId, id));
    return { account, onboarding };
  };

  /** Refuses now (before the provider is asked anything) when the chart would refuse the event. */
  const assertAllowed = (record: PayoutOnboardingRecord, auth: Caller, type: PayoutOnboardingEvent['type']) => {
    const decision = decide(payoutOnboardingMachine, payoutStatusOf(record), payoutFactsOf(record), {
      type,
      actor: { role: auth.role },
      now: clock.now().toISOString(),
    });
    if (!decision.ok) throw refusalError(decision);
  };

  const run = async (auth: Caller, id: string, type: PayoutOnboardingEvent['type'], requestId: string | null, changes?: PayoutOnboardingChanges, check?: (record: PayoutOnboardingRecord) => void) => {
    const { row } = await transitions.change('payoutOnboarding', {
      auth,
      requestId,
      target: id,
      event: (_facts, record) => {
        check?.(record);
        return { type };
      },
      ...(changes ? { changes } : {}),
    });
    return row;
  };

  const today = () => clock.now().toISOString().slice(0, 10);

  const checklistOf = (record: PayoutOnboardingRecord): ChecklistWire => {
    const ticks = record.onboarding?.checklist ?? {};
    const items = VENDOR_CHECKLIST.map((item) => {
      const tick: PayoutChecklistEntryValue | undefined = ticks[item.item_id];
      return {
        item_id: item.item_id,
        label: CHECKLIST_LABELS[item.item_id] ?? item.item_id,
        done: tick?.done ?? false,
        requires_document: item.requires_document,
        media_id: tick?.media_id ?? null,
        valid_until: tick?.valid_until ?? null,
      };
    });
    return { items, complete: items.every((item) => item.done) };
  };

  const wire = (record: PayoutOnboardingRecord): PayoutOnboardingWire => {
    const { account, onboarding } = record;
    const kind = account.type as PayoutAccountKind;
    const facts = payoutFactsOf(record);
    const status = payoutStatusOf(record);
    const connected = Boolean(account.settings.stripe_id);
    const remaining = requirementsLeft(kind, { connected, agreementAccepted: facts.agreementAccepted, documentGiven: facts.documentGiven });
    return {
      status,
      kind,
      name: account.firstName ?? account.primaryEmail,
      stripe_id: account.settings.stripe_id,
      initial_setup: account.meta.initialSetup === true,
      business_type: onboarding?.businessType ?? null,
      entity_type: onboarding?.entityType ?? null,
      tax_id_kind: onboarding?.taxIdKind ?? null,
      tax_id_last4: onboarding?.taxIdLast4 ?? null,
      bank_account: onboarding?.bankAccount ?? null,
      verification_document: onboarding?.verificationDocument ?? null,
      agreement_version: AGREEMENT_VERSION,
      agreement_accepted_at: onboarding?.agreementAcceptedAt?.toISOString() ?? null,
      survey_status: onboarding?.surveyStatus ?? 'draft',
      ...(kind === 'vendor' ? { checklist: checklistOf(record) } : {}),
      remaining,
      can_finish: status === 'connected' && remaining.length === 0,
    };
  };

  const organizationWire = async (id: string): Promise<OrganizationWire> => {
    const [organization, [onboarding]] = await Promise.all([organizations.wireOf(id), db.select().from(payoutOnboardings).where(eq(payoutOnboardings.accountId, id))]);
    return {
      ...organization,
      ...(onboarding?.businessType ? { business_type: onboarding.businessType } : {}),
      entity_type: onboarding?.entityType ?? null,
      verification_document: onboarding?.verificationDocument ?? null,
      agreement_accepted_at: onboarding?.agreementAcceptedAt?.toISOString() ?? null,
    };
  };

  const providerRefusal = (error: unknown): never => {
    if (error instanceof PaymentProviderError) throw new HttpError(400, error.message, 'payment_provider');
    throw error;
  };

  /** Media the account may point to: its own upload (or staff's for it). */
  const assertMedia = async (auth: Caller, accountId: string, mediaId: string, field: string) => {
    const [row] = await db.select({ owner: media.ownerAccountId, uploader: media.uploaderUserId }).from(media).where(eq(media.id, mediaId));
    if (!row || (row.owner !== accountId && row.uploader !== auth.userId)) throw badRequest(`Invalid ${field}`);
  };

  const finish = async (auth: Caller, id: string, kind: PayoutAccountKind, requestId: string | null) => {
    await recordFor(auth, id, kind);
    return run(auth, id, 'onboarding.finish', requestId, { initialSetup: true });
  };

  const vendorIdOf = async (auth: Caller, vendorId: string | undefined): Promise<string> => {
    if (auth.role === 'vendor') {
      if (vendorId !== undefined && vendorId !== auth.accountId) throw forbidden(MESSAGES.forbidden);
      return auth.accountId!;
    }
    if (vendorId === undefined) throw badRequest(MESSAGES.missing_required_fields);
    return vendorId;
  };

  return {
    async progress(auth, id, kind) {
      return wire(await recordFor(auth, id, kind));
    },

    async authorize(auth, id, kind, requestId) {
      const record = await recordFor(auth, id, kind);
      assertAllowed(record, auth, 'onboarding.authorize');
      const { account, onboarding } = record;
      let connectedAccountId = onboarding?.connectedAccountId ?? account.settings.stripe_id;
      if (!connectedAccountId) {
        const [user] = await db.select({ lastName: users.lastName }).from(users).where(eq(users.id, account.userId));
        const name = [account.firstName, kind === 'organization' ? null : user?.lastName].filter(Boolean).join(' ') || account.primaryEmail;
        connectedAccountId = (
          await provider
            .createConnectedAccount({ accountId: account.id, email: account.primaryEmail, name, businessType: onboarding?.businessType ?? undefined })
            .catch(providerRefusal)
        ).id;
      }
      const stateKey = randomBytes(16).toString('hex');
      const code = randomBytes(24).toString('hex');
      const back = `${config.publicUrl}${ONBOARDING_PATHS[kind]}`;
      const link = await provider
        .onboardingLink({
          connectedAccountId,
          returnUrl: `${back}?code=${code}&state_key=${stateKey}`,
          refreshUrl: `${back}?onboarding=cancelled`,
        })
        .catch(providerRefusal);
      await run(auth, id, 'onboarding.authorize', requestId, {
        connectedAccountId,
        stateKey,
        codeHash: hashOf(code),
        linkExpiresAt: new Date(clock.now().getTime() + LINK_TTL_MS),
      });
      return { url: link.url.startsWith('/') ? `${config.publicUrl}${link.url}` : link.url, state_key: stateKey };
    },

    async exchange(auth, id, kind, body, requestId) {
      const record = await recordFor(auth, id, kind);
      const pending = record.onboarding;
      // without a link there is nothing to come back from: the chart refuses (409)
      if (!pending?.stateKey || !pending.connectedAccountId) {
        assertAllowed(record, auth, 'onboarding.connect');
        throw conflict('No onboarding link is waiting: start the payout account again', 'illegal_transition');
      }
      const linkMatches = (row: PayoutOnboardingRecord['onboarding']) => {
        if (!row?.stateKey || row.stateKey !== body.state_key || !row.linkExpiresAt || row.linkExpiresAt.getTime() < clock.now().getTime()) throw badRequest('Invalid state_key');
        if (!row.codeHash || !sameHash(row.codeHash, hashOf(body.code))) throw badRequest('Invalid code');
      };
      linkMatches(pending);
      const connected = await provider.retrieveConnectedAccount(pending.connectedAccountId).catch(providerRefusal);
      if (!connected.detailsSubmitted) throw conflict('The payment provider has not finished onboarding this account yet', 'onboarding_incomplete');
      await run(auth, id, 'onboarding.connect', requestId, { stripeId: connected.id, stateKey: null, codeHash: null, linkExpiresAt: null }, (locked) => linkMatches(locked.onboarding));
      return { stripe_id: connected.id, payouts_enabled: connected.payoutsEnabled };
    },

    async setBusiness(auth, id, body, requestId) {
      await recordFor(auth, id, 'organization');
      const kind = taxIdKindOf(body.tax_id);
      if (!kind || (body.business_type === 'company' && kind !== 'ein')) throw badRequest('Invalid tax id');
      const row = await run(auth, id, 'onboarding.record', requestId, {
        businessType: body.business_type,
        entityType: body.entity_type ?? null,
        taxIdKind: kind,
        taxIdLast4: body.tax_id.slice(-4),
      });
      return wire(row);
    },

    async bankAccount(auth, id, kind) {
      const { onboarding } = await recordFor(auth, id, kind);
      return onboarding?.bankAccount ?? null;
    },

    async setBankAccount(auth, id, kind, body, requestId) {
      const record = await recordFor(auth, id, kind);
      assertAllowed(record, auth, 'onboarding.bankAccount');
      const bank = await provider
        .setPayoutBankAccount(record.account.settings.stripe_id!, {
          accountHolderName: body.account_holder_name.trim(),
          accountHolderType: body.account_holder_type,
          routingNumber: body.routing_number,
          accountNumber: body.account_number,
        })
        .catch(providerRefusal);
      const bankAccount = {
        account_holder_name: body.account_holder_name.trim(),
        account_holder_type: body.account_holder_type,
        routing_number: body.routing_number,
        last4: bank.last4,
        bank_name: bank.bankName,
        status: bank.status,
      };
      await run(auth, id, 'onboarding.bankAccount', requestId, { bankAccount });
      return bankAccount;
    },

    async setDocument(auth, id, body, requestId) {
      await recordFor(auth, id, 'organization');
      const range = documentRangeProblem(body.valid_from, body.valid_until, today());
      if (range) throw badRequest('Invalid valid_until');
      await assertMedia(auth, id, body.media_id, 'media_id');
      if (body.back_media_id) await assertMedia(auth, id, body.back_media_id, 'back_media_id');
      await run(auth, id, 'onboarding.record', requestId, {
        verificationDocument: {
          document_type: body.document_type,
          media_id: body.media_id,
          back_media_id: body.back_media_id ?? null,
          valid_from: body.valid_from,
          valid_until: body.valid_until,
          status: 'pending',
        },
      });
      return organizationWire(id);
    },

    async acceptAgreement(auth, id, body, requestId) {
      await recordFor(auth, id, 'organization');
      if (body.agreement_version !== AGREEMENT_VERSION) throw badRequest('Invalid agreement_version');
      await run(auth, id, 'onboarding.record', requestId, { agreementVersion: body.agreement_version, agreementAcceptedAt: clock.now() });
      return organizationWire(id);
    },

    async survey(auth, id) {
      const { onboarding } = await recordFor(auth, id, 'organization');
      return { status: onboarding?.surveyStatus ?? 'draft', answers: onboarding?.surveyAnswers ?? [], updated: onboarding?.surveyUpdatedAt?.toISOString() ?? null };
    },

    async saveSurvey(auth, id, body, requestId) {
      await recordFor(auth, id, 'organization');
      const answers = body.answers.map((a) => ({ question: a.question.trim(), answer: a.answer.trim() }));
      if (answers.some((a) => a.question === '')) throw badRequest(MESSAGES.missing_required_fields);
      const row = await run(auth, id, 'onboarding.survey', requestId, { surveyStatus: body.status ?? 'draft', surveyAnswers: answers, surveyUpdatedAt: clock.now() });
      return { status: row.onboarding!.surveyStatus, answers: row.onboarding!.surveyAnswers, updated: row.onboarding!.surveyUpdatedAt?.toISOString() ?? null };
    },

    async finishOrganization(auth, id, requestId) {
      await finish(auth, id, 'organization', requestId);
      return organizationWire(id);
    },

    async finishVendor(auth, id, requestId) {
      return wire(await finish(auth, id, 'vendor', requestId));
    },

    async affiliateInit(auth, id) {
      const record = await recordFor(auth, id, 'affiliate');
      const affiliate = await affiliates.wireOf(id);
      // a person: its whole name (the bank step's account holder starts from it)
      return { affiliate, onboarding: { ...wire(record), ...(affiliate.name ? { name: affiliate.name } : {}) } };
    },

    async finishAffiliate(auth, id, requestId) {
      await finish(auth, id, 'affiliate', requestId);
      return affiliates.wireOf(id);
    },

    async accountDetails(auth, id, kind) {
      const record = await recordFor(auth, id, kind);
      const { remaining } = wire(record);
      const bankAccount = record.onboarding?.bankAccount ?? null;
      const stripeId = record.account.settings.stripe_id;
      if (!stripeId) return { connected: false, stripe_id: null, payouts_enabled: false, details_submitted: false, bank_account: bankAccount, requirements: remaining };
      const connected = await provider.retrieveConnectedAccount(stripeId).catch(providerRefusal);
      return {
        connected: true,
        stripe_id: stripeId,
        payouts_enabled: connected.payoutsEnabled,
        details_submitted: connected.detailsSubmitted,
        bank_account: bankAccount,
        requirements: remaining,
      };
    },

    async checklist(auth, vendorId) {
      const id = await vendorIdOf(auth, vendorId);
      return checklistOf(await recordFor(auth, id, 'vendor', { organizationForVendor: true }));
    },

    async updateChecklist(auth, body, requestId) {
      const id = await vendorIdOf(auth, body.vendor_id);
      const record = await recordFor(auth, id, 'vendor', { organizationForVendor: true });
      const item = VENDOR_CHECKLIST.find((i) => i.item_id === body.item_id);
      if (!item) throw badRequest('Invalid item_id');
      let entry: PayoutChecklistEntryValue = { done: body.done, media_id: body.media_id ?? null, valid_until: body.valid_until ?? null };
      if (item.item_id === INSURANCE_ITEM && body.done) {
        if (!body.media_id || !body.valid_until) throw badRequest(MESSAGES.missing_required_fields);
        if (body.valid_until < today()) throw badRequest('Invalid valid_until');
        await assertMedia(auth, id, body.media_id, 'media_id');
      }
      if (!body.done) entry = { done: false, media_id: null, valid_until: null };
      const checklist = { ...(record.onboarding?.checklist ?? {}), [item.item_id]: entry };
      const row = await run(auth, id, 'onboarding.record', requestId, { checklist });
      return checklistOf(row);
    },
  };
};
