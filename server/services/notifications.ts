import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { LiveEvents } from '../../src/core/model/live-events';
import type { LiveHub } from '../adapters/live';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { notifications } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { TransitionService } from './transitions';

export type NotificationWire = components['schemas']['Notification'];
type NotificationRow = typeof notifications.$inferSelect;

const DAY = 24 * 60 * 60 * 1000;
/** The default list range: the last 30 days up to now (accounts §9). */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range one list may ask for. */
export const MAX_RANGE_DAYS = 366;

export type NotificationChange = 'read' | 'unread' | 'dismiss';

export interface NewNotification {
  readonly accountId: string;
  readonly type: string;
  readonly title: string;
  readonly body: string;
  readonly link?: string | null;
}

export interface NotificationService {
  list(auth: AuthContext, range: { from?: string; to?: string }): Promise<NotificationWire[]>;
  get(auth: AuthContext, id: string): Promise<NotificationWire>;
  change(auth: AuthContext, id: string, change: NotificationChange, requestId?: string): Promise<NotificationWire>;
  alerts(auth: AuthContext): Promise<NotificationWire[]>;
  /** Creates a notification for an account and tells its live connections (for other services). */
  notify(notification: NewNotification): Promise<NotificationWire>;
}

export const notificationWire = (row: NotificationRow): NotificationWire => ({
  _id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  ...(row.link ? { link: row.link } : {}),
  has_read: row.hasRead,
  dismissed: row.dismissed,
  created: row.created.toISOString(),
});

const parseTime = (value: string | undefined, name: string): Date | undefined => {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw badRequest(`Query '${name}' must be a date-time`);
  return new Date(t);
};

export const createNotificationService = ({
  db,
  clock,
  live,
  transitions,
}: {
  db: Db;
  clock: Clock;
  live: LiveHub;
  transitions: TransitionService;
}): NotificationService => {
  /** The caller's notification, or 404 — another account's notification is not visible. */
  const own = async (auth: AuthContext, id: string): Promise<NotificationRow> => {
    if (!auth.accountId) throw notFound('Notification not found');
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.accountId, auth.accountId)));
    if (!row) throw notFound('Notification not found');
    return row;
  };

  const announce = (accountId: string, id: string) =>
    live.toAccount(accountId, LiveEvents.resourceUpdated, { reason: 'updated', resourceType: 'notification', resourceId: id });

  return {
    async list(auth, range) {
      const to = parseTime(range.to, 'to') ?? clock.now();
      const from = parseTime(range.from, 'from') ?? new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY);
      if (from.getTime() > to.getTime()) throw badRequest("Query 'from' must not be after 'to'");
      if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY) throw badRequest(`The date range may not exceed ${MAX_RANGE_DAYS} days`);
      if (!auth.accountId) return [];
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, auth.accountId), gte(notifications.created, from), lte(notifications.created, to)))
        .orderBy(desc(notifications.created), desc(notifications.id));
      return rows.map(notificationWire);
    },

    get: async (auth, id) => notificationWire(await own(auth, id)),

    /**
     * read, unread and dismiss are events of the notification chart: after dismiss (final) they are refused
     * with 409 and the chart's reason; repeating read or unread is accepted and changes nothing.
     */
    async change(auth, id, change, requestId) {
      if (!auth.accountId) throw notFound('Notification not found');
      const { row, written } = await transitions.change('notification', {
        auth,
        requestId: requestId ?? null,
        target: { id, accountId: auth.accountId },
        event: { type: `notification.${change}` },
      });
      if (written) announce(row.accountId, row.id);
      return notificationWire(row);
    },

    async alerts(auth) {
      if (!auth.accountId) return [];
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, auth.accountId), eq(notifications.type, 'alert'), eq(notifications.dismissed, false)))
        .orderBy(desc(notifications.created), desc(notifications.id));
      return rows.map(notificationWire);
    },

    async notify({ accountId, type, title, body, link }) {
      const [row] = await db
        .insert(notifications)
        .values({ id: newId(), accountId, type, title, body, link: link ?? null, created: clock.now() })
        .returning();
      announce(accountId, row!.id);
      return notificationWire(row!);
    },
  };
};
