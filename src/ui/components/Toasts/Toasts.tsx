import { useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { messageForError } from '../../i18n/errors';
import { cx } from '../cx';
import { Icon } from '../Icon/Icon';
import type { IconName } from '../Icon/Icon';
import type { Toast, ToastMessage, ToastStore } from './toastStore';
import { ToastContext, useToasts } from './useToasts';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import styles from './Toasts.module.css';

export function ToastProvider({ store, children }: { store: ToastStore; children: ReactNode }) {
  return <ToastContext.Provider value={store}>{children}</ToastContext.Provider>;
}

const icons: Record<Toast['kind'], IconName> = { info: 'bell', success: 'check', warning: 'alert', error: 'alert' };

function useToastText() {
  const intl = useIntl();
  return (message: ToastMessage): string => {
    if ('text' in message) return message.text;
    if ('error' in message) return messageForError(message.error, intl);
    return intl.formatMessage({ id: message.id }, message.values);
  };
}

/**
 * The toast region: always in the DOM as a polite live region at the top centre, so new toasts are
 * announced. A toast closes when clicked, or after 5 s.
 */
export function ToastRegion() {
  const intl = useIntl();
  const { toasts, dismiss } = useToasts();
  const textOf = useToastText();
  return (
    <div className={styles.region} aria-live="polite" aria-relevant="additions text" role="region" aria-label={intl.formatMessage({ id: 'toast.region' })}>
      {toasts.map((toast) => (
        <button
          key={toast.key}
          type="button"
          className={cx(styles.toast, styles[toast.kind])}
          data-kind={toast.kind}
          onClick={() => dismiss(toast.key)}
        >
          <Icon name={icons[toast.kind]} className={styles.icon} />
          <span className={styles.text}>{textOf(toast.message)}</span>
          <span className={VISUALLY_HIDDEN}>{intl.formatMessage({ id: 'toast.dismiss' })}</span>
        </button>
      ))}
    </div>
  );
}
