import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Notification } from '../../../core/model/notification';
import { cx } from '../../components/cx';
import { Icon } from '../../components/Icon/Icon';
import { useDismiss } from '../../components/Popover/useDismiss';
import { Spinner } from '../../components/Spinner/Spinner';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import styles from './NotificationsMenu.module.css';

/** What the panel shows, from the notifications chart's tags (`loading`, `error`, `empty`, `ready`). */
export type NotificationsMode = 'loading' | 'error' | 'empty' | 'ready';

export interface NotificationsMenuProps {
  /** The notifications to list (not dismissed: the chart's `selectVisibleNotifications`). */
  notifications: readonly Notification[];
  /** The button's unread count (the core rule `unreadCount`, through the chart's selector). */
  unreadCount: number;
  mode: NotificationsMode;
  /** Whether the chart accepts a change of this notification now (`snapshot.can`); all by default. */
  canChange?: (id: Notification['_id']) => boolean;
  /** Loads the list again after a failure. */
  onRetry?: () => void;
  /** Called when the panel opens (e.g. to load or refresh the list). */
  onOpen?: () => void;
  onRead: (id: Notification['_id']) => void;
  onUnread: (id: Notification['_id']) => void;
  onDismiss: (id: Notification['_id']) => void;
  /** Follows a notification's link. */
  onSelect?: (notification: Notification) => void;
}

/** The notifications button and panel of the non-admin menus: read / unread / dismiss each one. */
export function NotificationsMenu({ notifications, unreadCount: unread, mode, canChange = () => true, onRetry, onOpen, onRead, onUnread, onDismiss, onSelect }: NotificationsMenuProps) {
  const intl = useIntl();
  const panelId = useId();
  const titleId = `${panelId}-title`;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(rootRef, open, () => setOpen(false), buttonRef);

  const toggle = () => {
    if (!open) onOpen?.();
    setOpen(!open);
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={intl.formatMessage({ id: 'notifications.button' }, { count: unread })}
        onClick={toggle}
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className={styles.badge} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <section id={panelId} className={styles.panel} aria-labelledby={titleId} hidden={!open}>
        <h2 id={titleId} className={styles.title}>
          {intl.formatMessage({ id: 'notifications.title' })}
        </h2>
        {mode === 'loading' ? (
          <div className={styles.state}>
            <Spinner size="sm" />
          </div>
        ) : mode === 'error' ? (
          <p className={styles.state}>
            {intl.formatMessage({ id: 'error.code.results_error' })}{' '}
            {onRetry ? (
              <button type="button" className={styles.action} onClick={onRetry}>
                {intl.formatMessage({ id: 'common.tryAgain' })}
              </button>
            ) : null}
          </p>
        ) : mode === 'empty' ? (
          <p className={styles.state}>{intl.formatMessage({ id: 'notifications.empty' })}</p>
        ) : (
          <ul className={styles.list}>
            {notifications.map((n) => {
              const title = n.title ?? intl.formatMessage({ id: 'notifications.untitled' });
              return (
                <li key={n._id} className={cx(styles.item, !n.has_read && styles.unread)} data-read={n.has_read}>
                  <div className={styles.text}>
                    {onSelect && n.link ? (
                      <button type="button" className={styles.itemTitle} onClick={() => onSelect(n)}>
                        {title}
                      </button>
                    ) : (
                      <span className={styles.itemTitle}>{title}</span>
                    )}
                    {!n.has_read ? <span className={VISUALLY_HIDDEN}>{intl.formatMessage({ id: 'notifications.unread' })}</span> : null}
                    {n.body ? <p className={styles.body}>{n.body}</p> : null}
                    <time className={styles.date} dateTime={n.created}>
                      {intl.formatDate(n.created, { dateStyle: 'medium', timeStyle: 'short' })}
                    </time>
                  </div>
                  <div className={styles.actions}>
                    {n.has_read ? (
                      <button type="button" className={styles.action} disabled={!canChange(n._id)} onClick={() => onUnread(n._id)}>
                        {intl.formatMessage({ id: 'notifications.markUnread' })}
                        <span className={VISUALLY_HIDDEN}>: {title}</span>
                      </button>
                    ) : (
                      <button type="button" className={styles.action} disabled={!canChange(n._id)} onClick={() => onRead(n._id)}>
                        {intl.formatMessage({ id: 'notifications.markRead' })}
                        <span className={VISUALLY_HIDDEN}>: {title}</span>
                      </button>
                    )}
                    <button type="button" className={styles.action} disabled={!canChange(n._id)} onClick={() => onDismiss(n._id)}>
                      {intl.formatMessage({ id: 'notifications.dismiss' })}
                      <span className={VISUALLY_HIDDEN}>: {title}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
