/** Time as a dependency, so tests can move it (token expiry, attempt windows, 7-day rules, billing cycles). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock that may be moved forward: tests' manual clock, and the development server's (POST /api/dev/clock). */
export interface SettableClock extends Clock {
  advance(ms: number): void;
}

export const isSettable = (clock: Clock): clock is SettableClock => typeof (clock as Partial<SettableClock>).advance === 'function';

/** A clock tests can set and advance. */
export const manualClock = (start = new Date('2026-06-01T12:00:00Z')) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (d: Date) => void (current = d.getTime()),
    advance: (ms: number) => void (current += ms),
  };
};

/**
 * The development server's clock: the system's time plus an offset that only grows (POST /api/dev/clock moves
 * it forward, so a demo shows a month of billing in a minute). Never used in production.
 */
export const offsetClock = (base: Clock = systemClock): SettableClock => {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms: number) => void (offset += Math.max(0, ms)),
  };
};
