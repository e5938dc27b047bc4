import type { ReactNode } from 'react';
import { cx } from '../cx';
import styles from './Tag.module.css';

export interface TagProps {
  tone?: 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';
  children: ReactNode;
  className?: string;
}

/** A small status badge (e.g. a ticket's status). */
export function Tag({ tone = 'neutral', children, className }: TagProps) {
  return <span className={cx(styles.tag, styles[tone], className)}>{children}</span>;
}
