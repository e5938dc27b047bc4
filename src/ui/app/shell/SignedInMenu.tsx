import { useNotificationsMenu } from '../useNotificationsMenu';
import { useNewTicketCount } from '../useTickets';
import { RoleMenu, type RoleMenuProps } from './RoleMenu';

/** The menu over the session's own charts: the notifications (the bell) and the help desk's new-ticket count. */
function SessionRoleMenu(props: Omit<RoleMenuProps, 'notifications' | 'newTickets'>) {
  const notifications = useNotificationsMenu();
  const newTickets = useNewTicketCount();
  return <RoleMenu {...props} notifications={notifications} newTickets={newTickets} />;
}

export interface SignedInMenuProps extends RoleMenuProps {
  /** Read the notifications and the new-ticket count from the session's charts (the app), not from the props. */
  readonly fromSession?: boolean;
}

/**
 * The signed-in shell's menu: the role menu, the drawer and the notifications menu. A lazy chunk (MenuSlot loads it
 * once someone is signed in), so a visitor on /login never loads it (docs/performance.md).
 */
export default function SignedInMenu({ fromSession = false, ...props }: SignedInMenuProps) {
  return fromSession ? <SessionRoleMenu {...props} /> : <RoleMenu {...props} />;
}
