import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { attempts } from '../db/schema';
import { tooManyRequests } from '../errors';

/** A limit: at most `limit` counted attempts per fixed window of `windowMs`. */
export interface Limit {
  readonly limit: number;
  readonly windowMs: number;
}

const MINUTE = 60_000;
/** The attempt limits of the auth area (docs/decisions.md). */
export const LIMITS = {
  /** Failed sign-ins (and wrong current passwords) per email address. */
  login: { limit: 5, windowMs: 15 * MINUTE },
  /** Password-reset emails per address. */
  lostPassword: { limit: 5, windowMs: 60 * MINUTE },
  /** Confirmation codes sent (email or text) per address or number. */
  resendCode: { limit: 5, windowMs: 60 * MINUTE },
  /** Wrong 4-digit codes per user and purpose, across codes: caps guessing at 10 tries a day. */
  codeFailures: { limit: 10, windowMs: 24 * 60 * MINUTE },
} as const satisfies Record<string, Limit>;

/** 'Too many attempts. Try again in N minutes.' (in hours when the wait is longer than 90 minutes). */
export const tooManyAttemptsMessage = (retryAfterMs: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  if (minutes > 90) {
    const hours = Math.ceil(minutes / 60);
    return `Too many attempts. Try again in ${hours} hours.`;
  }
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

export interface RateLimiter {
  /** Throws 429 when the key has used up its limit in the current window. */
  assertAllowed(key: string, limit: Limit): Promise<void>;
  /** Counts one attempt against the key. */
  hit(key: string, limit: Limit): Promise<void>;
  /** `assertAllowed` then `hit`: for actions where every attempt counts (sending a code). */
  consume(key: string, limit: Limit): Promise<void>;
  /** Forgets the key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

/** Fixed-window counters in the `attempts` table, shared by every server process. */
export const createRateLimiter = ({ db, clock }: { db: Db; clock: Clock }): RateLimiter => {
  const assertAllowed = async (key: string, { limit, windowMs }: Limit) => {
    const [row] = await db.select().from(attempts).where(eq(attempts.key, key));
    if (!row) return;
    const now = clock.now().getTime();
    const endsAt = row.windowStart.getTime() + windowMs;
    if (endsAt <= now || row.count < limit) return;
    const retryMs = endsAt - now;
    throw tooManyRequests(tooManyAttemptsMessage(retryMs), Math.ceil(retryMs / 1000));
  };
  const hit = async (key: string, { windowMs }: Limit) => {
    const now = clock.now();
    const windowEndsBefore = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    // One statement: a fresh row, a new window when the old one ended, else one more in the window.
    await db
      .insert(attempts)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: attempts.key,
        set: {
          count: sql`case when ${attempts.windowStart} <= ${windowEndsBefore} then 1 else ${attempts.count} + 1 end`,
          windowStart: sql`case when ${attempts.windowStart} <= ${windowEndsBefore} then ${nowSql} else ${attempts.windowStart} end`,
        },
      });
  };
  return {
    assertAllowed,
    hit,
    async consume(key, limit) {
      await assertAllowed(key, limit);
      await hit(key, limit);
    },
    async reset(key) {
      await db.delete(attempts).where(eq(attempts.key, key));
    },
  };
};
