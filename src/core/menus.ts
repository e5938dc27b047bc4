import type { ActiveRole, Role } from './model/roles';

/**
 * The role menus of accounts §2 ("Shell and navigation") as data. A module of their own, apart from the route
 * table (src/core/routes.ts): only the signed-in shell reads them, and it loads once the session is signed in, so
 * the boot (everything before /login paints) carries the routes and not the menus (docs/performance.md).
 * Labels are i18n message ids.
 */

export interface MenuLink {
  readonly kind: 'link';
  readonly labelId: string;
  readonly path: string;
  /**
   * 'newTickets': the spec's help-desk new-ticket indicator (accounts §2, the count of accounts §6 in
   * rules/tickets.ts). The shell shows the help-desk chart's count there (`selectNewTicketCount`).
   */
  readonly badge?: 'newTickets';
}
export interface MenuGroup {
  readonly kind: 'group';
  readonly labelId: string;
  readonly items: readonly MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

export interface RoleMenu {
  readonly role: ActiveRole;
  readonly items: readonly MenuEntry[];
  /** Whether the notification menu button shows (admin sees none). */
  readonly notifications: boolean;
  /** Whether the chat-console popup button shows (super only). */
  readonly chatConsole: boolean;
}

const link = (labelId: string, path: string, badge?: 'newTickets'): MenuLink =>
  badge ? { kind: 'link', labelId, path, badge } : { kind: 'link', labelId, path };

export const MENUS: Readonly<Record<ActiveRole, RoleMenu>> = {
  customer: {
    role: 'customer',
    notifications: true,
    chatConsole: false,
    items: [
      link('menu.customer.home', '/dashboard'),
      link('menu.customer.help', '/help-desk', 'newTickets'),
      link('menu.customer.settings', '/profile'),
      link('menu.customer.billing', '/billing'),
    ],
  },
  affiliate: {
    role: 'affiliate',
    notifications: true,
    chatConsole: false,
    items: [
      link('menu.affiliate.dashboard', '/affiliate/dashboard'),
      link('menu.affiliate.promote', '/affiliate/promote'),
      link('menu.affiliate.reports', '/affiliate/reports'),
      link('menu.affiliate.profile', '/affiliate/profile'),
    ],
  },
  vendor: {
    role: 'vendor',
    notifications: true,
    chatConsole: false,
    items: [
      link('menu.vendor.workSchedule', '/vendor/appointments'),
      link('menu.vendor.myTickets', '/vendor/help-desk', 'newTickets'),
      link('menu.vendor.availability', '/vendor/availability'),
      link('menu.vendor.profile', '/vendor/profile'),
    ],
  },
  organization: {
    role: 'organization',
    notifications: true,
    chatConsole: false,
    items: [
      link('menu.organization.manageTeam', '/organization/vendors'),
      link('menu.organization.appointments', '/organization/appointments'),
      link('menu.organization.helpDesk', '/organization/help-desk', 'newTickets'),
      link('menu.organization.profile', '/organization/profile'),
      link('menu.organization.transfers', '/organization/view-transfers'),
      link('menu.organization.payouts', '/organization/view-payouts'),
    ],
  },
  super: {
    role: 'super',
    notifications: false,
    chatConsole: true,
    items: [
      link('menu.admin.customers', '/admin/customers'),
      link('menu.admin.vendors', '/admin/vendors'),
      link('menu.admin.vendorsSearch', '/admin/vendors-search'),
      link('menu.admin.organizations', '/admin/organizations'),
      link('menu.admin.affiliates', '/admin/affiliates'),
      link('menu.admin.helpDesk', '/admin/help-desk', 'newTickets'),
      {
        kind: 'group',
        labelId: 'menu.admin.more',
        items: [
          link('menu.admin.createInvoice', '/admin/create-invoice'),
          link('menu.admin.services', '/admin/services'),
          link('menu.admin.serviceCategories', '/admin/service-categories'),
          link('menu.admin.coupons', '/admin/coupons'),
          link('menu.admin.users', '/admin/users'),
          link('menu.admin.communications', '/admin/communications'),
          link('menu.admin.reports', '/admin/reports'),
          link('menu.admin.lists', '/admin/lists'),
          link('menu.admin.zipcodes', '/admin/zipcodes'),
          link('menu.admin.reviews', '/admin/reviews'),
          link('menu.admin.emailing', '/admin/emailing'),
          link('menu.admin.moveVendorAppointments', '/admin/move-vendor-appointments'),
          link('menu.admin.appointmentImages', '/admin/appointment-images'),
          link('menu.admin.connectInbox', '/admin/connect-inbox'),
        ],
      },
    ],
  },
};

/** The menu of a role, or undefined (no menu for 'none', 'admin', 'basic_user'). */
export const menuFor = (role: Role): RoleMenu | undefined => (role in MENUS ? MENUS[role as ActiveRole] : undefined);

/** Every message id the menus use (the i18n catalogues must define them all). */
export const MENU_MESSAGE_IDS: readonly string[] = Object.values(MENUS).flatMap((m) =>
  m.items.flatMap((e) => (e.kind === 'group' ? [e.labelId, ...e.items.map((i) => i.labelId)] : [e.labelId])),
);
