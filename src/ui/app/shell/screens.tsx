import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button } from '../../components/Button/Button';
import { StatusScreen } from './StatusScreen';
import styles from './StatusScreen.module.css';

/** /error-not-authorized and /not-authorized (accounts §8: 'You are not allowed to view this route.'). */
export function NotAuthorized({ homeHref = '/' }: { homeHref?: string }) {
  const intl = useIntl();
  return (
    <StatusScreen icon="alert" tone="danger" title={intl.formatMessage({ id: 'screen.notAuthorized.title' })} message={intl.formatMessage({ id: 'error.notAuthorized' })}>
      <Link href={homeHref} className={styles.link}>
        {intl.formatMessage({ id: 'common.goHome' })}
      </Link>
    </StatusScreen>
  );
}

/** The catch-all route. */
export function NotFound({ homeHref = '/' }: { homeHref?: string }) {
  const intl = useIntl();
  return (
    <StatusScreen icon="alert" title={intl.formatMessage({ id: 'screen.notFound.title' })} message={intl.formatMessage({ id: 'screen.notFound.message' })}>
      <Link href={homeHref} className={styles.link}>
        {intl.formatMessage({ id: 'common.goHome' })}
      </Link>
    </StatusScreen>
  );
}

/** A placeholder for routes that later issues build. */
export function ComingSoon({ homeHref = '/' }: { homeHref?: string }) {
  const intl = useIntl();
  return (
    <StatusScreen icon="bell" tone="brand" title={intl.formatMessage({ id: 'screen.comingSoon.title' })} message={intl.formatMessage({ id: 'screen.comingSoon.message' })}>
      <Link href={homeHref} className={styles.link}>
        {intl.formatMessage({ id: 'common.goHome' })}
      </Link>
    </StatusScreen>
  );
}

/** /error-network: the ping failed (accounts §8 'Network Error'). */
export function ErrorNetwork({ onRetry }: { onRetry?: () => void }) {
  const intl = useIntl();
  return (
    <StatusScreen icon="alert" tone="danger" title={intl.formatMessage({ id: 'error.network' })} message={intl.formatMessage({ id: 'screen.errorNetwork.message' })}>
      {onRetry ? <Button onClick={onRetry}>{intl.formatMessage({ id: 'common.tryAgain' })}</Button> : null}
    </StatusScreen>
  );
}

/** /error-no-accounts: a signed-in login without any account. */
export function ErrorNoAccounts({ logoutHref = '/logout' }: { logoutHref?: string }) {
  const intl = useIntl();
  return (
    <StatusScreen icon="alert" title={intl.formatMessage({ id: 'screen.errorNoAccounts.title' })} message={intl.formatMessage({ id: 'screen.errorNoAccounts.message' })}>
      <Link href={logoutHref} className={styles.link}>
        {intl.formatMessage({ id: 'shell.footer.logout' })}
      </Link>
    </StatusScreen>
  );
}
