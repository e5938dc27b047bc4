/** Time as a dependency, so tests can move it (token expiry, attempt windows, 7-day rules). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export const manualClock = (start = new Date('2026-06-01T12:00:00Z')) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (d: Date) => void (current = d.getTime()),
    advance: (ms: number) => void (current += ms),
  };
};
