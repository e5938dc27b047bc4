import { useIntl } from 'react-intl';
import { Spinner } from '../Spinner/Spinner';
import styles from './LoadingOverlay.module.css';

export interface LoadingOverlayProps {
  active: boolean;
  /** Announced text; defaults to "Loading…". */
  label?: string;
  /** 'page' covers the viewport (the shell's overlay), 'container' covers the nearest positioned parent. */
  scope?: 'page' | 'container';
}

/** Shown while asynchronous content loads (accounts §2). */
export function LoadingOverlay({ active, label, scope = 'page' }: LoadingOverlayProps) {
  const intl = useIntl();
  if (!active) return null;
  return (
    <div className={scope === 'page' ? styles.page : styles.container} data-testid="loading-overlay">
      <Spinner size="lg" label={label ?? intl.formatMessage({ id: 'common.loading' })} />
    </div>
  );
}
