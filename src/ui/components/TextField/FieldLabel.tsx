import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import styles from './TextField.module.css';

/** A field's label with its required mark (a red * seen, "(required)" read): TextField's and TextArea's. */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean | undefined; children: ReactNode }) {
  const intl = useIntl();
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {children}
      {required ? (
        <>
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
          <span className={VISUALLY_HIDDEN}>{` ${intl.formatMessage({ id: 'common.required' })}`}</span>
        </>
      ) : null}
    </label>
  );
}
