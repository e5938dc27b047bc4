import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import { useSession, useSessionSelector } from '../../app/session-context';
import { useOnce } from './useOnce';
import styles from '../../shared/Form.module.css';

/**
 * /logout (accounts §4): asks the session to end as soon as it can; the chart closes the live connection,
 * ends the session on the server, clears stored data and, 200 ms later, goes to '/'.
 */
export default function LogoutScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const session = useSession();
  const canLogOut = useSessionSelector((s) => s.can({ type: 'session.logout' }));
  useOnce(canLogOut, () => session.send({ type: 'session.logout' }));
  return (
    <p role="status" className={styles.lead}>
      {intl.formatMessage({ id: 'auth.logout.status' })}
    </p>
  );
}
