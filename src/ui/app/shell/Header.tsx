import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Logo } from './Logo';
import styles from './Header.module.css';

export interface HeaderProps {
  /** The route's showHeaderLogoAsLink: the logo links to '/'. */
  logoAsLink?: boolean;
  /** The header slot: content a screen or the session puts next to the logo (e.g. an account switcher). */
  slot?: ReactNode;
  /** The role menu. */
  navigation?: ReactNode;
}

export function Header({ logoAsLink = true, slot, navigation }: HeaderProps) {
  const intl = useIntl();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {logoAsLink ? (
          <Link href="/" className={styles.logoLink} aria-label={intl.formatMessage({ id: 'shell.home' })}>
            <Logo />
          </Link>
        ) : (
          <Logo />
        )}
        {slot ? <div className={styles.slot}>{slot}</div> : null}
        {navigation ? <div className={styles.navigation}>{navigation}</div> : null}
      </div>
    </header>
  );
}
