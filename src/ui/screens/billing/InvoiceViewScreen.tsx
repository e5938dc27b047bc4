import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AccountId, InvoiceId } from '../../../core/model/ids';
import type { Invoice } from '../../../core/model/invoice';
import type { BillingSource } from '../../../core/model/billing';
import { selectInvoiceNotice, selectInvoicesError, selectInvoicesLoad, selectInvoicesMode, type InvoicesActor } from '../../../machines/features/invoices.machine';
import { selectAccount, selectRole } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { SelectableBlock } from '../../components/SelectableBlock/SelectableBlock';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { InvoiceTable } from './InvoiceTable';
import { InvoiceStatusTag, issuerName, personName } from './invoices-shared';
import { BillingIntl, Page, ReadState, useFormat, useT } from './shared';

/**
 * /organization/view-invoice/{id} and /customer/view-invoice/{id} (issue 11): one manual invoice. Its issuer edits,
 * sends or deletes it while it is not paid; its customer pays an open one with a saved card (the default chosen) or
 * declines it with a reason. What each may do is the server's chart; a refusal shows the server's message.
 */
export default function InvoiceViewScreen({ params }: Partial<ScreenProps>) {
  const machines = useBillingMachines();
  const role = useSessionSelector(selectRole);
  const account = useSessionSelector(selectAccount);
  const customerId = role === 'customer' ? ((account?._id ?? null) as AccountId | null) : null;
  const actor = useActorRef(machines.invoices, { input: { screen: { kind: 'view', id: (params?.id ?? '') as InvoiceId, customerId } } });
  return (
    <BillingIntl>
      <ViewInvoice actor={actor} customer={role === 'customer'} />
    </BillingIntl>
  );
}

function ViewInvoice({ actor, customer }: { actor: InvoicesActor; customer: boolean }) {
  const t = useT();
  const format = useFormat();
  const messageFor = useMessageForError();
  const mode = useSelector(actor, selectInvoicesMode);
  const load = useSelector(actor, selectInvoicesLoad);
  const error = useSelector(actor, selectInvoicesError);
  const notice = useSelector(actor, selectInvoiceNotice);
  const authenticating = useSelector(actor, (s) => s.hasTag('authenticating'));
  const invoice = load?.invoice ?? null;
  const back = customer ? { href: '/customer/list-invoices', label: t('invoices.backCustomerList') } : { href: '/organization/list-invoices', label: t('invoices.backList') };
  return (
    <Page title={invoice ? t('invoices.view.title', { number: invoice.invoice_id }) : t('invoices.view.loading')} back={back}>
      <ReadState mode={mode === 'loading' ? 'loading' : mode === 'error' ? 'error' : 'ready'} error={error} onRetry={() => actor.send({ type: 'invoices.retry' })} />
      {invoice ? (
        <>
          {authenticating ? (
            <p role="status" className={styles.preview}>
              {t('invoices.pay.authenticating')}
            </p>
          ) : null}
          {notice ? (
            <p role="status" className={styles.preview}>
              {t(`invoices.notice.${notice}`, { number: invoice.invoice_id })}
            </p>
          ) : null}
          <dl className={styles.facts}>
            <dt>{t('invoices.view.status')}</dt>
            <dd>
              <InvoiceStatusTag status={invoice.status} />
            </dd>
            <dt>{customer ? t('invoices.view.from') : t('invoices.view.customer')}</dt>
            <dd>{customer ? issuerName(invoice, t('invoices.platform')) : `${personName(invoice.customer_data)} ${invoice.customer_data?.primary_email ? `(${invoice.customer_data.primary_email})` : ''}`}</dd>
            {invoice.due_date ? (
              <>
                <dt>{t('invoices.view.due')}</dt>
                <dd>{format.date(`${invoice.due_date}T12:00:00Z`)}</dd>
              </>
            ) : null}
            {invoice.paid_at ? (
              <>
                <dt>{t('invoices.view.paidAt')}</dt>
                <dd>{format.date(invoice.paid_at)}</dd>
              </>
            ) : null}
          </dl>
          <InvoiceTable
            caption={t('invoices.view.lines')}
            lines={invoice.lines.map((l) => ({ description: l.quantity > 1 ? `${l.description} × ${l.quantity}` : l.description, amount: l.amount }))}
            subtotal={invoice.subtotal ?? invoice.total}
            discount={0}
            coupon={null}
            tax={invoice.tax ?? 0}
            taxLabel={t('billing.invoice.taxRate', { rate: (invoice.tax_rate_bps ?? 0) / 100 })}
            total={invoice.total}
            note={invoice.decline_reason ? t('invoices.view.declineReason', { reason: invoice.decline_reason }) : invoice.note}
          />
          {error && mode !== 'error' ? (
            <p role="alert" className={styles.error}>
              {messageFor(error)}
            </p>
          ) : null}
          {customer ? (
            invoice.status === 'open' ? (
              <PayOrDecline invoice={invoice} cards={load?.cards ?? []} busy={mode === 'busy'} actor={actor} />
            ) : null
          ) : (
            <IssuerActions invoice={invoice} busy={mode === 'busy'} actor={actor} />
          )}
        </>
      ) : null}
    </Page>
  );
}

