import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COPY_CONFIRMATION_MS } from '../../../core/rules/constants';
import { Icon } from '../Icon/Icon';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import styles from './CopyValue.module.css';

export interface CopyValueProps {
  value: string;
  /** What the value is, for the button's accessible name ("Copy email"). Defaults to the value. */
  label?: string;
  /** How the value is shown; defaults to the value itself. */
  children?: ReactNode;
  /** Writes to the clipboard; defaults to navigator.clipboard.writeText. */
  copy?: (text: string) => Promise<void>;
}

const clipboardCopy = (text: string) =>
  navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('Clipboard unavailable'));

/** A value with a copy button; copying shows a confirmation for 3 seconds (accounts §3). */
export function CopyValue({ value, label, children, copy = clipboardCopy }: CopyValueProps) {
  const intl = useIntl();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    clearTimeout(timer.current);
    try {
      await copy(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  };

  return (
    <span className={styles.copy}>
      <span className={styles.value}>{children ?? value}</span>
      <button
        type="button"
        className={styles.button}
        aria-label={intl.formatMessage({ id: 'copy.button' }, { label: label ?? value })}
        onClick={() => void onCopy()}
      >
        <Icon name={state === 'copied' ? 'check' : 'copy'} size={18} />
      </button>
      <span role="status" className={state === 'idle' ? VISUALLY_HIDDEN : styles.confirmation}>
        {state === 'copied'
          ? intl.formatMessage({ id: 'copy.copied' })
          : state === 'failed'
            ? intl.formatMessage({ id: 'copy.failed' })
            : ''}
      </span>
    </span>
  );
}
