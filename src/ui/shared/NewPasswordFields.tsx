import { useIntl } from 'react-intl';
import { PasswordField } from '../components/PasswordField/PasswordField';
import styles from './Form.module.css';

export interface NewPasswordFieldsProps {
  /** The field's id (the confirmation field takes `${id}-confirm`). */
  readonly id: string;
  readonly password: string;
  readonly confirmation: string;
  readonly onChange: (change: { readonly password?: string; readonly confirmation?: string }) => void;
  /** The new password's own problem, already translated. */
  readonly error: string | undefined;
  /** The chart found the confirmation missing or different (field error `mismatch`). */
  readonly mismatch: boolean;
  readonly busy: boolean;
  readonly autoFocus?: boolean;
}

/**
 * A new password with its confirmation, strength meter and requirements (accounts §5), as the password
 * flows (reset, temporary, change) and onboarding ask for it. The mismatch message shows while the
 * confirmation is still empty; once typed, the field's own match check speaks.
 */
export function NewPasswordFields({ id, password, confirmation, onChange, error, mismatch, busy, autoFocus }: NewPasswordFieldsProps) {
  const intl = useIntl();
  return (
    <div>
      <PasswordField
        id={id}
        mode="new"
        value={password}
        onChange={(next) => onChange({ password: next })}
        confirmValue={confirmation}
        onConfirmChange={(next) => onChange({ confirmation: next })}
        error={error}
        required
        disabled={busy}
        {...(autoFocus ? { autoFocus } : {})}
      />
      {mismatch && confirmation === '' ? (
        <p role="alert" className={styles.fieldError}>
          {intl.formatMessage({ id: 'auth.field.mismatch' })}
        </p>
      ) : null}
    </div>
  );
}
