import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from '../cx';
import styles from './Card.module.css';

export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** Controls at the top right (e.g. an Edit button). */
  actions?: ReactNode;
  children: ReactNode;
  padding?: 'none' | 'md' | 'lg';
  className?: string;
}

/** A surface that groups related content; with a title it is a labelled section. */
export function Card({ title, headingLevel = 2, actions, children, padding = 'md', className }: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={cx(styles.card, styles[padding], className)} aria-labelledby={title ? titleId : undefined}>
      {title || actions ? (
        <header className={styles.header}>
          {title ? (
            <Heading id={titleId} className={styles.title}>
              {title}
            </Heading>
          ) : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
