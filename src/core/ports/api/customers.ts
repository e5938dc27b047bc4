import type { AccountId, InvoiceId, SubscriptionId } from '../../model/ids';
import type { AffiliateReferrer } from '../../model/affiliate';
import type { ReferralId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation, Doc, Rec } from './types';

/** A saved payment card (billing source, bookings §3). */
export interface BillingSource extends Doc {
  readonly stripe_src_id: string;
  readonly brand?: string;
  readonly last4?: string;
  readonly exp_month?: number;
  readonly exp_year?: number;
  readonly is_default?: boolean;
}

/** The customers tag (bookings §7). */
export interface CustomersApi {
  init(id: AccountId): ApiCall<Doc>;
  get(id: AccountId): ApiCall<Rec<AccountId>>;
  update(id: AccountId, fields: Doc): ApiCall<Rec<AccountId>>;
  updatePublicReviews(id: AccountId, input: { readonly public_reviews: boolean }): ApiCall<Confirmation>;
  billingList(id: AccountId): ApiCall<readonly BillingSource[]>;
  updateBilling(id: AccountId, input: { readonly stripe_src: string; readonly existingStripeSrc?: boolean }): ApiCall<Confirmation>;
  removeBilling(id: AccountId, input: { readonly stripe_src_id: string }): ApiCall<Confirmation>;
  setDefaultBilling(id: AccountId, input: { readonly stripe_src_id: string }): ApiCall<Confirmation>;
  billingHistory(id: AccountId): ApiCall<readonly Doc[]>;
  invoiceList(id: AccountId, subscriptionId: SubscriptionId): ApiCall<readonly Rec<InvoiceId>[]>;
  invoice(id: InvoiceId): ApiCall<Rec<InvoiceId>>;
  contributions(id: AccountId): ApiCall<readonly Doc[]>;
  affiliates(id: AccountId): ApiCall<readonly AffiliateReferrer[]>;
  affiliatesList(id: AccountId): ApiCall<readonly AffiliateReferrer[]>;
  affiliate(id: AccountId): ApiCall<AffiliateReferrer>;
  addAffiliate(id: AccountId, input: { readonly affiliate_id: ReferralId }): ApiCall<Confirmation>;
  /** Join, leave or share out the give-back programme (contributions total under 100%). */
  manageAffiliate(id: AccountId, input: Doc): ApiCall<Confirmation>;
  updateAffiliate(id: AccountId, input: Doc): ApiCall<Confirmation>;
  readNote(id: AccountId): ApiCall<Confirmation>;
  dismissNote(id: AccountId): ApiCall<Confirmation>;
}
