import * as Schema from 'effect/Schema';
import type { BillingSource, CustomersApi } from '../../core/ports/api/customers';
import { AffiliateReferrer } from '../../core/model/affiliate';
import { AccountId, InvoiceId } from '../../core/model/ids';
import { OpenRecord } from '../../core/model/common';
import { type Decode, DocSchema, body, call, confirmation, items, notInContract, recSchema, wire } from './call';
import type { HttpClient } from './client';

const Customer = recSchema(AccountId);
const Invoice = recSchema(InvoiceId);
const BillingSourceSchema = Schema.StructWithRest(
  Schema.Struct({
    stripe_src_id: Schema.String,
    brand: Schema.optional(Schema.String),
    last4: Schema.optional(Schema.String),
    exp_month: Schema.optional(Schema.Number),
    exp_year: Schema.optional(Schema.Number),
    is_default: Schema.optional(Schema.Boolean),
  }),
  [OpenRecord],
);
const billingSources: Decode<readonly BillingSource[]> = items(BillingSourceSchema);

/** The customers tag (bookings §7). */
export const customersApi = ({ client }: HttpClient): CustomersApi => ({
  init: (id) => call((signal) => client.GET('/customers/{id}/init', { params: { path: { id } }, signal }), body(DocSchema)),
  get: (id) => call((signal) => client.GET('/customers/{id}', { params: { path: { id } }, signal }), body(Customer)),
  update: (id, fields) => call((signal) => client.PUT('/customers/update/{id}', { params: { path: { id } }, body: wire(fields), signal }), body(Customer)),
  updatePublicReviews: (id, input) =>
    call(
      (signal) => client.PUT('/customers/update/public-reviews/{id}', { params: { path: { id } }, body: { completed: input.public_reviews }, signal }),
      confirmation,
    ),
  billingList: (id) => call((signal) => client.GET('/customer/{id}/billing/list', { params: { path: { id } }, signal }), billingSources),
  updateBilling: (id, input) =>
    // existingStripeSrc is a flag in the port and the id of the card being replaced in the contract.
    input.existingStripeSrc
      ? notInContract('customers.updateBilling', 'the contract takes the replaced card id as existingStripeSrc, the port only a flag')
      : call(
          (signal) =>
            client.POST('/customer/{id}/billing/update', { params: { path: { id } }, body: { stripe_src: input.stripe_src, customer_id: id, make_default: true /* the contract's default */ }, signal }),
          confirmation,
        ),
  removeBilling: (id, input) => call((signal) => client.PUT('/customer/{id}/billing/remove', { params: { path: { id } }, body: input, signal }), confirmation),
  setDefaultBilling: (id, input) =>
    call((signal) => client.PUT('/customer/{id}/billing/default', { params: { path: { id } }, body: input, signal }), confirmation),
  billingHistory: (id) => call((signal) => client.GET('/customer/{id}/billing/history', { params: { path: { id } }, signal }), items(DocSchema)),
  // The upcoming (not yet final) invoice of the reply is not part of the port's list.
  invoiceList: (id, subscriptionId) =>
    call((signal) => client.GET('/customer/{id}/invoice/list/{subscriptionId}', { params: { path: { id, subscriptionId } }, signal }), items(Invoice)),
  invoice: (id) => call((signal) => client.GET('/invoice/{id}', { params: { path: { id } }, signal }), body(Invoice)),
  contributions: (id) => call((signal) => client.GET('/customers/{id}/contributions', { params: { path: { id } }, signal }), items(DocSchema)),
  affiliates: (id) => call((signal) => client.GET('/customers/{id}/affiliates', { params: { path: { id } }, signal }), items(AffiliateReferrer)),
  affiliatesList: (id) => call((signal) => client.GET('/customers/affiliates-list/{id}', { params: { path: { id } }, signal }), items(AffiliateReferrer)),
  affiliate: (id) => call((signal) => client.GET('/customers/affiliate/{id}', { params: { path: { id } }, signal }), body(AffiliateReferrer)),
  addAffiliate: () => notInContract('customers.addAffiliate', 'the contract needs the percentage given to the affiliate, which the port does not carry'),
  manageAffiliate: (id, input) =>
    call((signal) => client.PUT('/customers/{id}/affiliate/manage', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  updateAffiliate: (id, input) =>
    call((signal) => client.PUT('/customers/{id}/affiliate/update', { params: { path: { id } }, body: wire(input), signal }), confirmation),
  readNote: () => notInContract('customers.readNote', 'the contract needs the note_id, which the port does not carry'),
  dismissNote: () => notInContract('customers.dismissNote', 'the contract needs the note_id, which the port does not carry'),
});
