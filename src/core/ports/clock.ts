/** Time as a dependency, so charts and tests control it (the same shape as the server's Clock). */
export interface ClockPort {
  now(): Date;
}

/** A clock that always says `at` (tests, storybook-like fixtures). */
export const fixedClock = (at: Date | string): ClockPort => {
  const t = new Date(at).getTime();
  return { now: () => new Date(t) };
};

/** The default notification range (accounts §9): the last `days` days up to now, as ISO strings. */
export const lastDays = (clock: ClockPort, days: number): { readonly from: string; readonly to: string } => {
  const to = clock.now();
  const from = new Date(to.getTime() - days * 24 * 60 * 60 * 1000);
  return { from: from.toISOString(), to: to.toISOString() };
};
