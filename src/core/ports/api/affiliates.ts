import type { AccountId, ReferralId } from '../../model/ids';
import type {
  Affiliate,
  AffiliateIdEntry,
  AffiliateMetrics,
  BroadcastEmail,
  Contributor,
  FlyerResult,
  FlyerTemplate,
  SignUp,
} from '../../model/affiliate';
import type { AffiliateInit } from '../../model/affiliate-init';
import type { Language } from '../../model/language';
import type { BankAccount, BankAccountInput, OnboardingAuthorize, OnboardingTokenInput, OnboardingTokenResult, Payout, Transfer } from '../../model/payouts';
import type { ApiCall } from '../errors';
import type { PageNumberQuery, PeriodQuery } from './types';

export interface UpdateAffiliateInput {
  readonly first_name?: string;
  readonly last_name?: string;
  readonly name?: string;
  readonly bio?: string;
  readonly image?: string;
  /** Cents. */
  readonly goal?: number;
  readonly isSalesProfessional?: boolean;
  readonly meta?: { readonly initialSetup?: boolean; readonly skipOnboarding?: boolean };
}

export interface FlyerInput {
  readonly affiliate_id: ReferralId;
  readonly template?: FlyerTemplate;
  readonly language?: Language;
}

/** The affiliates tag (bookings §7; methods and paths are ours, x-origin spec-named). */
export interface AffiliatesApi {
  init(id: AccountId): ApiCall<AffiliateInit>;
  onboardingAuthorize(id: AccountId): ApiCall<OnboardingAuthorize>;
  onboardingToken(id: AccountId, input: OnboardingTokenInput): ApiCall<OnboardingTokenResult>;
  update(id: AccountId, fields: UpdateAffiliateInput): ApiCall<Affiliate>;
  finishSetup(id: AccountId): ApiCall<Affiliate>;
  bankAccount(id: AccountId, input: BankAccountInput): ApiCall<BankAccount>;
  transfers(id: AccountId, query?: PeriodQuery & PageNumberQuery): ApiCall<readonly Transfer[]>;
  payouts(id: AccountId, query?: PeriodQuery & PageNumberQuery): ApiCall<readonly Payout[]>;
  balance(id: AccountId): ApiCall<{ readonly available: number; readonly pending: number }>;
  signUps(id: AccountId, query?: PeriodQuery & PageNumberQuery): ApiCall<readonly SignUp[]>;
  contributors(id: AccountId, query?: PageNumberQuery): ApiCall<readonly Contributor[]>;
  metrics(id: AccountId, query?: PeriodQuery): ApiCall<AffiliateMetrics>;
  getIds(id: AccountId): ApiCall<readonly ReferralId[]>;
  addId(id: AccountId, input: { readonly affiliate_id: ReferralId; readonly label?: string }): ApiCall<readonly AffiliateIdEntry[]>;
  updateId(id: AccountId, input: { readonly from: ReferralId; readonly to: ReferralId }): ApiCall<readonly AffiliateIdEntry[]>;
  deleteId(id: AccountId, input: { readonly affiliate_id: ReferralId }): ApiCall<readonly AffiliateIdEntry[]>;
  /** Is the referral id taken? Asked under the affiliate's own account. */
  checkIdInUse(id: AccountId, input: { readonly affiliate_id: ReferralId }): ApiCall<{ readonly inUse: boolean }>;
  broadcastEmail(id: AccountId, input: { readonly subject: string; readonly body: string; readonly recipients: readonly string[] }): ApiCall<BroadcastEmail>;
  broadcastEmails(id: AccountId): ApiCall<readonly BroadcastEmail[]>;
  /** Serverless host: POST affiliates/generate-flyers. Errors carry a nested error field. */
  generateFlyers(input: FlyerInput): ApiCall<FlyerResult>;
}
