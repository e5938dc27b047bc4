import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../components/Icon/Icon';
import { focusableIn } from '../../components/Modal/focusable';
import { VISUALLY_HIDDEN_ON_NARROW } from '../../components/visuallyHidden';
import styles from './RoleMenu.module.css';

export interface MobileDrawerProps {
  /** The current path; the drawer closes itself when it changes. */
  pathname: string;
  children: ReactNode;
}

/**
 * The full-screen top drawer of the mobile menu (accounts §2): a toggle button with aria-expanded;
 * when open, focus moves into the drawer and stays there; Escape or the close button closes it and
 * returns focus to the toggle; following a link closes it.
 */
export function MobileDrawer({ pathname, children }: MobileDrawerProps) {
  const intl = useIntl();
  const drawerId = useId();
  // The path at which the drawer was opened: navigating elsewhere closes it without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || !drawerRef.current) return;
    const items = focusableIn(drawerRef.current);
    (items.find((element) => element.tagName === 'A') ?? items[0] ?? drawerRef.current).focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpenedAt(null);
    if (returnFocus) toggleRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key !== 'Tab' || !drawerRef.current) return;
    const items = focusableIn(drawerRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const menuLabel = intl.formatMessage({ id: 'shell.menu.label' });
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className={styles.drawerToggle}
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => (open ? close(true) : setOpenedAt(pathname))}
      >
        <Icon name="menu" />
        <span className={VISUALLY_HIDDEN_ON_NARROW}>{intl.formatMessage({ id: 'shell.menu.toggle' })}</span>
      </button>
      <div
        id={drawerId}
        ref={drawerRef}
        role="dialog"
        aria-modal="true"
        aria-label={menuLabel}
        tabIndex={-1}
        className={styles.drawer}
        hidden={!open}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) close(false);
        }}
      >
        <div className={styles.drawerTop}>
          <span className={styles.drawerTitle}>{intl.formatMessage({ id: 'shell.menu.toggle' })}</span>
          <button type="button" className={styles.drawerClose} aria-label={intl.formatMessage({ id: 'shell.menu.close' })} onClick={() => close(true)}>
            <Icon name="close" />
          </button>
        </div>
        {open ? children : null}
      </div>
    </>
  );
}
