import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { COPYRIGHT } from '../../../core/rules/constants';
import styles from './Footer.module.css';

export interface FooterProps {
  signedIn: boolean;
  /** The client version shown as 'web version {version}'. */
  version: string;
}

/** The footer of accounts §2: '© 2022', a Logout link for signed-in users, and the web version. */
export function Footer({ signedIn, version }: FooterProps) {
  const intl = useIntl();
  return (
    <footer className={styles.footer}>
      <span>{intl.formatMessage({ id: 'shell.footer.copyright' }, { copyright: COPYRIGHT })}</span>
      {signedIn ? (
        <Link href="/logout" className={styles.logout}>
          {intl.formatMessage({ id: 'shell.footer.logout' })}
        </Link>
      ) : null}
      <span className={styles.version}>{intl.formatMessage({ id: 'shell.footer.version' }, { version })}</span>
    </footer>
  );
}
