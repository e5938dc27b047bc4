import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import type { Payout, Transfer } from '../../../core/model/payouts';
import { formatCents } from '../../../core/rules/money';
import { DATE_RANGE_SHORTCUTS } from '../../../core/rules/payouts';
import {
  selectCsv,
  selectDownloadError,
  selectDownloading,
  selectMoneyChoice,
  selectMoneyError,
  selectMoneyLoad,
  selectMoneyMode,
  selectMoneyRange,
  selectRangeProblem,
  type MoneyReportKind,
} from '../../../machines/features/money-report.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Table, type TableColumn } from '../../components/Table/Table';
import { Tag, type TagProps } from '../../components/Tag/Tag';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { useMoneyMachines } from '../../shared/Money';
import { EarningsChart, type ChartPoint } from './EarningsChart';
import styles from './Money.module.css';

/** Where each report lives in the organization menu (accounts §2: /organization/view-transfers, /view-payouts). */
const REPORT_PATHS: Readonly<Record<MoneyReportKind, string>> = { transfers: '/organization/view-transfers', payouts: '/organization/view-payouts' };

const TONES: Readonly<Record<string, TagProps['tone']>> = { paid: 'success', pending: 'info', in_transit: 'info', failed: 'danger', reversed: 'warning', canceled: 'neutral' };

