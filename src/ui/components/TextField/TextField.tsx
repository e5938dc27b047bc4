import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from '../cx';
import { Icon } from '../Icon/Icon';
import { useKeepTyped } from '../keep-typed';
import { FieldLabel } from './FieldLabel';
import styles from './TextField.module.css';

export type FieldStatus = 'none' | 'valid' | 'invalid';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and linked with aria-describedby; also marks the field invalid. */
  error?: ReactNode;
  /** Help text under the label, linked with aria-describedby. */
  hint?: ReactNode;
  /** The status icon at the end of the field. Defaults to 'invalid' when there is an error. */
  status?: FieldStatus;
  /** Content placed inside the field at its end (e.g. a show-password toggle). */
  endAdornment?: ReactNode;
  /** Ids of other elements that describe the field, added to aria-describedby. */
  describedBy?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onChange, error, hint, status, endAdornment, describedBy, required, id, className, type = 'text', ...rest },
  ref,
) {
  const keepTyped = useKeepTyped<HTMLInputElement>(value, onChange, ref);
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const effective: FieldStatus = status ?? (error ? 'invalid' : 'none');
  const describedByIds = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx(styles.field, className)}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={cx(styles.control, effective === 'invalid' && styles.invalid, effective === 'valid' && styles.valid)}>
        <input
          ref={keepTyped}
          id={inputId}
          type={type}
          className={styles.input}
          value={value}
          required={required}
          aria-invalid={effective === 'invalid' || undefined}
          aria-describedby={describedByIds}
          onChange={(event) => onChange(event.target.value)}
          {...rest}
        />
        {effective === 'valid' ? (
          <Icon name="check" className={cx(styles.statusIcon, styles.validIcon)} data-status="valid" />
        ) : effective === 'invalid' ? (
          <Icon name="alert" className={cx(styles.statusIcon, styles.invalidIcon)} data-status="invalid" />
        ) : null}
        {endAdornment}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
