import { useIntl } from 'react-intl';
import { cx } from '../cx';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced text; defaults to "Loading…". Ignored when decorative. */
  label?: string;
  /** A spinner inside something that already announces its busy state (a loading button). */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const intl = useIntl();
  const circle = <span className={cx(styles.spinner, styles[size], className)} aria-hidden="true" />;
  if (decorative) return circle;
  return (
    <span role="status" className={styles.wrap}>
      {circle}
      <span className={VISUALLY_HIDDEN}>{label ?? intl.formatMessage({ id: 'common.loading' })}</span>
    </span>
  );
}
