import type { CustomersApi } from '../../core/ports/api/customers';
import { AffiliateReferrer, ContributionList } from '../../core/model/affiliate';
import { BillingHistoryEntry, BillingSourceList } from '../../core/model/billing';
import { Customer, CustomerInit, CustomerNote } from '../../core/model/customer';
import { Invoice, SubscriptionInvoices } from '../../core/model/invoice';
import { body, call, items, part } from './call';
import type { HttpClient } from './client';

const cards = part(BillingSourceList, (r) => r.items);
const contributions = body(ContributionList);

/** The customers tag (bookings §7). */
export const customersApi = ({ client }: HttpClient): CustomersApi => ({
  init: (id) => call((signal) => client.GET('/customers/{id}/init', { params: { path: { id } }, signal }), body(CustomerInit)),
  get: (id) => call((signal) => client.GET('/customers/{id}', { params: { path: { id } }, signal }), body(Customer)),
  update: (id, fields) => call((signal) => client.PUT('/customers/update/{id}', { params: { path: { id } }, body: fields, signal }), body(Customer)),
  updatePublicReviews: (id, input) =>
    call((signal) => client.PUT('/customers/update/public-reviews/{id}', { params: { path: { id } }, body: input, signal }), body(Customer)),
  billingList: (id) => call((signal) => client.GET('/customer/{id}/billing/list', { params: { path: { id } }, signal }), cards),
  updateBilling: (id, input) =>
    call(
      (signal) =>
        client.POST('/customer/{id}/billing/update', {
          params: { path: { id } },
          body: { ...input, customer_id: id, make_default: input.make_default ?? true /* the contract's default */ },
          signal,
        }),
      cards,
    ),
  removeBilling: (id, input) => call((signal) => client.PUT('/customer/{id}/billing/remove', { params: { path: { id } }, body: input, signal }), cards),
  setDefaultBilling: (id, input) => call((signal) => client.PUT('/customer/{id}/billing/default', { params: { path: { id } }, body: input, signal }), cards),
  billingHistory: (id, query) =>
    call((signal) => client.GET('/customer/{id}/billing/history', { params: { path: { id }, query }, signal }), items(BillingHistoryEntry)),
  invoiceList: (id, subscriptionId) =>
    call(
      (signal) => client.GET('/customer/{id}/invoice/list/{subscriptionId}', { params: { path: { id, subscriptionId } }, signal }),
      body(SubscriptionInvoices),
    ),
  invoice: (id) => call((signal) => client.GET('/invoice/{id}', { params: { path: { id } }, signal }), body(Invoice)),
  contributions: (id) => call((signal) => client.GET('/customers/{id}/contributions', { params: { path: { id } }, signal }), contributions),
  affiliates: (id) => call((signal) => client.GET('/customers/{id}/affiliates', { params: { path: { id } }, signal }), items(AffiliateReferrer)),
  affiliatesList: (id, query) =>
    call((signal) => client.GET('/customers/affiliates-list/{id}', { params: { path: { id }, query }, signal }), items(AffiliateReferrer)),
  affiliate: (id) => call((signal) => client.GET('/customers/affiliate/{id}', { params: { path: { id } }, signal }), body(AffiliateReferrer)),
  addAffiliate: (id, input) =>
    call((signal) => client.POST('/customers/{id}/affiliate/new', { params: { path: { id } }, body: input, signal }), contributions),
  manageAffiliate: (id, input) =>
    call((signal) => client.PUT('/customers/{id}/affiliate/manage', { params: { path: { id } }, body: input, signal }), contributions),
  updateAffiliate: (id, input) =>
    call((signal) => client.PUT('/customers/{id}/affiliate/update', { params: { path: { id } }, body: input, signal }), contributions),
  readNote: (id, note_id) =>
    call((signal) => client.POST('/customer/{id}/read-note', { params: { path: { id } }, body: { note_id }, signal }), body(CustomerNote)),
  dismissNote: (id, note_id) =>
    call((signal) => client.POST('/customer/{id}/dismiss-note', { params: { path: { id } }, body: { note_id }, signal }), body(CustomerNote)),
});
