import type { AccountId, InvoiceId, SubscriptionId } from '../../model/ids';
import type { AffiliateReferrer, ContributionInput, ContributionList } from '../../model/affiliate';
import type { BillingHistoryEntry, BillingSource, BillingUpdateInput } from '../../model/billing';
import type { Customer, CustomerInit, CustomerNote, ReviewPlatform, UpdateCustomerInput } from '../../model/customer';
import type { Invoice, SubscriptionInvoices } from '../../model/invoice';
import type { ApiCall } from '../errors';
import type { PageNumberQuery, PeriodQuery } from './types';

/** The customers tag (bookings §7). The billing calls answer the customer's cards after the change. */
export interface CustomersApi {
  init(id: AccountId): ApiCall<CustomerInit>;
  get(id: AccountId): ApiCall<Customer>;
  update(id: AccountId, fields: UpdateCustomerInput): ApiCall<Customer>;
  /** The customer left (or declined to leave) a public review. */
  updatePublicReviews(id: AccountId, input: { readonly completed: boolean; readonly platform?: ReviewPlatform }): ApiCall<Customer>;
  billingList(id: AccountId): ApiCall<readonly BillingSource[]>;
  /** Attach a card; existingStripeSrc is the id of the card it replaces, if any. */
  updateBilling(id: AccountId, input: BillingUpdateInput): ApiCall<readonly BillingSource[]>;
  removeBilling(id: AccountId, input: { readonly stripe_src_id: string }): ApiCall<readonly BillingSource[]>;
  setDefaultBilling(id: AccountId, input: { readonly stripe_src_id: string }): ApiCall<readonly BillingSource[]>;
  billingHistory(id: AccountId, query?: PeriodQuery): ApiCall<readonly BillingHistoryEntry[]>;
  /** A subscription's invoices: the upcoming one (not yet final) and the past ones. */
  invoiceList(id: AccountId, subscriptionId: SubscriptionId): ApiCall<SubscriptionInvoices>;
  invoice(id: InvoiceId): ApiCall<Invoice>;
  contributions(id: AccountId): ApiCall<ContributionList>;
  affiliates(id: AccountId): ApiCall<readonly AffiliateReferrer[]>;
  affiliatesList(id: AccountId, query?: PageNumberQuery & { readonly text?: string }): ApiCall<readonly AffiliateReferrer[]>;
  affiliate(id: AccountId): ApiCall<AffiliateReferrer>;
  /** Support an affiliate with a share (1–100%) of the give-back money; shares total under 100%. */
  addAffiliate(id: AccountId, input: ContributionInput): ApiCall<ContributionList>;
  /** Join, leave or share out the give-back programme: replaces the shares. */
  manageAffiliate(id: AccountId, input: { readonly affiliates: ContributionInput[] }): ApiCall<ContributionList>;
  updateAffiliate(id: AccountId, input: ContributionInput): ApiCall<ContributionList>;
  readNote(id: AccountId, noteId: string): ApiCall<CustomerNote>;
  dismissNote(id: AccountId, noteId: string): ApiCall<CustomerNote>;
}
