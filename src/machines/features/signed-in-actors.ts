import type { SignedInCharts } from '../flows/session.machine';
import { notificationsMachineFrom, type NotificationsPorts } from './notifications-actors';
import { ticketsMachineFrom, type TicketsPorts } from './tickets-session-actors';

/**
 * The signed-in session's feature charts with their real actors: the account's notifications and help desk. A lazy
 * chunk: the session's `loadSignedInCharts` (src/machines/flows/session-actors.ts) imports this module once
 * someone is signed in, so a visitor on /login never loads these charts (docs/performance.md).
 */
export const signedInCharts = (ports: NotificationsPorts & TicketsPorts): SignedInCharts => ({
  notifications: notificationsMachineFrom(ports),
  tickets: ticketsMachineFrom(ports),
});
