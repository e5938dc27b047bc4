import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CODE_LENGTH, isCompleteCode, sanitizeCode } from '../../../core/rules/code';
import { cx } from '../cx';
import styles from './CodeInput.module.css';

/** The 4-digit verification code field; it submits itself when the fourth digit arrives (accounts §5). */
export interface CodeInputProps {
  /** Called once each time the code reaches 4 characters. */
  onComplete: (code: string) => void;
  /** Controlled value; leave undefined to let the field keep its own. */
  value?: string;
  onChange?: (value: string) => void;
  label?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  className?: string;
}

export function CodeInput({ onComplete, value, onChange, label, error, disabled, autoFocus, id, className }: CodeInputProps) {
  const intl = useIntl();
  const autoId = useId();
  const inputId = id ?? `code-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [own, setOwn] = useState('');
  const code = value ?? own;
  const submitted = useRef<string | null>(null);
  const completeRef = useRef(onComplete);
  useEffect(() => {
    completeRef.current = onComplete;
  });

  useEffect(() => {
    if (isCompleteCode(code) && submitted.current !== code && !disabled) {
      submitted.current = code;
      completeRef.current(code);
    }
    if (!isCompleteCode(code)) submitted.current = null;
  }, [code, disabled]);

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label ?? intl.formatMessage({ id: 'codeInput.label' })}
      </label>
      <p id={hintId} className={styles.hint}>
        {intl.formatMessage({ id: 'codeInput.hint' }, { length: CODE_LENGTH })}
      </p>
      <input
        id={inputId}
        className={cx(styles.input, error ? styles.invalid : undefined)}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        value={code}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          // A letter or a fifth digit is dropped (sanitizeCode): React puts the field back to the code as it stays.
          const next = sanitizeCode(event.target.value);
          if (value === undefined) setOwn(next);
          onChange?.(next);
        }}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
