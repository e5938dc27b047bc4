import { useIntl } from 'react-intl';
import { selectAccount, selectDashboard, selectRole, selectUser } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSession, useSessionSelector } from '../../app/session-context';
import { Card } from '../../components/Card/Card';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Spinner } from '../../components/Spinner/Spinner';
import { Tag } from '../../components/Tag/Tag';
import { useOnce } from '../auth/useOnce';
import styles from './DashboardScreen.module.css';

/**
 * The landing dashboard of every role (/dashboard, /affiliate/dashboard, /vendor, /organization, /admin):
 * who is signed in, with which account, and the notifications of the last 30 days — only data the API
 * has today. Entering it asks the session for the role's dashboard data, which loads once per role.
 */
export default function DashboardScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const session = useSession();
  const user = useSessionSelector(selectUser);
  const account = useSessionSelector(selectAccount);
  const role = useSessionSelector(selectRole);
  const dashboard = useSessionSelector(selectDashboard);
  const loading = useSessionSelector((s) => s.hasTag('loadingDashboard'));
  const canEnter = useSessionSelector((s) => s.can({ type: 'dashboard.entered' }));
  useOnce(canEnter, () => session.send({ type: 'dashboard.entered' }));

  const name = user?.first_name || account?.first_name || user?.email || '';
  const notifications = (dashboard?.notifications ?? []).filter((n) => !n.dismissed);

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
        {loading && !dashboard ? (
          <Spinner size="md" label={intl.formatMessage({ id: 'common.loading' })} />
        ) : notifications.length === 0 ? (
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
