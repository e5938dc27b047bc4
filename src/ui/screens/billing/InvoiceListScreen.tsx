import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { selectReadError, selectReadMode, selectReadResult, type ReadActor, type SubscriptionInvoiceRow } from '../../../machines/features/billing-read.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Tag } from '../../components/Tag/Tag';
import { useMessageForError } from '../../i18n/errors';
import { useBillingMachines } from '../../shared/Billing';
import { selectInvoicesError, selectInvoicesLoad, selectInvoicesMode, type InvoicesActor } from '../../../machines/features/invoices.machine';
import { InvoiceStatusTag, issuerName } from './invoices-shared';
import styles from './Billing.module.css';
import { BillingIntl, Page, ReadState, StatusTag, useFormat, useT } from './shared';

/**
 * /customer/list-invoices (issue 8): the invoices of each of the customer's subscriptions
 * (GET customer/{id}/invoice/list/{subscriptionId}: the upcoming one and the past ones), each past one opening its
 * printable receipt. A subscription whose invoices cannot be read says why, and the others still show. Above them,
 * the invoices an organization wrote to the customer (issue 11), each opening /customer/view-invoice/{id}.
 */
export default function InvoiceListScreen() {
  const machines = useBillingMachines();
  const account = useSessionSelector(selectAccount);
  const read = useActorRef(machines.read, { input: { request: { kind: 'invoices', customerId: (account?._id ?? '') as AccountId } } });
  const written = useActorRef(machines.invoices, { input: { screen: { kind: 'list', role: 'customer' } } });
  return (
    <BillingIntl>
      <InvoiceList read={read} written={written} />
    </BillingIntl>
  );
}

/** Issue 11: the invoices organizations (or the platform) wrote to the customer, each opening its page to pay or decline. */
function WrittenInvoices({ actor }: { actor: InvoicesActor }) {
  const t = useT();
  const format = useFormat();
  const mode = useSelector(actor, selectInvoicesMode);
  const load = useSelector(actor, selectInvoicesLoad);
  const error = useSelector(actor, selectInvoicesError);
  const invoices = load?.invoices ?? [];
  return (
    <section aria-labelledby="written-invoices" className={styles.state}>
      <h2 id="written-invoices">{t('invoices.customerList.title')}</h2>
      <ReadState mode={mode === 'loading' ? 'loading' : mode === 'error' ? 'error' : 'ready'} error={error} onRetry={() => actor.send({ type: 'invoices.retry' })} />
      {load && invoices.length === 0 ? <p className={styles.meta}>{t('invoices.customerList.empty')}</p> : null}
      {invoices.length > 0 ? (
        <ul className={styles.list} style={{ width: '100%' }}>
          {invoices.map((invoice) => (
            <li key={invoice._id} className={styles.row}>
              <div className={styles.rowMain}>
                <Link href={`/customer/view-invoice/${invoice._id}`} className={styles.strong}>
                  {t('invoices.customerList.from', { number: invoice.invoice_id, name: issuerName(invoice, t('invoices.platform')) })}
                </Link>
                {invoice.due_date ? <span className={styles.meta}>{t('invoices.list.due', { date: format.date(`${invoice.due_date}T12:00:00Z`) })}</span> : null}
              </div>
              <div className={styles.actions}>
                <span className={styles.strong}>{format.money(invoice.total)}</span>
                <InvoiceStatusTag status={invoice.status} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function InvoiceList({ read, written }: { read: ReadActor; written: InvoicesActor }) {
  const t = useT();
  const mode = useSelector(read, selectReadMode);
  const result = useSelector(read, selectReadResult);
  const error = useSelector(read, selectReadError);
  const rows = result?.kind === 'invoices' ? result.items : [];
  return (
    <Page title={t('billing.invoices.title')} back={{ href: '/billing', label: t('billing.back') }}>
      <WrittenInvoices actor={written} />
      <h2>{t('invoices.customerList.subscriptions')}</h2>
      <ReadState mode={mode} error={error} empty={t('billing.invoices.empty')} onRetry={() => read.send({ type: 'read.retry' })} />
      {mode === 'ready' ? rows.map((row) => <SubscriptionInvoices key={row.subscription._id} row={row} onRetry={() => read.send({ type: 'read.retry' })} />) : null}
    </Page>
  );
}

function SubscriptionInvoices({ row, onRetry }: { row: SubscriptionInvoiceRow; onRetry: () => void }) {
  const t = useT();
  const format = useFormat();
  const messageFor = useMessageForError();
  const headingId = `invoices-${row.subscription._id}`;
  const past = row.invoices?.items ?? [];
  return (
    <section aria-labelledby={headingId} className={styles.state}>
      <h2 id={headingId}>
        {row.subscription.service_data.name} <StatusTag status={row.subscription.status} />
      </h2>
      {row.error ? (
        <div role="alert" className={styles.state}>
          <p className={styles.error}>{messageFor(row.error)}</p>
          <Button variant="text" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          {row.invoices?.upcoming ? (
            <p className={styles.meta}>
              {t('billing.invoices.upcoming', { total: format.money(row.invoices.upcoming.total) })} <Link href="/billing/invoice/upcoming">{t('billing.upcoming.link')}</Link>
            </p>
          ) : null}
          {past.length === 0 ? (
            <p className={styles.meta}>{t('billing.invoices.none')}</p>
          ) : (
            <ul className={styles.list} style={{ width: '100%' }}>
              {past.map((invoice) => (
                <li key={invoice._id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <Link href={`/billing/past/invoice/${invoice._id}`} className={styles.strong}>
                      {invoice.invoice_id}
                    </Link>
                    <span className={styles.meta}>{format.date(invoice.paid_at ?? invoice.created)}</span>
                  </div>
                  <div className={styles.actions}>
                    <span className={styles.strong}>{format.money(invoice.total)}</span>
                    <Tag tone={invoice.status === 'paid' ? 'success' : 'neutral'}>{t(`billing.invoice.status.${invoice.status}`)}</Tag>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
