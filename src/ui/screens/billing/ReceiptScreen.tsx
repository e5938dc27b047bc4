import { useActorRef, useSelector } from '@xstate/react';
import type { AccountId } from '../../../core/model/ids';
import { selectReadError, selectReadMode, selectReadResult, type ReadActor, type Receipt } from '../../../machines/features/billing-read.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Tag } from '../../components/Tag/Tag';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { InvoiceTable } from './InvoiceTable';
import { BillingIntl, Page, ReadState, useFormat, useT } from './shared';

/**
 * /billing/past/invoice/{id} (issue 8): a printable receipt — the invoice (GET invoice/{id}), or for a charge of the
 * history without one, the charge itself. Print prints the receipt alone (the print CSS hides the app's shell).
 */
export default function ReceiptScreen({ params }: Partial<ScreenProps>) {
  const machines = useBillingMachines();
  const account = useSessionSelector(selectAccount);
  const read = useActorRef(machines.read, {
    input: { request: { kind: 'receipt', id: params?.invoice_id ?? params?.id ?? '', customerId: (account?._id ?? '') as AccountId } },
  });
  return (
    <BillingIntl>
      <ReceiptView read={read} />
    </BillingIntl>
  );
}

function ReceiptView({ read }: { read: ReadActor }) {
  const t = useT();
  const mode = useSelector(read, selectReadMode);
  const result = useSelector(read, selectReadResult);
  const error = useSelector(read, selectReadError);
  const receipt = result?.kind === 'receipt' ? result.receipt : null;
  return (
    <Page title={t('billing.receipt.title')} back={{ href: '/billing', label: t('billing.back') }} className={styles.receipt}>
      <ReadState mode={mode} error={error} onRetry={() => read.send({ type: 'read.retry' })} />
      {mode === 'ready' && receipt ? (
        <>
          <ReceiptBody receipt={receipt} />
          <div className={`${styles.actions} ${styles.noPrint}`}>
            <Button onClick={() => window.print()}>{t('billing.receipt.print')}</Button>
          </div>
        </>
      ) : null}
    </Page>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const format = useFormat();
  if (receipt.kind === 'invoice') {
    const invoice = receipt.invoice;
    return (
      <>
        <dl className={styles.facts}>
          <dt>{t('billing.receipt.number')}</dt>
          <dd>{invoice.invoice_id}</dd>
          <dt>{t('billing.receipt.status')}</dt>
          <dd>
            <Tag tone={invoice.status === 'paid' ? 'success' : 'neutral'}>{t(`billing.invoice.status.${invoice.status}`)}</Tag>
          </dd>
          {invoice.paid_at || invoice.created ? (
            <>
              <dt>{t('billing.receipt.date')}</dt>
              <dd>{format.date(invoice.paid_at ?? invoice.created)}</dd>
            </>
          ) : null}
          {invoice.customer_data ? (
            <>
              <dt>{t('billing.receipt.customer')}</dt>
              <dd>{[invoice.customer_data.first_name, invoice.customer_data.last_name].filter(Boolean).join(' ')}</dd>
            </>
          ) : null}
        </dl>
        <InvoiceTable
          caption={t('billing.receipt.lines')}
          lines={invoice.lines.map((l) => ({ description: l.quantity > 1 ? `${l.description} × ${l.quantity}` : l.description, amount: l.amount }))}
          subtotal={invoice.subtotal ?? invoice.total}
          discount={invoice.discount ?? 0}
          coupon={null}
          tax={invoice.tax ?? 0}
          taxLabel={t('billing.invoice.tax')}
          total={invoice.total}
          due={invoice.status === 'paid' ? invoice.total : (invoice.amount_due ?? invoice.total)}
          note={invoice.note ?? invoice.decline_reason ?? null}
        />
      </>
    );
  }
  const charge = receipt.charge;
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('billing.receipt.reference')}</dt>
        <dd>{charge.paymentIntentId ?? charge._id}</dd>
        <dt>{t('billing.receipt.status')}</dt>
        <dd>
          <Tag tone={charge.status === 'succeeded' ? 'success' : 'neutral'}>{t(`billing.payment.${charge.status}`)}</Tag>
        </dd>
        <dt>{t('billing.receipt.date')}</dt>
        <dd>{format.date(charge.created)}</dd>
        {charge.card?.last4 ? (
          <>
            <dt>{t('billing.receipt.card')}</dt>
            <dd>{t('billing.card.label', { brand: charge.card.brand ?? '', last4: charge.card.last4 })}</dd>
          </>
        ) : null}
      </dl>
      <InvoiceTable
        caption={t('billing.receipt.lines')}
        lines={[{ description: charge.description ?? t('billing.history.charge'), amount: charge.amount }]}
        subtotal={charge.amount}
        discount={0}
        coupon={null}
        tax={null}
        taxLabel={t('billing.invoice.tax')}
        total={charge.amount}
      />
    </>
  );
}
