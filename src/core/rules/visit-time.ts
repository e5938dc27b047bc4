/**
 * Visit times (bookings §3, §5): a visit happens at a wall-clock time in its service address's time zone (the
 * server keeps it there: server/services/visit-schedule.ts), so every screen shows its times in that zone —
 * the appointment's `time_zone` — whatever the browser's zone, and names the zone ("9:00 AM CST") when the
 * viewer's own clock would read another time. One rule for every view (lists, the appointment card, the day
 * views, the slot pickers); the screens hand these options to react-intl. Pure: Intl only (no luxon in core).
 */
import type { Appointment } from '../model/appointment';
import { specRule } from './spec-rule';

type Instant = string | number | Date;
const msOf = (instant: Instant): number => (instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant));

/** A calendar day YYYY-MM-DD of a local date (the browser's zone). */
export const dayOf = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The browser's IANA zone (the viewer's clock). */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const clocks = new Map<string, Intl.DateTimeFormat | null>();
/** A formatter of the zone's wall clock (cached), or null when the zone is unknown to this runtime. */
const clockOf = (zone: string): Intl.DateTimeFormat | null => {
  if (!clocks.has(zone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      format = null;
    }
    clocks.set(zone, format);
  }
  return clocks.get(zone) ?? null;
};

/** The zone when this runtime knows it (an unknown name falls back to the viewer's zone, never throws). */
export const knownZone = (zone: string | null | undefined): string | undefined => (zone && clockOf(zone) ? zone : undefined);

/** The wall clock of an instant in a zone (the viewer's when none or unknown): its day YYYY-MM-DD and minutes after midnight. */
export const wallClock = (instant: Instant, zone?: string | null): { readonly day: string; readonly minutes: number } => {
  const format = clockOf(knownZone(zone) ?? viewerZone());
  const date = new Date(msOf(instant));
  if (!format) return { day: dayOf(date), minutes: date.getHours() * 60 + date.getMinutes() };
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(date).find((p) => p.type === type)?.value ?? '00';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')) };
};

/** The zone's offset from UTC at an instant, in minutes (America/Chicago in January: −360). */
export const offsetMinutes = (zone: string, instant: Instant): number => {
  const ms = Math.floor(msOf(instant) / 60_000) * 60_000;
  const { day, minutes } = wallClock(ms, zone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d) + minutes * 60_000 - ms) / 60_000;
};

export const visitTimeRules = {
  zoneNamed: specRule<{ readonly instant: Instant; readonly zone: string | null | undefined; readonly viewer: string }>({
    id: 'visitTime.zoneNamed',
    spec: "A visit's time is shown in its address's time zone; the zone is named beside it when the viewer's clock would read another time at that instant.",
    source: 'decision',
    test: ({ instant, zone, viewer }) => {
      const known = knownZone(zone);
      return known !== undefined && known !== viewer && offsetMinutes(known, instant) !== offsetMinutes(viewer, instant);
    },
  }),
} as const;

/** What a visit's time needs: the instant's zone (the appointment's `time_zone`). */
export type VisitZone = Pick<Appointment, 'time_zone'> | string | null | undefined;
const zoneName = (zone: VisitZone): string | undefined => knownZone(typeof zone === 'object' && zone !== null ? zone.time_zone : zone);

/** The options of a visit's time of day ("9:00 AM", "9:00 AM CST" when the viewer's clock differs). */
export const visitTimeOptions = (instant: Instant, zone: VisitZone, viewer: string = viewerZone()): Intl.DateTimeFormatOptions => {
  const timeZone = zoneName(zone);
  return {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
    ...(visitTimeRules.zoneNamed.test({ instant, zone: timeZone, viewer }) ? { timeZoneName: 'short' as const } : {}),
  };
};

/** The options of a visit's date ("Tue, Nov 24, 2026"), the day in the visit's zone. */
export const visitDateOptions = (zone: VisitZone): Intl.DateTimeFormatOptions => {
  const timeZone = zoneName(zone);
  return { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) };
};

/** The day (YYYY-MM-DD) of a visit in its own zone. */
export const visitDay = (instant: Instant, zone: VisitZone): string => wallClock(instant, zoneName(zone)).day;

/** Minutes after midnight of a visit's start in its own zone (the day views place visits by it). */
export const visitMinutes = (instant: Instant, zone: VisitZone): number => wallClock(instant, zoneName(zone)).minutes;
