import type { IntlShape } from 'react-intl';
import { visitDateOptions, visitTimeOptions, type VisitZone } from '../../core/rules/visit-time';

/**
 * A visit's times as every screen shows them: in the visit's zone (`zone`: the appointment or its `time_zone`),
 * the zone named when the browser's clock reads another time — the rule of src/core/rules/visit-time.ts.
 */

/** An offset zone name ("GMT-6", Spanish) kept on one line: a non-breaking hyphen, so "GMT-" never ends a line at 360 px. */
const unbroken = (text: string): string => text.replace(/(GMT|UTC)-(?=\d)/g, '$1\u2011');

/** "9:00 AM", or "9:00 AM CST" in a browser elsewhere. */
export const visitTime = (intl: IntlShape, iso: string, zone: VisitZone): string => unbroken(intl.formatTime(iso, visitTimeOptions(iso, zone)));

/** "Tue, Nov 24, 2026, 9:00 AM" (the date and the time in the visit's zone), without a message of its own. */
export const visitDateTime = (intl: IntlShape, iso: string, zone: VisitZone): string =>
  unbroken(intl.formatDate(iso, { ...visitDateOptions(zone), ...visitTimeOptions(iso, zone) }));

/** "Tue, Nov 24, 2026" in the visit's zone. */
export const visitDate = (intl: IntlShape, iso: string, zone: VisitZone): string => intl.formatDate(iso, visitDateOptions(zone));
