import { useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { alertRouteTarget, pendingAlert } from '../../../core/rules/alerts';
import type { Notification } from '../../../core/model/notification';
import { selectAllNotifications, selectNotificationsMode } from '../../../machines/features/notifications.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useNotificationsActor, useNotificationsSelector } from '../../app/useNotifications';
import { StatusScreen } from '../../app/shell/StatusScreen';
import { Button } from '../../components/Button/Button';

const NONE: readonly Notification[] = [];

/**
 * /customer/alert (accounts §4): the notifications are loaded (the account's notifications chart); an undismissed
 * alert-type notification shows here with a Dismiss button, otherwise the user goes to /dashboard — which
 * is also where dismissing the alert leads once the server has it.
 */
export default function AlertScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const feed = useNotificationsActor();
  const notifications = useNotificationsSelector(feed, selectAllNotifications, NONE);
  const loading = useNotificationsSelector(feed, (s) => selectNotificationsMode(s) === 'loading', true);

  if (loading) return <ScreenLoading />;
  const alert = pendingAlert(notifications);
  if (alertRouteTarget(notifications) !== 'show' || !alert) return <Redirect to="/dashboard" replace />;

  return (
    <StatusScreen icon="alert" tone="brand" title={alert.title ?? intl.formatMessage({ id: 'alert.untitled' })} message={alert.body ?? ''}>
      <Button onClick={() => feed?.send({ type: 'notifications.dismiss', id: alert._id })}>{intl.formatMessage({ id: 'alert.dismiss' })}</Button>
    </StatusScreen>
  );
}
