import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import styles from '../../shared/Form.module.css';
import { withAuthMessages } from '../../i18n/auth-messages';

/**
 * /logout (accounts §4): the session chart ends the session on entering this route (the router reports
 * `route.entered`): it closes the live connection, ends the session on the server, clears stored data and,
 * 200 ms later, goes to '/'. The screen only says so.
 */
function LogoutScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return (
    <p role="status" className={styles.lead}>
      {intl.formatMessage({ id: 'auth.logout.status' })}
    </p>
  );
}

/** With its texts (`auth.*.json`): they load with this screen, not with the app. */
export default withAuthMessages(LogoutScreen);
