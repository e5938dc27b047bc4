import type { Invoice, InvoiceStatus } from '../../../core/model/invoice';
import type { PersonData } from '../../../core/model/person';
import { Tag } from '../../components/Tag/Tag';
import { useT } from './shared';

/** The invoice screens' status words: an open invoice is "Sent" to its customer. */
const TONES: Record<InvoiceStatus, 'success' | 'warning' | 'danger' | 'neutral'> = { draft: 'neutral', open: 'warning', paid: 'success', declined: 'danger', deleted: 'neutral' };

export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const t = useT();
  return <Tag tone={TONES[status]}>{t(`invoices.status.${status}`)}</Tag>;
}

/** A person as the invoice screens name them: first and last name, else the email. */
export const personName = (p: PersonData | undefined | null): string =>
  p ? [p.first_name, p.last_name].filter(Boolean).join(' ') || p.primary_email || p._id : '';

/** Who issued an invoice, for its customer. */
export const issuerName = (invoice: Invoice, fallback: string): string => personName(invoice.organization_data) || fallback;
