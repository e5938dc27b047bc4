import type { InvoicesApi } from '../../core/ports/api/invoices';
import { Invoice } from '../../core/model/invoice';
import { Effect } from 'effect';
import { body, call, items, paymentCall } from './call';
import type { HttpClient } from './client';

const invoice = body(Invoice);

/** The invoices tag (bookings §7): create, list, update, delete, pay and decline by the customer. */
export const invoicesApi = ({ client }: HttpClient): InvoicesApi => ({
  // send and tax_rate_bps take the contract's defaults (false: keep a draft; 0) when the caller leaves them out.
  create: (input) => call((signal) => client.POST('/invoice/new', { body: { ...input, tax_rate_bps: input.tax_rate_bps ?? 0, send: input.send ?? false }, signal }), invoice),
  list: (query) => call((signal) => client.GET('/invoices', { params: { query }, signal }), items(Invoice)),
  update: (id, input) => call((signal) => client.PUT('/update/invoice/{id}', { params: { path: { id } }, body: input, signal }), invoice),
  delete: (id) => call((signal) => client.PUT('/invoice/delete/{id}', { params: { path: { id } }, signal }), invoice),
  pay: (id, idempotencyKey, input) =>
    paymentCall(
      (signal) => client.PUT('/customer/pay/invoice/{id}', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } }, body: input ?? {}, signal }),
      (data, response) => invoice(data, response).pipe(Effect.map((paid) => ({ kind: 'paid' as const, invoice: paid }))),
    ),
  decline: (id, input) => call((signal) => client.PUT('/customer/decline/invoice/{id}', { params: { path: { id } }, body: input ?? {}, signal }), invoice),
});
