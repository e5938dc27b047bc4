import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  PASSPHRASE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  confirmPasswordError,
  passwordErrors,
  showConfirmField,
  strengthPasses,
  strengthPercent,
} from '../../../core/rules/password';
import type { PasswordRuleId } from '../../../core/rules/password';
import { cx } from '../cx';
import { Icon } from '../Icon/Icon';
import { TextField } from '../TextField/TextField';
import styles from './PasswordField.module.css';

/** The numbers each rule's text needs (the rules themselves live in src/core/rules/password.ts). */
const RULE_VALUES: Record<PasswordRuleId, Record<string, number>> = {
  minLength: { count: PASSWORD_MIN_LENGTH },
  maxLength: { count: PASSWORD_MAX_LENGTH },
};

export interface PasswordFieldProps {
  /** 'current' is a sign-in password; 'new' adds the requirements, strength bar and confirmation. */
  mode: 'current' | 'new';
  value: string;
  onChange: (value: string) => void;
  /** The confirmation (mode 'new'). */
  confirmValue?: string;
  onConfirmChange?: (value: string) => void;
  label?: ReactNode;
  confirmLabel?: ReactNode;
  /** An error to show under the password field (e.g. 'Invalid Password' after a submit). */
  error?: ReactNode;
  name?: string;
  id?: string;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}

function RevealToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className={styles.reveal}
      aria-pressed={shown}
      aria-label={intl.formatMessage({ id: shown ? 'password.hide' : 'password.show' })}
      onClick={onToggle}
    >
      <Icon name={shown ? 'eyeOff' : 'eye'} />
    </button>
  );
}

/**
 * A password field. In 'new' mode it lists the failing rules under 'Password requirements', shows the
 * strength bar (score out of 15 as a percentage), and the confirmation field once the password is
 * longer than 4 characters with no errors — all computed by src/core/rules/password.ts.
 */
export function PasswordField({
  mode,
  value,
  onChange,
  confirmValue = '',
  onConfirmChange,
  label,
  confirmLabel,
  error,
  name = 'password',
  id,
  required,
  autoFocus,
  disabled,
}: PasswordFieldProps) {
  const intl = useIntl();
  const autoId = useId();
  const baseId = id ?? `password-${autoId}`;
  const requirementsId = `${baseId}-requirements`;
  const strengthId = `${baseId}-strength`;
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';
  const toggle = <RevealToggle shown={shown} onToggle={() => setShown((s) => !s)} />;

  if (mode === 'current') {
    return (
      <TextField
        id={baseId}
        name={name}
        type={type}
        label={label ?? intl.formatMessage({ id: 'password.label' })}
        value={value}
        onChange={onChange}
        autoComplete="current-password"
        required={required}
        autoFocus={autoFocus}
        disabled={disabled}
        error={error}
        endAdornment={toggle}
      />
    );
  }

  const failing = passwordErrors(value);
  const percent = strengthPercent(value);
  const passes = strengthPasses(value);
  const confirmVisible = showConfirmField(value);
  const mismatch = confirmVisible && confirmValue.length > 0 && confirmPasswordError(value, confirmValue) !== undefined;
  const strengthText = intl.formatMessage({ id: passes ? 'password.strength.strong' : 'password.strength.weak' });

  return (
    <div className={styles.group}>
      <TextField
        id={baseId}
        name={name}
        type={type}
        label={label ?? intl.formatMessage({ id: 'password.newLabel' })}
        value={value}
        onChange={onChange}
        autoComplete="new-password"
        required={required}
        autoFocus={autoFocus}
        disabled={disabled}
        error={error}
        status={error ? 'invalid' : value.length > 0 && failing.length === 0 ? 'valid' : 'none'}
        describedBy={requirementsId}
        endAdornment={toggle}
      />

      <div className={styles.strength}>
        <span id={`${strengthId}-label`} className={styles.strengthLabel}>
          {intl.formatMessage({ id: 'password.strength' })}
        </span>
        <div
          id={strengthId}
          role="meter"
          className={styles.track}
          aria-labelledby={`${strengthId}-label`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={`${Math.round(percent)}% — ${strengthText}`}
        >
          <div className={cx(styles.bar, passes ? styles.strong : styles.weak)} style={{ width: `${percent}%` }} data-testid="password-strength-bar" />
        </div>
        <span className={cx(styles.strengthText, passes ? styles.strongText : undefined)} aria-hidden="true">
          {strengthText}
        </span>
      </div>

      <div id={requirementsId} className={styles.requirements}>
        <p className={styles.requirementsTitle}>{intl.formatMessage({ id: 'password.requirements' })}</p>
        {failing.length > 0 ? (
          <ul className={styles.rules}>
            {failing.map((rule) => (
              <li key={rule} className={styles.rule}>
                <Icon name="alert" size={16} />
                {intl.formatMessage({ id: `password.rule.${rule}` }, RULE_VALUES[rule])}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.met}>
            <Icon name="check" size={16} />
            {intl.formatMessage({ id: 'password.requirementsMet' })}
          </p>
        )}
        <p className={styles.passphrase}>{intl.formatMessage({ id: 'password.passphraseHint' }, { count: PASSPHRASE_MIN_LENGTH })}</p>
      </div>

      {confirmVisible ? (
        <TextField
          id={`${baseId}-confirm`}
          name={`${name}-confirm`}
          type={type}
          label={confirmLabel ?? intl.formatMessage({ id: 'password.confirmLabel' })}
          value={confirmValue}
          onChange={(next) => onConfirmChange?.(next)}
          autoComplete="new-password"
          required={required}
          disabled={disabled}
          error={mismatch ? intl.formatMessage({ id: 'password.mismatch' }) : undefined}
          status={mismatch ? 'invalid' : confirmValue.length > 0 ? 'valid' : 'none'}
        />
      ) : null}
    </div>
  );
}