/** The file a browser saves: the CSV bytes the server wrote, under a name with the range. */
const saveFile = (bytes: Uint8Array, name: string): void => {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/**
 * The organization's transfers or payouts (issue 11 "Money"): the date range (shortcuts last month and 3 months,
 * or a custom range of at most 366 days), a summary, a bar chart of the amounts over time with its figures in words,
 * the table of every row of the range, and "Download CSV" of exactly those rows (the server writes it). The
 * money-report chart reads and downloads.
 */
export function MoneyReport({ report }: { report: MoneyReportKind }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const account = useSessionSelector(selectAccount);
  const machines = useMoneyMachines();
  const chart = useActorRef(machines.report, { input: { organizationId: (account?._id ?? '') as AccountId, report } });
  const mode = useSelector(chart, selectMoneyMode);
  const load = useSelector(chart, selectMoneyLoad);
  const range = useSelector(chart, selectMoneyRange);
  const choice = useSelector(chart, selectMoneyChoice);
  const error = useSelector(chart, selectMoneyError);
  const problem = useSelector(chart, selectRangeProblem);
  const downloading = useSelector(chart, selectDownloading);
  const csv = useSelector(chart, selectCsv);
  const downloadError = useSelector(chart, selectDownloadError);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [saved, setSaved] = useState(false);
  const ids = { range: useId(), summary: useId(), hint: useId(), problem: useId() };

  // The custom fields show the range on screen (a shortcut's too).
  useEffect(() => {
    if (range) {
      setFrom(range.from);
      setTo(range.to);
    }
  }, [range]);

  useEffect(() => {
    if (!csv || !range) return;
    saveFile(csv, `${report}-${range.from}-${range.to}.csv`);
    setSaved(true);
    chart.send({ type: 'money.saved' });
  }, [csv, range, report, chart]);

  const day = (value: string) => intl.formatDate(new Date(`${value.slice(0, 10)}T12:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const money = (cents: number) => formatCents(cents, intl.locale === 'es' ? 'es-US' : 'en-US');
  const status = (value: string) => <Tag tone={TONES[value] ?? 'neutral'}>{t(`money.status.${value}`)}</Tag>;
  const shown = range ? { from: day(range.from), to: day(range.to) } : null;

  const transferColumns: TableColumn<Transfer>[] = [
    { key: 'date', header: t('money.table.date'), rowHeader: true, render: (r) => day(r.created) },
    { key: 'week', header: t('money.table.week'), render: (r) => (r.period_start && r.period_end ? t('money.table.weekValue', { start: day(r.period_start), end: day(r.period_end) }) : '—') },
    { key: 'amount', header: t('money.table.amount'), render: (r) => money(r.amount) },
    { key: 'status', header: t('money.table.status'), render: (r) => status(r.status) },
  ];
  const payoutColumns: TableColumn<Payout>[] = [
    { key: 'date', header: t('money.table.date'), rowHeader: true, render: (r) => day(r.created) },
    { key: 'arrival', header: t('money.table.arrival'), render: (r) => (r.arrival_date ? day(r.arrival_date) : '—') },
    { key: 'amount', header: t('money.table.amount'), render: (r) => money(r.amount) },
    { key: 'status', header: t('money.table.status'), render: (r) => status(r.status) },
  ];
  // Every payout goes to the same bank account: the summary names it once (four columns fit 360 px).
  const bank = load?.report === 'payouts' ? load.items.find((p) => p.bank_last4)?.bank_last4 : undefined;

  const rows: readonly (Transfer | Payout)[] = load?.items ?? [];
  const points: ChartPoint[] = [...rows]
    .sort((a, b) => a.created.localeCompare(b.created))
    .map((r) => ({ key: r._id, label: day(r.created), cents: r.amount, title: t('money.chart.bar', { day: day(r.created), amount: money(r.amount) }) }));
  const top = points.reduce<ChartPoint | undefined>((best, p) => (!best || p.cents > best.cents ? p : best), undefined);

  const emptyText = t(report === 'transfers' ? 'money.table.transfersEmpty' : 'money.table.payoutsEmpty');
  const caption = shown ? t(report === 'transfers' ? 'money.table.transfersCaption' : 'money.table.payoutsCaption', shown) : t(`money.${report}.title`);

  return (
    <div className={styles.page}>
      <div className={styles.stack}>
        <h1 className={styles.title}>{t(`money.${report}.title`)}</h1>
        <p className={styles.lead}>{t(`money.${report}.lead`)}</p>
        <nav aria-label={t('money.nav.label')}>
          <ul className={styles.tabs}>
            {(['transfers', 'payouts'] as const).map((kind) => (
              <li key={kind}>
                <Link href={REPORT_PATHS[kind]} className={styles.tab} aria-current={kind === report ? 'page' : undefined}>
                  {t(`money.nav.${kind}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <section className={styles.panel} aria-labelledby={ids.range}>
        <h2 id={ids.range} className={styles.heading}>
          {t('money.range.title')}
        </h2>
        <div role="group" aria-label={t('money.range.shortcuts')} className={styles.actions}>
          {DATE_RANGE_SHORTCUTS.map(({ key }) => (
            <Button key={key} variant={choice === key ? 'primary' : 'text'} aria-pressed={choice === key} onClick={() => chart.send({ type: 'money.shortcut', shortcut: key })}>
              {t(`money.range.${key}`)}
            </Button>
          ))}
        </div>
        <form
          className={styles.rangeForm}
          aria-label={t('money.range.custom')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            chart.send({ type: 'money.range', from, to });
          }}
        >
          <TextField className={styles.dateField} type="date" label={t('money.range.from')} value={from} onChange={setFrom} describedBy={problem ? ids.problem : ids.hint} />
          <TextField className={styles.dateField} type="date" label={t('money.range.to')} value={to} onChange={setTo} describedBy={problem ? ids.problem : ids.hint} />
          <Button type="submit" variant={choice === 'custom' ? 'primary' : 'text'}>
            {t('money.range.apply')}
          </Button>
        </form>
        <p id={ids.hint} className={styles.hint}>
          {t('money.range.hint')}
        </p>
        {problem ? (
          <p id={ids.problem} role="alert" className={styles.error}>
            {errorText(problem)}
          </p>
        ) : null}
        {shown ? (
          <p className={styles.lead} aria-live="polite">
            {t('money.range.showing', shown)}
          </p>
        ) : null}
      </section>

      {mode === 'error' ? (
        <div className={styles.state}>
          <p role="alert" className={styles.error}>
            {t('money.loadError')} {error ? errorText(error) : null}
          </p>
          <Button variant="text" onClick={() => chart.send({ type: 'money.retry' })}>
            {t('money.retry')}
          </Button>
        </div>
      ) : (
        <>
          {load ? (
            <section className={styles.panel} aria-labelledby={ids.summary}>
              <h2 id={ids.summary} className={styles.heading}>
                {t('money.summary.title')}
              </h2>
              <dl className={styles.summary}>
                <div className={styles.figureCard}>
                  <dt>{t(report === 'transfers' ? 'money.summary.transfersAmount' : 'money.summary.payoutsAmount')}</dt>
                  <dd className={styles.amount}>{money(load.summary.amount)}</dd>
                </div>
                <div className={styles.figureCard}>
                  <dt>{t(report === 'transfers' ? 'money.summary.transfersCount' : 'money.summary.payoutsCount')}</dt>
                  <dd className={styles.amount}>{intl.formatNumber(load.summary.count)}</dd>
                </div>
                {bank ? (
                  <div className={styles.figureCard}>
                    <dt>{t('money.table.bank')}</dt>
                    <dd className={styles.bank}>{t('money.table.bankValue', { last4: bank })}</dd>
                  </div>
                ) : null}
              </dl>
              <p className={styles.hint}>{t('money.summary.note')}</p>
            </section>
          ) : null}
          {mode === 'ready' && shown && top ? (
            <section className={styles.panel} aria-label={t(report === 'transfers' ? 'money.chart.transfersTitle' : 'money.chart.payoutsTitle')}>
              <h2 className={styles.heading} aria-hidden="true">
                {t(report === 'transfers' ? 'money.chart.transfersTitle' : 'money.chart.payoutsTitle')}
              </h2>
              <EarningsChart
                points={points}
                title={t(report === 'transfers' ? 'money.chart.transfersTitle' : 'money.chart.payoutsTitle')}
                description={t(report === 'transfers' ? 'money.chart.transfersDesc' : 'money.chart.payoutsDesc', {
                  count: points.length,
                  ...shown,
                  max: money(top.cents),
                  maxDay: top.label,
                })}
                formatAxis={money}
              />
            </section>
          ) : null}
          {mode === 'ready' ? (
            <div className={styles.actions}>
              <Button download loading={downloading} aria-describedby={ids.hint + '-download'} onClick={() => {
                setSaved(false);
                chart.send({ type: 'money.download' });
              }}>
                {t('money.download')}
              </Button>
              <span id={ids.hint + '-download'} className={styles.hint}>
                {t('money.download.hint', { count: rows.length })}
              </span>
              <span role="status" className={styles.hint}>
                {downloading ? t('money.download.busy') : saved ? t('money.download.done') : ''}
              </span>
              {downloadError ? (
                <p role="alert" className={styles.error}>
                  {t('money.download.error')} {errorText(downloadError)}
                </p>
              ) : null}
            </div>
          ) : null}
          {/* The table's caption names it for assistive technology; this heading shows it, wrapping at 360 px. */}
          <h2 className={styles.heading} aria-hidden="true">
            {caption}
          </h2>
          {load?.report === 'payouts' ? (
            <Table
              caption={caption}
              hideCaption
              columns={payoutColumns}
              rows={load.items}
              rowKey={(r) => r._id}
              pageSize={Math.max(1, load.items.length)}
              loading={mode === 'loading'}
              empty={mode === 'loading' ? undefined : <EmptyState headingLevel={2} message={emptyText} description={t('money.table.emptyHint')} />}
            />
          ) : (
            <Table
              caption={caption}
              hideCaption
              columns={transferColumns}
              rows={load?.report === 'transfers' ? load.items : []}
              rowKey={(r) => r._id}
              pageSize={Math.max(1, load?.items.length ?? 1)}
              loading={mode === 'loading'}
              empty={mode === 'loading' ? undefined : <EmptyState headingLevel={2} message={emptyText} description={t('money.table.emptyHint')} />}
            />
          )}
        </>
      )}
    </div>
  );
}
