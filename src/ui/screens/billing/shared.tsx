import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { SubscriptionStatus } from '../../../core/model/subscription';
import { formatCents } from '../../../core/rules/money';
import type { FlowMessage } from '../../../machines/flows/auth-flow-support';
import { ScreenLoading } from '../../app/lazy-screen';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Tag } from '../../components/Tag/Tag';
import { useMessageForError } from '../../i18n/errors';
import styles from './Billing.module.css';
import { AreaMessages } from '../../i18n/area-messages';
import { billingCatalogues } from '../../i18n/billing-messages';

/**
 * The app's catalogue plus the billing texts, in the page's language: each billing screen renders inside it. The
 * texts travel in the billing screens' chunk so that /login's first paint stays under its ceiling (tools/budgets.ts).
 */
export function BillingIntl({ children }: { children: ReactNode }) {
  return <AreaMessages catalogues={billingCatalogues}>{children}</AreaMessages>;
}

/** `t(id, values)` for the current locale. */
export function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

/** Money and dates in the current locale (money is always USD, formatted only here at the edge). */
export function useFormat() {
  const intl = useIntl();
  const locale = intl.locale === 'es' ? 'es-US' : 'en-US';
  return {
    money: (cents: number) => formatCents(cents, locale),
    date: (iso: string | null | undefined) => (iso ? intl.formatDate(iso, { dateStyle: 'medium' }) : ''),
  };
}

const TONES: Record<SubscriptionStatus, 'success' | 'warning' | 'danger' | 'neutral'> = { active: 'success', paused: 'neutral', suspended: 'danger', canceled: 'neutral' };

export function StatusTag({ status }: { status: SubscriptionStatus }) {
  const t = useT();
  return <Tag tone={TONES[status]}>{t(`subscriptions.status.${status}`)}</Tag>;
}

/** The page frame: one h1, an optional lead and back link. */
export function Page({ title, lead, back, children, className }: { title: ReactNode; lead?: ReactNode; back?: { href: string; label: string }; children?: ReactNode; className?: string }) {
  return (
    <section className={className ? `${styles.page} ${className}` : styles.page} aria-labelledby="billing-page-title">
      {back ? (
        <Link href={back.href} className={`${styles.back} ${styles.noPrint}`}>
          {back.label}
        </Link>
      ) : null}
      <h1 id="billing-page-title" className={styles.title}>
        {title}
      </h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}

/** Loading, error (with Try again) and empty states of a screen's chart. */
export function ReadState({ mode, error, empty, onRetry }: { mode: 'loading' | 'error' | 'empty' | 'ready'; error: FlowMessage | null; empty?: ReactNode; onRetry: () => void }) {
  const t = useT();
  const messageFor = useMessageForError();
  if (mode === 'loading') return <ScreenLoading />;
  if (mode === 'error')
    return (
      <div role="alert" className={styles.state}>
        <p className={styles.error}>{messageFor(error ?? {})}</p>
        <Button variant="text" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  if (mode === 'empty') return <EmptyState message={empty} headingLevel={2} />;
  return null;
}
