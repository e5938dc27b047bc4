import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import styles from '../../shared/Form.module.css';
import { withAuthMessages } from '../../i18n/auth-messages';

/**
 * /auth/switch-account/{account_id} (accounts §4): the session chart switches to that account on entering
 * this route (the router reports `route.entered`). It stays `switching` until the next login (a new token,
 * then the user again) and goes to the new role's home; a failure says 'Unable to switch account' and goes
 * to /logout. Signed out, it goes to /login first. The screen only says so.
 */
function SwitchAccountScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return (
    <p role="status" className={styles.lead}>
      {intl.formatMessage({ id: 'auth.switchAccount.status' })}
    </p>
  );
}

/** With its texts (`auth.*.json`): they load with this screen, not with the app. */
export default withAuthMessages(SwitchAccountScreen);
