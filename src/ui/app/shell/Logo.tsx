import { useIntl } from 'react-intl';
import { cx } from '../../components/cx';
import { VISUALLY_HIDDEN_ON_PHONE } from '../../components/visuallyHidden';
import styles from './Logo.module.css';

/** The Tendwell wordmark: a leaf and the name; a phone's header shows the leaf, the name stays for a screen reader. */
export function Logo() {
  const intl = useIntl();
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" fill="currentColor" />
        <path d="M9 21c0-7 5-11 14-12-1 9-5 14-12 14m-2-2l7-7" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={cx(styles.name, VISUALLY_HIDDEN_ON_PHONE)}>{intl.formatMessage({ id: 'shell.productName' })}</span>
    </span>
  );
}
