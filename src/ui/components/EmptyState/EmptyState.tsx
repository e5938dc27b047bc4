import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  /** An image URL (decorative) or a custom illustration node. */
  image?: string | ReactNode;
  message: ReactNode;
  description?: ReactNode;
  /** The optional button. */
  actionLabel?: ReactNode;
  onAction?: () => void;
  /** Heading level of the message (default 2). */
  headingLevel?: 2 | 3 | 4;
}

export function EmptyState({ image, message, description, actionLabel, onAction, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.empty}>
      {typeof image === 'string' ? <img src={image} alt="" className={styles.image} /> : image ? <div className={styles.image}>{image}</div> : null}
      <Heading className={styles.message}>{message}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {actionLabel && onAction ? <Button onClick={onAction}>{actionLabel}</Button> : null}
    </div>
  );
}
