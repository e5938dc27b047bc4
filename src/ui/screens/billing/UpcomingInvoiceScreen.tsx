import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { ratePercent } from '../../../core/rules/pricing';
import { selectReadError, selectReadMode, selectReadResult, type ReadActor, type UpcomingRow } from '../../../machines/features/billing-read.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import { useSessionSelector } from '../../app/session-context';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { InvoiceTable } from './InvoiceTable';
import { BillingIntl, Page, ReadState, StatusTag, useFormat, useT } from './shared';

/**
 * /billing/invoice/upcoming (issue 8): the next charge of each billed subscription — the plan, the add-ons, the
 * coupon and the tax. The server's upcoming invoice when it has one; otherwise computed from the subscription with
 * the pricing rules (src/core/rules/billing.ts `upcomingCharge`).
 */
export default function UpcomingInvoiceScreen() {
  const machines = useBillingMachines();
  const account = useSessionSelector(selectAccount);
  const read = useActorRef(machines.read, { input: { request: { kind: 'upcoming', customerId: (account?._id ?? '') as AccountId } } });
  return (
    <BillingIntl>
      <Upcoming read={read} />
    </BillingIntl>
  );
}

function Upcoming({ read }: { read: ReadActor }) {
  const t = useT();
  const mode = useSelector(read, selectReadMode);
  const result = useSelector(read, selectReadResult);
  const error = useSelector(read, selectReadError);
  const rows = result?.kind === 'upcoming' ? result.items : [];
  return (
    <Page title={t('billing.upcoming.title')} lead={t('billing.upcoming.lead')} back={{ href: '/billing', label: t('billing.back') }}>
      <ReadState mode={mode} error={error} empty={t('billing.upcoming.empty')} onRetry={() => read.send({ type: 'read.retry' })} />
      {mode === 'ready' ? rows.map((row) => <UpcomingCard key={row.subscription._id} row={row} />) : null}
    </Page>
  );
}

function UpcomingCard({ row }: { row: UpcomingRow }) {
  const t = useT();
  const format = useFormat();
  const { subscription, charge, invoice } = row;
  const headingId = `upcoming-${subscription._id}`;
  return (
    <section aria-labelledby={headingId} className={styles.state}>
      <h2 id={headingId}>
        <Link href={`/subscriptions/${subscription._id}`}>{subscription.service_data.name}</Link> <StatusTag status={subscription.status} />
      </h2>
      {invoice ? (
        <InvoiceTable
          caption={t('billing.upcoming.caption', { date: format.date(invoice.period_start ?? invoice.due_date ?? null) || t('billing.upcoming.unscheduled') })}
          lines={invoice.lines.map((l) => ({ description: l.description, amount: l.amount }))}
          subtotal={invoice.subtotal ?? invoice.total}
          discount={invoice.discount ?? 0}
          coupon={null}
          tax={invoice.tax ?? 0}
          taxLabel={t('billing.invoice.tax')}
          total={invoice.total}
          due={invoice.amount_due ?? invoice.total}
          note={invoice.note ?? null}
        />
      ) : charge ? (
        <InvoiceTable
          caption={t('billing.upcoming.caption', { date: format.date(charge.at) || t('billing.upcoming.unscheduled') })}
          lines={charge.lines.map((l) => ({ description: l.kind === 'addOn' ? t('billing.invoice.addOn', { name: l.description }) : l.description, amount: l.amount }))}
          subtotal={charge.quote.subtotal}
          discount={charge.quote.discount}
          coupon={charge.coupon}
          tax={charge.quote.tax}
          taxLabel={t('billing.invoice.taxRate', { rate: ratePercent(charge.rateBasisPoints) })}
          total={charge.quote.total}
        />
      ) : (
        <p className={styles.meta}>{t('billing.upcoming.none')}</p>
      )}
      {subscription.status === 'suspended' ? (
        <p className={styles.notice}>
          {t('subscriptions.suspended.why')} <Link href="/billing">{t('subscriptions.suspended.updateCard')}</Link>
        </p>
      ) : null}
    </section>
  );
}
