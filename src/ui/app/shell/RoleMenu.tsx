import { useIntl } from 'react-intl';
import type { Role } from '../../../core/model/roles';
import { menuFor } from '../../../core/menus';
import { Icon } from '../../components/Icon/Icon';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import { openChatConsole } from './chatConsole';
import { MenuLinks } from './MenuLinks';
import { MobileDrawer } from './MobileDrawer';
import { NotificationsMenu } from './NotificationsMenu';
import type { NotificationsMenuProps } from './NotificationsMenu';
import styles from './RoleMenu.module.css';

export interface RoleMenuProps {
  /** The active role; roles without a menu (none, admin, basic_user) render nothing. */
  role: Role;
  /** The current path, to mark the current item. */
  pathname: string;
  /** Small screens (sm, md) get the full-screen drawer. */
  mobile: boolean;
  /** The notifications menu's data and actions; shown only for roles whose menu has notifications. */
  notifications?: NotificationsMenuProps;
  /** The help desk's new-ticket count (the tickets chart's `selectNewTicketCount`), on the Help entry. */
  newTickets?: number;
  /** Opens the chat console (super only); defaults to the 1140×800 pop-up window. */
  onOpenChatConsole?: () => void;
}

/** The menu of the active role (src/core/menus.ts MENUS). */
export function RoleMenu({ role, pathname, mobile, notifications, newTickets = 0, onOpenChatConsole = openChatConsole }: RoleMenuProps) {
  const intl = useIntl();
  const menu = menuFor(role);
  if (!menu) return null;

  const navLabel = intl.formatMessage({ id: 'shell.menu.label' });
  const chat = menu.chatConsole ? (
    <button type="button" className={styles.chatButton} onClick={() => onOpenChatConsole()}>
      <Icon name="chat" size={18} />
      <span>{intl.formatMessage({ id: 'shell.menu.chatConsole' })}</span>
      <span className={VISUALLY_HIDDEN}>{intl.formatMessage({ id: 'shell.menu.opensWindow' })}</span>
    </button>
  ) : null;
  const bell = menu.notifications && notifications ? <NotificationsMenu {...notifications} /> : null;

  if (mobile) {
    return (
      <div className={styles.mobileBar} data-menu-role={menu.role}>
        {bell}
        <MobileDrawer pathname={pathname}>
          <nav aria-label={navLabel} className={styles.drawerNav}>
            <MenuLinks entries={menu.items} pathname={pathname} orientation="vertical" newTickets={newTickets} />
          </nav>
          {chat}
        </MobileDrawer>
      </div>
    );
  }

  return (
    <div className={styles.desktop} data-menu-role={menu.role}>
      <nav aria-label={navLabel}>
        <MenuLinks entries={menu.items} pathname={pathname} orientation="horizontal" newTickets={newTickets} />
      </nav>
      {chat}
      {bell}
    </div>
  );
}
