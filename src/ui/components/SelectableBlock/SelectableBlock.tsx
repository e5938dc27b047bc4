import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from '../cx';
import styles from './SelectableBlock.module.css';

export interface SelectableBlockProps {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  /** Extra content on the right, e.g. a price. */
  aside?: ReactNode;
  disabled?: boolean;
}

/** A large, clickable radio or checkbox: the whole block is the label of a native input. */
export function SelectableBlock({ type, name, value, checked, onChange, label, description, aside, disabled }: SelectableBlockProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <label htmlFor={id} className={cx(styles.block, checked && styles.checked, disabled && styles.disabled)}>
      <input
        id={id}
        className={styles.input}
        type={type}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={styles.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        ) : null}
      </span>
      {aside ? <span className={styles.aside}>{aside}</span> : null}
    </label>
  );
}
