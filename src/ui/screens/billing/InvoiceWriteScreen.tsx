import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { AccountId, InvoiceId } from '../../../core/model/ids';
import type { Invoice } from '../../../core/model/invoice';
import type { PersonData } from '../../../core/model/person';
import { INVOICE_MESSAGES, invoiceTotals, isValidDueDate, taxRateBpsOf } from '../../../core/rules/invoices';
import { dollarsToCents, parseMoneyInput } from '../../../core/rules/money';
import { selectInvoicesError, selectInvoicesLoad, selectInvoicesMode, type InvoicesActor } from '../../../machines/features/invoices.machine';
import { selectRole } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { personName } from './invoices-shared';
import { BillingIntl, Page, ReadState, useFormat, useT } from './shared';

/**
 * /organization/create-invoice, /organization/edit-invoice/{id} and /admin/create-invoice (issue 11): pick a customer
 * (the organization's customers; any customer of a visit for super), line items in dollars (sent in cents), a tax
 * rate in percent, a due date and a note; the total shows as it is typed, from the same `invoiceTotals` the server
 * stores. Save draft keeps it a draft; Send invoice sends it. A saved invoice opens its page (super: shows it here).
 */
export default function InvoiceWriteScreen({ params }: Partial<ScreenProps>) {
  const machines = useBillingMachines();
  const id = (params?.id ?? null) as InvoiceId | null;
  const actor = useActorRef(machines.invoices, { input: { screen: { kind: 'write', id } } });
  return (
    <BillingIntl>
      <WriteInvoice actor={actor} editing={id !== null} />
    </BillingIntl>
  );
}

interface LineDraft {
  readonly key: number;
  readonly description: string;
  readonly quantity: string;
  readonly price: string;
}

const emptyLine = (key: number): LineDraft => ({ key, description: '', quantity: '1', price: '' });
const today = () => new Date().toISOString().slice(0, 10);

function WriteInvoice({ actor, editing }: { actor: InvoicesActor; editing: boolean }) {
  const t = useT();
  const format = useFormat();
  const messageFor = useMessageForError();
  const [, navigate] = useLocation();
  const role = useSessionSelector(selectRole);
  const isAdmin = role === 'super' || role === 'admin';
  const mode = useSelector(actor, selectInvoicesMode);
  const load = useSelector(actor, selectInvoicesLoad);
  const error = useSelector(actor, selectInvoicesError);
  const saved = mode === 'saved' ? load?.invoice : null;

  useEffect(() => {
    if (saved && !isAdmin) navigate(`/organization/view-invoice/${saved._id}`);
  }, [saved, isAdmin, navigate]);

  const title = editing && load?.invoice ? t('invoices.write.editTitle', { number: load.invoice.invoice_id }) : t('invoices.write.title');
  const back = isAdmin ? { href: '/admin', label: t('invoices.backAdmin') } : { href: '/organization/list-invoices', label: t('invoices.backList') };
  return (
    <Page title={title} back={back}>
      <ReadState mode={mode === 'loading' ? 'loading' : mode === 'error' ? 'error' : 'ready'} error={error} onRetry={() => actor.send({ type: 'invoices.retry' })} />
      {saved && isAdmin ? (
        <p role="status" className={styles.preview}>
          {t('invoices.write.savedAdmin', { number: saved.invoice_id, total: format.money(saved.total) })}
        </p>
      ) : null}
      {load && !saved && (mode === 'ready' || mode === 'busy') ? (
        <InvoiceForm
          key={load.invoice?._id ?? 'new'}
          invoice={load.invoice}
          customers={load.customers}
          busy={mode === 'busy'}
          serverError={error ? messageFor(error) : null}
          onSave={({ customer_id, ...change }) => actor.send({ type: 'invoices.save', input: editing ? change : { customer_id, ...change } })}
        />
      ) : null}
    </Page>
  );
}

type SaveInput = {
  customer_id: AccountId;
  lines: { description: string; quantity: number; unit_amount: number }[];
  tax_rate_bps: number;
  due_date?: string;
  note?: string;
  send: boolean;
};

