import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import { useSession, useSessionSelector } from '../../app/session-context';
import { useOnce } from './useOnce';
import styles from '../../shared/Form.module.css';

/**
 * /auth/switch-account/{account_id} (accounts §4): asks the session to switch to that account. The chart
 * stays `switching` until the next login (a new token, then the user again) and goes to the new role's
 * home; a failure says 'Unable to switch account' and goes to /logout. Signed out, it goes to /login first.
 */
export default function SwitchAccountScreen({ params }: Partial<ScreenProps>) {
  const intl = useIntl();
  const session = useSession();
  const accountId = params?.account_id ?? '';
  const canSwitch = useSessionSelector((s) => s.can({ type: 'account.switch', accountId }));
  useOnce(canSwitch, () => session.send({ type: 'account.switch', accountId }));
  return (
    <p role="status" className={styles.lead}>
      {intl.formatMessage({ id: 'auth.switchAccount.status' })}
    </p>
  );
}
