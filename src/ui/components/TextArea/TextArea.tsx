import { forwardRef, useId } from 'react';
import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '../cx';
import { useKeepTyped } from '../keep-typed';
import { FieldLabel } from '../TextField/FieldLabel';
import field from '../TextField/TextField.module.css';
import styles from './TextArea.module.css';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and linked with aria-describedby; also marks the field invalid. */
  error?: ReactNode;
  /** 'alert' announces the error as it appears (for an error the user's action just caused). */
  errorRole?: 'alert';
  /** Help text under the label, linked with aria-describedby. */
  hint?: ReactNode;
  /**
   * The character count under the field ("12 of 500 characters."), linked with aria-describedby: `count` characters
   * (the value's length unless given, e.g. its trimmed length) of `max`.
   */
  characterCount?: { max: number; count?: number };
  /** Ids of other elements that describe the field, added to aria-describedby. */
  describedBy?: string;
}

/** A labelled multi-line text field: TextField's label, hint and error, for longer text. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, value, onChange, error, errorRole, hint, characterCount, describedBy, required, id, className, ...rest },
  ref,
) {
  const intl = useIntl();
  const keepTyped = useKeepTyped<HTMLTextAreaElement>(value, onChange, ref);
  const autoId = useId();
  const fieldId = id ?? `textarea-${autoId}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const countId = characterCount ? `${fieldId}-count` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedByIds = [hintId, countId, errorId, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx(field.field, className)}>
      <FieldLabel htmlFor={fieldId} required={required}>
        {label}
      </FieldLabel>
      {hint ? (
        <p id={hintId} className={field.hint}>
          {hint}
        </p>
      ) : null}
      <textarea
        ref={keepTyped}
        id={fieldId}
        className={styles.textarea}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {characterCount ? (
        <p id={countId} className={field.hint}>
          {intl.formatMessage({ id: 'common.characterCount' }, { count: characterCount.count ?? value.length, max: characterCount.max })}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={errorRole} className={field.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
