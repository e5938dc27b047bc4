import { useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { alertRouteTarget, pendingAlert } from '../../../core/rules/alerts';
import { selectNotifications, selectNotificationsLoading } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSession, useSessionSelector } from '../../app/session-context';
import { StatusScreen } from '../../app/shell/StatusScreen';
import { Button } from '../../components/Button/Button';

/**
 * /customer/alert (accounts §4): the notifications are loaded (the session keeps them); an undismissed
 * alert-type notification shows here with a Dismiss button, otherwise the user goes to /dashboard — which
 * is also where dismissing the alert leads once the server has it.
 */
export default function AlertScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const session = useSession();
  const notifications = useSessionSelector(selectNotifications);
  const loading = useSessionSelector(selectNotificationsLoading);

  if (loading) return <ScreenLoading />;
  const alert = pendingAlert(notifications);
  if (alertRouteTarget(notifications) !== 'show' || !alert) return <Redirect to="/dashboard" replace />;

  return (
    <StatusScreen icon="alert" tone="brand" title={alert.title ?? intl.formatMessage({ id: 'alert.untitled' })} message={alert.body ?? ''}>
      <Button onClick={() => session.send({ type: 'notifications.dismiss', id: alert._id })}>{intl.formatMessage({ id: 'alert.dismiss' })}</Button>
    </StatusScreen>
  );
}