function InvoiceForm({
  invoice,
  customers,
  busy,
  serverError,
  onSave,
}: {
  invoice: Invoice | null;
  customers: readonly PersonData[];
  busy: boolean;
  serverError: string | null;
  onSave: (input: SaveInput) => void;
}) {
  const t = useT();
  const format = useFormat();
  const listId = useId();
  const [customer, setCustomer] = useState<PersonData | null>(invoice?.customer_data ?? (invoice ? { _id: invoice.customer_id } : null));
  const [search, setSearch] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(
    invoice ? invoice.lines.map((l, i) => ({ key: i, description: l.description, quantity: String(l.quantity), price: (l.unit_amount / 100).toFixed(2) })) : [emptyLine(0)],
  );
  const [nextKey, setNextKey] = useState(lines.length);
  const [tax, setTax] = useState(invoice?.tax_rate_bps !== undefined ? String(invoice.tax_rate_bps / 100) : '');
  const [due, setDue] = useState(invoice?.due_date ?? '');
  const [note, setNote] = useState(invoice?.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const rate = taxRateBpsOf(tax);
  const priced = lines.map((l) => ({ description: l.description.trim(), quantity: Math.max(0, Math.trunc(Number(l.quantity) || 0)), unit_amount: dollarsToCents(parseMoneyInput(l.price) || '0') }));
  const totals = invoiceTotals(priced, Number.isNaN(rate) ? 0 : rate);
  const q = search.trim().toLowerCase();
  const matches = customers.filter((c) => q === '' || `${personName(c)} ${c.primary_email ?? ''}`.toLowerCase().includes(q)).slice(0, 8);

  const setLine = (key: number, change: Partial<LineDraft>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const submit = (send: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    if (!customer) return setProblem(t('invoices.write.pickCustomer'));
    if (priced.some((l) => l.description === '' || l.quantity < 1)) return setProblem(INVOICE_MESSAGES.fields);
    if (Number.isNaN(rate)) return setProblem(INVOICE_MESSAGES.taxRate);
    if (totals.total <= 0) return setProblem(INVOICE_MESSAGES.amount);
    if (due !== '' && !isValidDueDate(due, today())) return setProblem(INVOICE_MESSAGES.dueDate);
    setProblem(null);
    onSave({
      customer_id: customer._id,
      lines: priced,
      tax_rate_bps: rate,
      ...(due !== '' ? { due_date: due } : {}),
      ...(note.trim() !== '' ? { note: note.trim() } : {}),
      send,
    });
  };

  const shown = problem ?? serverError;
  return (
    <form className={styles.form} style={{ maxWidth: '40rem' }} onSubmit={submit(true)} noValidate aria-busy={busy || undefined}>
      {customer ? (
        <div className={styles.row}>
          <span>
            {t('invoices.write.customer')}: <strong>{personName(customer) || customer._id}</strong> {customer.primary_email ? `(${customer.primary_email})` : null}
          </span>
          {invoice ? null : (
            <Button variant="text" type="button" onClick={() => setCustomer(null)}>
              {t('invoices.write.changeCustomer')}
            </Button>
          )}
        </div>
      ) : (
        <div className={styles.choices}>
          <TextField label={t('invoices.write.findCustomer')} value={search} onChange={setSearch} hint={t('invoices.write.findHint')} aria-controls={listId} autoComplete="off" />
          <ul id={listId} className={styles.list} aria-label={t('invoices.write.customers')}>
            {matches.length === 0 ? <li className={styles.meta}>{t('invoices.write.noCustomers')}</li> : null}
            {matches.map((c) => (
              <li key={c._id}>
                <Button variant="text" type="button" onClick={() => setCustomer(c)}>
                  {personName(c)} {c.primary_email ? `(${c.primary_email})` : ''}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {lines.map((line, i) => (
        <fieldset key={line.key} className={styles.choices} aria-label={t('invoices.write.line', { n: i + 1 })}>
          <legend>{t('invoices.write.line', { n: i + 1 })}</legend>
          <TextField label={t('invoices.write.description')} value={line.description} onChange={(v) => setLine(line.key, { description: v })} required maxLength={300} />
          <div className={styles.formRow}>
            <TextField label={t('invoices.write.quantity')} value={line.quantity} onChange={(v) => setLine(line.key, { quantity: v.replace(/\D/g, '') })} inputMode="numeric" required />
            <TextField
              label={t('invoices.write.unitPrice')}
              value={line.price}
              onChange={(v) => setLine(line.key, { price: v.replace(/[^\d.]/g, '') })}
              onBlur={() => setLine(line.key, { price: parseMoneyInput(line.price) })}
              inputMode="decimal"
              required
            />
          </div>
          {lines.length > 1 ? (
            <Button variant="text" type="button" onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}>
              {t('invoices.write.removeLine', { n: i + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <Button
        variant="text"
        type="button"
        onClick={() => {
          setLines((all) => [...all, emptyLine(nextKey)]);
          setNextKey((k) => k + 1);
        }}
      >
        {t('invoices.write.addLine')}
      </Button>

      <div className={styles.formRow}>
        <TextField label={t('invoices.write.taxRate')} value={tax} onChange={(v) => setTax(v.replace(/[^\d.]/g, ''))} inputMode="decimal" hint={t('invoices.write.taxHint')} />
        <TextField label={t('invoices.write.dueDate')} type="date" value={due} onChange={setDue} min={today()} />
      </div>
      <TextField label={t('invoices.write.note')} value={note} onChange={setNote} maxLength={500} />

      <p className={styles.preview} aria-live="polite">
        {t('invoices.write.subtotal', { amount: format.money(totals.subtotal) })} · {t('invoices.write.tax', { amount: format.money(totals.tax) })}
        <br />
        <strong>{t('invoices.write.total', { amount: format.money(totals.total) })}</strong>
      </p>
      {shown ? (
        <p role="alert" className={styles.error}>
          {shown}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          {t('invoices.write.send')}
        </Button>
        {invoice && invoice.status !== 'draft' ? null : (
          <Button variant="text" type="button" loading={busy} onClick={() => submit(false)()}>
            {t('invoices.write.saveDraft')}
          </Button>
        )}
      </div>
    </form>
  );
}
