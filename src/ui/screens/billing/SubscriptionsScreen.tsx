import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { selectReadError, selectReadMode, selectReadResult, type ReadActor } from '../../../machines/features/billing-read.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { BillingIntl, Page, ReadState, StatusTag, useFormat, useT } from './shared';

/**
 * /subscriptions and /manage-subscriptions (issue 8): the customer's subscriptions — service, frequency, price per
 * visit, status and the next visit — each opening its own screen where it is changed, paused or canceled.
 */
export default function SubscriptionsScreen({ route }: Partial<ScreenProps>) {
  const machines = useBillingMachines();
  const account = useSessionSelector(selectAccount);
  const read = useActorRef(machines.read, { input: { request: { kind: 'subscriptions', customerId: (account?._id ?? '') as AccountId } } });
  return (
    <BillingIntl>
      <Subscriptions read={read} manage={route?.name === 'customer.manageSubscriptions'} />
    </BillingIntl>
  );
}

function Subscriptions({ read, manage }: { read: ReadActor; manage: boolean }) {
  const t = useT();
  const format = useFormat();
  const mode = useSelector(read, selectReadMode);
  const result = useSelector(read, selectReadResult);
  const error = useSelector(read, selectReadError);
  const items = result?.kind === 'subscriptions' ? result.items : [];
  return (
    <Page title={t(manage ? 'subscriptions.manageTitle' : 'subscriptions.title')} lead={t('subscriptions.lead')}>
      <ReadState mode={mode} error={error} empty={t('subscriptions.empty')} onRetry={() => read.send({ type: 'read.retry' })} />
      {mode === 'ready' ? (
        <ul className={styles.list}>
          {items.map((s) => (
            <li key={s._id} className={styles.row}>
              <div className={styles.rowMain}>
                <Link href={`/subscriptions/${s._id}`} className={styles.strong}>
                  {s.service_data.name}
                </Link>
                <span className={styles.meta}>
                  {t(`subscriptions.frequency.${s.frequency}`)}
                  {s.price !== undefined ? ` · ${t('subscriptions.perVisit', { price: format.money(s.price) })}` : ''}
                  {s.address_data?.address_formatted ? ` · ${s.address_data.address_formatted}` : ''}
                </span>
                {s.next_appointment && s.status === 'active' ? <span className={styles.meta}>{t('subscriptions.nextVisit', { date: format.date(s.next_appointment) })}</span> : null}
              </div>
              <div className={styles.actions}>
                <StatusTag status={s.status} />
                <Link href={`/subscriptions/${s._id}`} aria-label={t('subscriptions.manageLabel', { name: s.service_data.name })}>
                  {t('subscriptions.manage')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <nav className={styles.links} aria-label={t('billing.links')}>
        <Link href="/billing">{t('billing.title')}</Link>
        <Link href="/billing/invoice/upcoming">{t('billing.upcoming.link')}</Link>
      </nav>
    </Page>
  );
}
