import type { HTMLAttributes } from 'react';
import styles from './VisuallyHidden.module.css';

/** Text for assistive technology only. */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span className={[styles.hidden, className].filter(Boolean).join(' ')} {...rest} />;
}