function IssuerActions({ invoice, busy, actor }: { invoice: Invoice; busy: boolean; actor: InvoicesActor }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  if (invoice.status === 'paid' || invoice.status === 'deleted') return null;
  return (
    <div className={styles.actions}>
      <Link href={`/organization/edit-invoice/${invoice._id}`}>{t('invoices.view.edit')}</Link>
      {invoice.status === 'draft' ? (
        <Button loading={busy} onClick={() => actor.send({ type: 'invoices.send' })}>
          {t('invoices.write.send')}
        </Button>
      ) : null}
      {confirming ? (
        <>
          <Button variant="danger" loading={busy} onClick={() => actor.send({ type: 'invoices.delete' })}>
            {t('invoices.view.confirmDelete')}
          </Button>
          <Button variant="text" onClick={() => setConfirming(false)}>
            {t('invoices.view.keep')}
          </Button>
        </>
      ) : (
        <Button variant="text" onClick={() => setConfirming(true)}>
          {t('invoices.view.delete')}
        </Button>
      )}
    </div>
  );
}

function PayOrDecline({ invoice, cards, busy, actor }: { invoice: Invoice; cards: readonly BillingSource[]; busy: boolean; actor: InvoicesActor }) {
  const t = useT();
  const format = useFormat();
  const preferred = cards.find((c) => c.is_default) ?? cards[0];
  const [card, setCard] = useState<string | null>(preferred?.stripe_src_id ?? null);
  const [reason, setReason] = useState('');
  return (
    <div className={styles.state} style={{ width: '100%' }}>
      {cards.length === 0 ? (
        <p className={styles.meta}>
          {t('invoices.pay.noCard')} <Link href="/billing">{t('invoices.pay.addCard')}</Link>
        </p>
      ) : (
        <fieldset className={styles.choices} style={{ width: '100%' }}>
          <legend>{t('invoices.pay.card')}</legend>
          {cards.map((c) => (
            <SelectableBlock
              key={c.stripe_src_id}
              type="radio"
              name="invoice-card"
              value={c.stripe_src_id}
              checked={card === c.stripe_src_id}
              onChange={(on) => on && setCard(c.stripe_src_id)}
              label={t('billing.card.label', { brand: t(`billing.brand.${['Visa', 'Mastercard', 'AmericanExpress'].includes(c.brand ?? '') ? c.brand : 'Other'}`), last4: c.last4 ?? '' })}
              description={t('billing.card.expires', { expiry: `${String(c.exp_month ?? '').padStart(2, '0')}/${String(c.exp_year ?? '').slice(-2)}` })}
            />
          ))}
        </fieldset>
      )}
      <Button loading={busy} disabled={cards.length === 0} onClick={() => actor.send({ type: 'invoices.pay', cardId: card })}>
        {t('invoices.pay.button', { amount: format.money(invoice.amount_due ?? invoice.total) })}
      </Button>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'invoices.decline', reason });
        }}
      >
        <TextField label={t('invoices.decline.reason')} value={reason} onChange={setReason} maxLength={500} />
        <Button variant="danger" type="submit" loading={busy}>
          {t('invoices.decline.button')}
        </Button>
      </form>
    </div>
  );
}
