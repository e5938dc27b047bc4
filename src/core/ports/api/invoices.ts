import type { InvoiceId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation, Doc, Rec } from './types';

/** The invoices tag (bookings §7): create, list, update, delete, pay and decline by the customer. */
export interface InvoicesApi {
  create(input: Doc): ApiCall<Rec<InvoiceId>>;
  list(query?: Readonly<Record<string, string | number | undefined>>): ApiCall<readonly Rec<InvoiceId>[]>;
  update(id: InvoiceId, input: Doc): ApiCall<Rec<InvoiceId>>;
  delete(id: InvoiceId): ApiCall<Confirmation>;
  pay(id: InvoiceId, input?: { readonly stripe_src_id?: string }): ApiCall<Rec<InvoiceId>>;
  decline(id: InvoiceId): ApiCall<Rec<InvoiceId>>;
}
