import * as Schema from 'effect/Schema';
import { NotificationId } from './ids';
import { IsoDateTime } from './common';

/**
 * Notification types. The spec names 'alert' "among others"; the others are ours (decisions.md).
 * Decoding accepts any string so a new server-side type never breaks the client; `isAlert` is the rule.
 */
export const KnownNotificationTypes = ['alert', 'info', 'message', 'appointment', 'ticket', 'invoice', 'promo'] as const;
export type KnownNotificationType = (typeof KnownNotificationTypes)[number];

/** Notification (accounts §3): _id, type, dismissed, has_read, created — plus optional title and body. */
export const Notification = Schema.Struct({
  _id: NotificationId,
  type: Schema.String,
  dismissed: Schema.Boolean,
  has_read: Schema.Boolean,
  created: IsoDateTime,
  title: Schema.optional(Schema.String),
  body: Schema.optional(Schema.String),
  /** Where the notification leads (e.g. an admin push link /admin/{accountType}/{accountId}). */
  link: Schema.optional(Schema.String),
});
export type Notification = typeof Notification.Type;
