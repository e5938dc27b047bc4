import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { MenuEntry, MenuGroup, MenuLink } from '../../../core/menus';
import { cx } from '../../components/cx';
import { Icon } from '../../components/Icon/Icon';
import { useDismiss } from '../../components/Popover/useDismiss';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import styles from './RoleMenu.module.css';

/** A menu link is current on its own path and below it (/help-desk is current on /help-desk/history). */
export const isCurrentPath = (path: string, pathname: string): boolean => pathname === path || pathname.startsWith(`${path}/`);

interface LinksProps {
  pathname: string;
  /** The help desk's new-ticket count (the tickets chart), shown on the entry carrying the 'newTickets' marker. */
  newTickets?: number;
}

function MenuLinkItem({ item, pathname, newTickets = 0 }: LinksProps & { item: MenuLink }) {
  const intl = useIntl();
  const current = isCurrentPath(item.path, pathname);
  const badge = item.badge === 'newTickets' && newTickets > 0 ? newTickets : 0;
  return (
    <li className={styles.item}>
      <Link href={item.path} className={cx(styles.link, current && styles.current)} aria-current={current ? 'page' : undefined}>
        {intl.formatMessage({ id: item.labelId })}
        {badge > 0 ? (
          <span className={styles.badge} data-testid="new-tickets">
            <span aria-hidden="true">{badge}</span>
            <span className={VISUALLY_HIDDEN}>{`, ${intl.formatMessage({ id: 'menu.newTickets' }, { count: badge })}`}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** The admin 'More' group: a disclosure button revealing a list of links. */
function MenuGroupItem({ group, pathname, newTickets }: LinksProps & { group: MenuGroup }) {
  const intl = useIntl();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(rootRef, open, () => setOpen(false), buttonRef);
  const containsCurrent = group.items.some((item) => isCurrentPath(item.path, pathname));
  return (
    <li ref={rootRef} className={cx(styles.item, styles.group)}>
      <button
        ref={buttonRef}
        type="button"
        className={cx(styles.link, styles.groupButton, containsCurrent && styles.current)}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {intl.formatMessage({ id: group.labelId })}
        <Icon name="chevronDown" size={16} className={cx(styles.chevron, open && styles.chevronOpen)} />
      </button>
      <ul
        id={listId}
        className={styles.groupList}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        {group.items.map((item) => (
          <MenuLinkItem key={item.path} item={item} pathname={pathname} newTickets={newTickets} />
        ))}
      </ul>
    </li>
  );
}

/** The entries of a role menu as a list of links (and groups). */
export function MenuLinks({ entries, pathname, orientation, newTickets }: LinksProps & { entries: readonly MenuEntry[]; orientation: 'horizontal' | 'vertical' }) {
  return (
    <ul className={cx(styles.list, orientation === 'vertical' ? styles.vertical : styles.horizontal)}>
      {entries.map((entry) =>
        entry.kind === 'group' ? (
          <MenuGroupItem key={entry.labelId} group={entry} pathname={pathname} newTickets={newTickets} />
        ) : (
          <MenuLinkItem key={entry.path} item={entry} pathname={pathname} newTickets={newTickets} />
        ),
      )}
    </ul>
  );
}
