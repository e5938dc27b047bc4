import type { ClockPort } from '../../core/ports/clock';

/** The wall clock. Charts and tests that need control use the core's `fixedClock`. */
export const systemClock: ClockPort = { now: () => new Date() };
