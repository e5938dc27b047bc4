import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import type { BillingSource } from '../../../core/model/billing';
import { cardExpiry } from '../../../core/rules/billing';
import {
  selectAddError,
  selectAdding,
  selectBillingBusy,
  selectBillingError,
  selectBillingMode,
  selectCards,
  selectDefaultable,
  selectHistory,
  selectRemovable,
  type BillingActor,
} from '../../../machines/features/billing.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Modal } from '../../components/Modal/Modal';
import { Tag } from '../../components/Tag/Tag';
import { useToasts } from '../../components/Toasts/useToasts';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { CardForm } from './CardForm';
import { BillingIntl, Page, ReadState, useFormat, useT } from './shared';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * /billing (issue 8): the customer's saved cards — add one through the payments component, remove one after a
 * confirmation, make one the default — and the charge history, each charge linking to its receipt. The screen
 * creates its own billing chart; every button is offered only when the chart `can` take its event.
 */
export default function BillingScreen() {
  const machines = useBillingMachines();
  const account = useSessionSelector(selectAccount);
  const billing = useActorRef(machines.cards, { input: { customerId: (account?._id ?? '') as AccountId } });
  return (
    <BillingIntl>
      <Billing billing={billing} now={machines.now} />
    </BillingIntl>
  );
}

function Billing({ billing, now }: { billing: BillingActor; now: () => string }) {
  const t = useT();
  const format = useFormat();
  const toasts = useToasts();
  const mode = useSelector(billing, selectBillingMode);
  const error = useSelector(billing, selectBillingError);
  const cards = useSelector(billing, selectCards);
  const history = useSelector(billing, selectHistory);
  const removable = useSelector(billing, selectRemovable, sameList);
  const defaultable = useSelector(billing, selectDefaultable, sameList);
  const busy = useSelector(billing, selectBillingBusy);
  const adding = useSelector(billing, selectAdding);
  const addError = useSelector(billing, selectAddError);
  const [formOpen, setFormOpen] = useState(false);
  const [removing, setRemoving] = useState<BillingSource | null>(null);

  useEffect(() => {
    const notices = billing.on('notify', (event) => toasts.show({ kind: event.kind, message: { error: { code: event.code, message: event.message } } }));
    const added = billing.on('cardAdded', () => {
      setFormOpen(false);
      toasts.show({ kind: 'success', message: { text: t('billing.card.added') } });
    });
    return () => {
      notices.unsubscribe();
      added.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the language; one subscription per chart
  }, [billing, toasts]);

  const links = (
    <nav className={styles.links} aria-label={t('billing.links')}>
      <Link href="/billing/invoice/upcoming">{t('billing.upcoming.link')}</Link>
      <Link href="/customer/list-invoices">{t('billing.invoices.link')}</Link>
      <Link href="/subscriptions">{t('subscriptions.link')}</Link>
    </nav>
  );

  if (mode !== 'ready')
    return (
      <Page title={t('billing.title')}>
        <ReadState mode={mode} error={error} onRetry={() => billing.send({ type: 'billing.retry' })} />
      </Page>
    );

  return (
    <Page title={t('billing.title')} lead={t('billing.lead')}>
      {links}
      <section aria-labelledby="billing-cards" className={styles.state}>
        <h2 id="billing-cards">{t('billing.cards.title')}</h2>
        {cards.length === 0 ? (
          <EmptyState message={t('billing.cards.empty')} description={t('billing.cards.emptyHint')} headingLevel={3} />
        ) : (
          <ul className={styles.list} style={{ width: '100%' }}>
            {cards.map((card) => {
              const label = t('billing.card.label', { brand: t(`billing.brand.${card.brand}`), last4: card.last4 });
              return (
                <li key={card.stripe_src_id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <span className={styles.strong}>{label}</span>
                    {cardExpiry(card) ? <span className={styles.meta}>{t('billing.card.expires', { expiry: cardExpiry(card) })}</span> : null}
                  </div>
                  <div className={styles.actions}>
                    {card.is_default ? <Tag tone="brand">{t('billing.card.default')}</Tag> : null}
                    {defaultable.includes(card.stripe_src_id) ? (
                      <Button variant="text" disabled={busy} aria-label={t('billing.card.makeDefaultLabel', { card: label })} onClick={() => billing.send({ type: 'billing.makeDefault', id: card.stripe_src_id })}>
                        {t('billing.card.makeDefault')}
                      </Button>
                    ) : null}
                    {removable.includes(card.stripe_src_id) ? (
                      <Button variant="text" disabled={busy} aria-label={t('billing.card.removeLabel', { card: label })} onClick={() => setRemoving(card)}>
                        {t('billing.card.remove')}
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {formOpen ? (
          <CardForm
            busy={adding}
            error={addError}
            now={now}
            onSubmit={(card) => billing.send({ type: 'billing.addCard', card })}
            onCancel={() => {
              setFormOpen(false);
              billing.send({ type: 'billing.clearAddError' });
            }}
          />
        ) : (
          <Button onClick={() => setFormOpen(true)} disabled={busy}>
            {t('billing.card.add')}
          </Button>
        )}
      </section>

      <section aria-labelledby="billing-history" className={styles.state}>
        <h2 id="billing-history">{t('billing.history.title')}</h2>
        {history.length === 0 ? (
          <EmptyState message={t('billing.history.empty')} headingLevel={3} />
        ) : (
          <ul className={styles.list} style={{ width: '100%' }}>
            {history.map((entry) => (
              <li key={entry._id} className={styles.row}>
                <div className={styles.rowMain}>
                  <span className={styles.strong}>{entry.description ?? t('billing.history.charge')}</span>
                  <span className={styles.meta}>
                    {format.date(entry.created)}
                    {entry.card?.last4 ? ` · ${t('billing.card.label', { brand: entry.card.brand ?? '', last4: entry.card.last4 })}` : ''}
                  </span>
                </div>
                <div className={styles.actions}>
                  <span className={styles.strong}>{format.money(entry.amount)}</span>
                  <Tag tone={entry.status === 'succeeded' ? 'success' : entry.status === 'failed' ? 'danger' : 'neutral'}>{t(`billing.payment.${entry.status}`)}</Tag>
                  <Link href={`/billing/past/invoice/${entry.invoice_id ?? entry._id}`} aria-label={t('billing.history.receiptLabel', { date: format.date(entry.created) })}>
                    {t('billing.history.receipt')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        role="alertdialog"
        title={t('billing.remove.title')}
        footer={
          <>
            <Button variant="text" onClick={() => setRemoving(null)}>
              {t('billing.remove.keep')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (removing) billing.send({ type: 'billing.remove', id: removing.stripe_src_id });
                setRemoving(null);
              }}
            >
              {t('billing.remove.confirm')}
            </Button>
          </>
        }
      >
        <p>{removing ? t('billing.remove.body', { card: t('billing.card.label', { brand: t(`billing.brand.${removing.brand}`), last4: removing.last4 }) }) : null}</p>
      </Modal>
    </Page>
  );
}
