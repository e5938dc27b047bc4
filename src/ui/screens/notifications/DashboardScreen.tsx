import { useIntl } from 'react-intl';
import type { Notification } from '../../../core/model/notification';
import { selectNotificationsMode, selectVisibleNotifications } from '../../../machines/features/notifications.machine';
import { selectAccount, selectRole, selectUser } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSessionSelector } from '../../app/session-context';
import { useNotificationsActor, useNotificationsSelector } from '../../app/useNotifications';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Spinner } from '../../components/Spinner/Spinner';
import { Tag } from '../../components/Tag/Tag';
import styles from './DashboardScreen.module.css';
import { withNotificationsMessages } from '../../i18n/notifications-messages';

/**
 * The landing dashboard of every role (/dashboard, /affiliate/dashboard, /vendor, /organization, /admin):
 * who is signed in, with which account, and the notifications of the last 30 days — only data the API
 * has today. The notifications are the account's notifications chart (the session's `notifications` child),
 * the same one the header's menu reads: a read or a dismiss there shows here at once.
 */
const NONE: readonly Notification[] = [];

function DashboardScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const user = useSessionSelector(selectUser);
  const account = useSessionSelector(selectAccount);
  const role = useSessionSelector(selectRole);
  const feed = useNotificationsActor();
  const notifications = useNotificationsSelector(feed, selectVisibleNotifications, NONE);
  const mode = useNotificationsSelector(feed, selectNotificationsMode, 'loading');

  const name = user?.first_name || account?.first_name || user?.email || '';

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{intl.formatMessage({ id: 'dashboard.welcome' }, { name })}</h1>
      <Card title={intl.formatMessage({ id: 'dashboard.account.title' })}>
        <dl className={styles.facts}>
          <dt>{intl.formatMessage({ id: 'dashboard.account.role' })}</dt>
          <dd>{intl.formatMessage({ id: role === 'super' ? 'dashboard.role.super' : `account.type.${account?.type ?? 'customer'}` })}</dd>
          <dt>{intl.formatMessage({ id: 'dashboard.account.email' })}</dt>
          <dd>{account?.primary_email ?? user?.email}</dd>
          {user && user.accounts.length > 1 ? (
            <>
              <dt>{intl.formatMessage({ id: 'dashboard.account.count' })}</dt>
              <dd>{intl.formatMessage({ id: 'dashboard.account.countValue' }, { count: user.accounts.length })}</dd>
            </>
          ) : null}
        </dl>
      </Card>
      <Card title={intl.formatMessage({ id: 'dashboard.notifications.title' })}>
        {mode === 'loading' ? (
          <Spinner size="md" label={intl.formatMessage({ id: 'common.loading' })} />
        ) : mode === 'error' ? (
          <p role="alert">
            {intl.formatMessage({ id: 'error.code.results_error' })}{' '}
            <Button variant="text" onClick={() => feed?.send({ type: 'notifications.retry' })}>
              {intl.formatMessage({ id: 'common.tryAgain' })}
            </Button>
          </p>
        ) : mode === 'empty' ? (
          <EmptyState headingLevel={3} message={intl.formatMessage({ id: 'dashboard.notifications.empty' })} />
        ) : (
          <ul className={styles.list}>
            {notifications.map((n) => (
              <li key={n._id} className={styles.item}>
                <span className={styles.itemTitle}>
                  {n.title ?? intl.formatMessage({ id: 'notifications.untitled' })} {!n.has_read ? <Tag tone="info">{intl.formatMessage({ id: 'dashboard.notifications.new' })}</Tag> : null}
                </span>
                {n.body ? <p className={styles.itemBody}>{n.body}</p> : null}
                <time className={styles.date} dateTime={n.created}>
                  {intl.formatDate(n.created, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** With its texts (`notifications.*.json`): they load with this screen, not with the app. */
export default withNotificationsMessages(DashboardScreen);
