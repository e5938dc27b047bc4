import type { ReactNode } from 'react';
import { CONTENT_MAX_WIDTH } from '../../../core/rules/constants';
import { cx } from '../../components/cx';
import styles from './Content.module.css';

export const MAIN_CONTENT_ID = 'main-content';


export interface ContentProps {
  /** The route's maxWidthContent ('960px', 500, …); the card defaults to 1240px. */
  maxWidth?: string | number;
  /** 'card' is the default white card; 'bare' is the full-screen layout without a card. */
  variant?: 'card' | 'bare';
  children: ReactNode;
}

/** The <main> landmark: a card of minimum height 400px, centred, at most `maxWidth` wide. */
export function Content({ maxWidth, variant = 'card', children }: ContentProps) {
  const width = maxWidth === undefined ? CONTENT_MAX_WIDTH : typeof maxWidth === 'number' ? `${maxWidth}px` : maxWidth;
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className={cx(styles.content, variant === 'card' ? styles.card : styles.bare)}
      style={variant === 'card' ? { maxWidth: width } : undefined}
      data-max-width={variant === 'card' ? width : undefined}
    >
      {children}
    </main>
  );
}
