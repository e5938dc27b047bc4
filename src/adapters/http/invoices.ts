import type { InvoicesApi } from '../../core/ports/api/invoices';
import { InvoiceId } from '../../core/model/ids';
import { type QueryOf, body, call, confirmation, items, recSchema, wire } from './call';
import type { HttpClient } from './client';

const Invoice = recSchema(InvoiceId);

/** The invoices tag (bookings §7): create, list, update, delete, pay and decline by the customer. */
export const invoicesApi = ({ client }: HttpClient): InvoicesApi => ({
  create: (input) => call((signal) => client.POST('/invoice/new', { body: wire(input), signal }), body(Invoice)),
  list: (query) => call((signal) => client.GET('/invoices', { params: { query: wire<QueryOf<'/invoices'>>(query ?? {}) }, signal }), items(Invoice)),
  update: (id, input) => call((signal) => client.PUT('/update/invoice/{id}', { params: { path: { id } }, body: wire(input), signal }), body(Invoice)),
  delete: (id) => call((signal) => client.PUT('/invoice/delete/{id}', { params: { path: { id } }, signal }), confirmation),
  pay: (id, input) => call((signal) => client.PUT('/customer/pay/invoice/{id}', { params: { path: { id } }, body: input ?? {}, signal }), body(Invoice)),
  decline: (id) => call((signal) => client.PUT('/customer/decline/invoice/{id}', { params: { path: { id } }, body: {}, signal }), body(Invoice)),
});
