/**
 * Readings remembered between requests while the change feed (server/db/changes.ts) is live, and forgotten on
 * every change of what they read: the session check's reading of a token (server/auth/tokens.ts) and the day views'
 * answers (server/services/appointments.ts). docs/performance.md, "Session records remembered" and "The day view
 * remembered".
 *
 * The rules, the same for every user of it:
 * - a reading is answered from memory only while `known()` is true (the feed is live: every change reaches
 *   `forget`); while it is false nothing is remembered or answered from memory;
 * - `forget` drops everything and counts a generation: a reading that started before a forget is answered to its
 *   own caller but not remembered, since it may predate the change;
 * - at most `size` readings (and, with `weigh`, at most `maxWeight` of their total weight) are kept; the oldest go
 *   first. A size of 0 remembers nothing.
 */
export interface Remembered<V> {
  /**
   * The reading under `key`: the remembered one when the feed is live (and `fits` accepts it), else `load()`'s,
   * remembered when no forget happened while it was read. `undefined` from `load` is answered, never remembered.
   */
  read(key: string, load: () => Promise<V | undefined>, fits?: (known: V) => boolean): Promise<V | undefined>;
  /** Drops every remembered reading: something they may have read changed. */
  forget(): void;
  /** How many readings are remembered (for tests). */
  readonly size: number;
}

export interface RememberedOptions<V> {
  /** How many readings at most. */
  readonly size: number;
  /** Whether every change reaches `forget` right now (the change feed is live). */
  readonly known: () => boolean;
  /** A reading's weight (e.g. its length), with `maxWeight`: the total kept stays within it. */
  readonly weigh?: (value: V) => number;
  readonly maxWeight?: number;
}

export const createRemembered = <V>({ size, known, weigh, maxWeight = Infinity }: RememberedOptions<V>): Remembered<V> => {
  // A Map keeps insertion order: the first key is the oldest.
  const readings = new Map<string, { value: V; weight: number }>();
  let weight = 0;
  let generation = 0;
  const drop = (key: string) => {
    const gone = readings.get(key);
    if (!gone) return;
    weight -= gone.weight;
    readings.delete(key);
  };
  const keep = (key: string, value: V) => {
    const w = weigh ? weigh(value) : 0;
    if (size <= 0 || w > maxWeight) return;
    drop(key);
    while (readings.size >= size || (readings.size > 0 && weight + w > maxWeight)) drop(readings.keys().next().value as string);
    readings.set(key, { value, weight: w });
    weight += w;
  };
  return {
    async read(key, load, fits) {
      if (known()) {
        const remembered = readings.get(key);
        if (remembered && (!fits || fits(remembered.value))) return remembered.value;
      }
      const startedAt = generation;
      const value = await load();
      if (value !== undefined && generation === startedAt && known()) keep(key, value);
      return value;
    },
    forget() {
      generation++;
      readings.clear();
      weight = 0;
    },
    get size() {
      return readings.size;
    },
  };
};
