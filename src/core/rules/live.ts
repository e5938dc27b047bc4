import type { LiveMessage, ResourceUpdate } from '../model/live';
import type { Role } from '../model/roles';

/** accounts §4: a live update with reason 'updated' for an appointment reloads that appointment. */
export const shouldReloadAppointment = (update: ResourceUpdate, appointmentId: string): boolean =>
  update.reason === 'updated' && update.resourceType === 'appointment' && update.resourceId === appointmentId;

/** accounts §6: only admins receive push notifications for new inbound messages. */
export const receivesMessagePush = (role: Role): boolean => role === 'super' || role === 'admin';

/** The push title: 'New {connectType} Message from {fromAddress}'. */
export const messagePushTitle = (m: Pick<LiveMessage, 'connectType' | 'fromAddress'>): string =>
  `New ${m.connectType} Message from ${m.fromAddress}`;
