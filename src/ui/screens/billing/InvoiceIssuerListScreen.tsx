import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectInvoicesError, selectInvoicesLoad, selectInvoicesMode, type InvoicesActor } from '../../../machines/features/invoices.machine';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { InvoiceStatusTag, personName } from './invoices-shared';
import { BillingIntl, Page, ReadState, useFormat, useT } from './shared';

/** /organization/list-invoices (issue 11): the organization's invoices, newest first (GET invoices), each opening its page. */
export default function InvoiceIssuerListScreen() {
  const machines = useBillingMachines();
  const actor = useActorRef(machines.invoices, { input: { screen: { kind: 'list', role: 'issuer' } } });
  return (
    <BillingIntl>
      <IssuerList actor={actor} />
    </BillingIntl>
  );
}

function IssuerList({ actor }: { actor: InvoicesActor }) {
  const t = useT();
  const format = useFormat();
  const mode = useSelector(actor, selectInvoicesMode);
  const load = useSelector(actor, selectInvoicesLoad);
  const error = useSelector(actor, selectInvoicesError);
  const invoices = load?.invoices ?? [];
  return (
    <Page title={t('invoices.list.title')}>
      <div className={styles.links}>
        <Link href="/organization/create-invoice">{t('invoices.write.title')}</Link>
      </div>
      <ReadState mode={mode === 'loading' ? 'loading' : mode === 'error' ? 'error' : 'ready'} error={error} onRetry={() => actor.send({ type: 'invoices.retry' })} />
      {load && invoices.length === 0 ? <EmptyState message={t('invoices.list.empty')} headingLevel={2} /> : null}
      {invoices.length > 0 ? (
        <ul className={styles.list}>
          {invoices.map((invoice) => (
            <li key={invoice._id} className={styles.row}>
              <div className={styles.rowMain}>
                <Link href={`/organization/view-invoice/${invoice._id}`} className={styles.strong}>
                  {t('invoices.list.to', { number: invoice.invoice_id, name: personName(invoice.customer_data) || invoice.customer_id })}
                </Link>
                <span className={styles.meta}>{invoice.due_date ? t('invoices.list.due', { date: format.date(`${invoice.due_date}T12:00:00Z`) }) : format.date(invoice.created)}</span>
              </div>
              <div className={styles.actions}>
                <span className={styles.strong}>{format.money(invoice.total)}</span>
                <InvoiceStatusTag status={invoice.status} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
