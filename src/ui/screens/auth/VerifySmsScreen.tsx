import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ScreenProps } from '../../app/routing';
import { PhoneVerifyPanel } from '../../shared/PhoneVerifyPanel';
import styles from '../../shared/Form.module.css';
import { withAuthMessages } from '../../i18n/auth-messages';

/**
 * /register/verify/sms — confirm the account with the texted code. Needs the register_verify_sms marker
 * (the phone chart sends the person to /login without it); confirming signs in.
 */
function VerifySmsScreenView(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>{intl.formatMessage({ id: 'auth.verifySms.title' })}</h1>
      </header>
      <PhoneVerifyPanel purpose="registration" />
      <p className={styles.links}>
        <Link href="/login" className={styles.link}>
          {intl.formatMessage({ id: 'auth.backToLogin' })}
        </Link>
      </p>
    </div>
  );
}

/** With its texts (`auth.*.json`): they load with this component, not with the app. */
export const VerifySmsScreen = withAuthMessages(VerifySmsScreenView);
