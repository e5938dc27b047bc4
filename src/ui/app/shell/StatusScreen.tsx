import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon/Icon';
import type { IconName } from '../../components/Icon/Icon';
import styles from './StatusScreen.module.css';

export interface StatusScreenProps {
  icon: IconName;
  title: ReactNode;
  message: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'danger' | 'brand';
}

/** The layout shared by the shell's full-page messages (not found, not authorized, errors…). */
export function StatusScreen({ icon, title, message, children, tone = 'neutral' }: StatusScreenProps) {
  return (
    <section className={styles.screen}>
      <span className={`${styles.icon} ${styles[tone]}`}>
        <Icon name={icon} size={32} />
      </span>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.message}>{message}</p>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </section>
  );
}
