/** Time zones on the server: luxon answers the zone's UTC offset (the core's recurrence rules take it as a function). */
import { DateTime } from 'luxon';

/** The zone's UTC offset in minutes at an instant. */
export const offsetIn = (zone: string) => (ms: number) => DateTime.fromMillis(ms).setZone(zone).offset;
