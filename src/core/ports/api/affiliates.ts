import type { AccountId, ReferralId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation, Doc } from './types';

/** The affiliates tag (bookings §7; methods and paths are ours, x-origin spec-named). */
export interface AffiliatesApi {
  init(id: AccountId): ApiCall<Doc>;
  onboardingAuthorize(id: AccountId): ApiCall<{ readonly url: string }>;
  onboardingToken(id: AccountId, input: { readonly code: string; readonly state_key: string }): ApiCall<Confirmation>;
  update(id: AccountId, fields: Doc): ApiCall<Doc>;
  finishSetup(id: AccountId): ApiCall<Confirmation>;
  bankAccount(id: AccountId, input: Doc): ApiCall<Confirmation>;
  transfers(id: AccountId): ApiCall<readonly Doc[]>;
  payouts(id: AccountId): ApiCall<readonly Doc[]>;
  balance(id: AccountId): ApiCall<{ readonly available: number; readonly pending: number }>;
  signUps(id: AccountId): ApiCall<readonly Doc[]>;
  contributors(id: AccountId): ApiCall<readonly Doc[]>;
  metrics(id: AccountId): ApiCall<Doc>;
  getIds(id: AccountId): ApiCall<readonly ReferralId[]>;
  addId(id: AccountId, input: { readonly affiliate_id: ReferralId }): ApiCall<Confirmation>;
  updateId(id: AccountId, input: { readonly from: ReferralId; readonly to: ReferralId }): ApiCall<Confirmation>;
  deleteId(id: AccountId, input: { readonly affiliate_id: ReferralId }): ApiCall<Confirmation>;
  checkIdInUse(input: { readonly affiliate_id: ReferralId }): ApiCall<{ readonly inUse: boolean }>;
  broadcastEmail(id: AccountId, input: { readonly subject: string; readonly body: string; readonly recipients: readonly string[] }): ApiCall<Confirmation>;
  broadcastEmails(id: AccountId): ApiCall<readonly Doc[]>;
  /** Serverless host: POST affiliates/generate-flyers. Errors carry a nested error field. */
  generateFlyers(input: Doc): ApiCall<Doc>;
}
