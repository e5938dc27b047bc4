import type { Notification } from '../../model/notification';
import type { NotificationId } from '../../model/ids';
import type { ApiCall } from '../errors';

/** A date range (ISO-8601); the default is the last 30 days up to now (accounts §9). */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/** The notifications tag: GET notification, GET notification/{id}, PUT read/unread/dismiss, GET notification-alerts. */
export interface NotificationsApi {
  list(range: DateRange): ApiCall<readonly Notification[]>;
  get(id: NotificationId): ApiCall<Notification>;
  read(id: NotificationId): ApiCall<Notification>;
  unread(id: NotificationId): ApiCall<Notification>;
  dismiss(id: NotificationId): ApiCall<Notification>;
  /** Undismissed alert-type notifications (the customer alert route). */
  alerts(): ApiCall<readonly Notification[]>;
}
