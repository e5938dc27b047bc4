import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { CheckoutSnapshot } from '../../../machines/features/checkout.machine';
import { selectCheckoutMode } from '../../../machines/features/checkout.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { messageForError } from '../../i18n/errors';
import styles from './Shop.module.css';

/** What a shop screen shows when its step cannot be shown: the load failed, the quote is not complete, or it is moving on. */
export function CheckoutProblem({ snapshot, onRetry }: { snapshot: CheckoutSnapshot; onRetry: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const mode = selectCheckoutMode(snapshot);
  if (mode === 'error')
    return (
      <section className={styles.page} role="alert">
        <h1 className={styles.title}>{t('shop.error.title')}</h1>
        <p className={styles.error}>{snapshot.context.error ? messageForError(snapshot.context.error, intl) : t('error.generic')}</p>
        <div>
          <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
        </div>
      </section>
    );
  if (mode === 'incomplete')
    return (
      <section className={styles.page}>
        <EmptyState message={t('shop.incomplete.title')} description={t('shop.incomplete.body')} />
        <Link href={snapshot.context.quote.service_id ? `/services/${snapshot.context.quote.service_id}` : '/services'}>{t('shop.incomplete.link')}</Link>
      </section>
    );
  return <ScreenLoading />;
}
