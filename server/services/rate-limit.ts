import { eq, like, lt, sql } from 'drizzle-orm';
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

/** The key of failed sign-ins of one account from one client address. */
export const loginKey = (email: string, clientIp: string) => `login:${email}:${clientIp}`;
/** The attempt limits of the auth area (docs/decisions.md). */
export const LIMITS = {
  /** Failed sign-ins per email address and client (`loginKey`), and wrong current passwords per user. */
  login: { limit: 5, windowMs: 15 * MINUTE },
  /** Password-reset emails per address. */
  lostPassword: { limit: 5, windowMs: 60 * MINUTE },
  /** Confirmation codes sent (email or text) per address or number. */
  resendCode: { limit: 5, windowMs: 60 * MINUTE },
  /** Wrong 4-digit codes per user and purpose, across codes: caps guessing at 10 tries a day. */
  codeFailures: { limit: 10, windowMs: 24 * 60 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * Limits per client address (`request.ip`), on top of the per-email ones above: they slow one address
 * trying many accounts (credential stuffing) or flooding registration and mail. Declared on the operation
 * (`clientLimit` in server/operations/auth.ts) and enforced by the registry (server/openapi/register.ts).
 * `counts: 'failures'` counts only answers the handler refused (a 4xx other than 429), `'successes'` only
 * the ones it accepted, `'every'` every well-formed request (a request the contract refuses is a 400 and
 * is never counted). Generous enough that a person, a household behind one address, or a test run from
 * 127.0.0.1 never meets them (docs/decisions.md).
 */
export interface ClientLimit extends Limit {
  readonly counts: 'failures' | 'successes' | 'every';
}
export const CLIENT_LIMITS = {
  /** Refused sign-ins (any email) per address. */
  signIn: { limit: 10, windowMs: 15 * MINUTE, counts: 'failures' },
  /** Accounts registered per address. */
  register: { limit: 20, windowMs: 60 * MINUTE, counts: 'successes' },
  /** Wrong confirmation or reset codes and tokens per address. */
  codes: { limit: 20, windowMs: 60 * MINUTE, counts: 'failures' },
  /** Codes and password-reset emails asked for per address. */
  mail: { limit: 20, windowMs: 60 * MINUTE, counts: 'every' },
  /** Refused password resets (bad token or current password) per address. */
  resets: { limit: 10, windowMs: 15 * MINUTE, counts: 'failures' },
} as const satisfies Record<string, ClientLimit>;
export type ClientLimitName = keyof typeof CLIENT_LIMITS;

/** The attempts table keeps a row for at most this long after its window started: longer than every window. */
export const ATTEMPT_RETENTION_MS = 2 * 24 * 60 * MINUTE;
/** How often (at most, per process) a counted attempt also deletes the expired rows. */
export const PRUNE_EVERY_MS = 10 * MINUTE;

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
  /** Forgets every key that starts with `prefix` (a new password forgets the account's failed sign-ins from everywhere). */
  resetPrefix(prefix: string): Promise<void>;
  /** Deletes the rows whose window started more than ATTEMPT_RETENTION_MS ago; returns how many. */
  prune(): Promise<number>;
}

/**
 * Fixed-window counters in the `attempts` table, shared by every server process. The table is pruned
 * opportunistically: a counted attempt deletes the expired rows when this process has not done so for
 * PRUNE_EVERY_MS (so a quiet server does no work, and a busy one prunes at most every ten minutes).
 */
export const createRateLimiter = ({ db, clock }: { db: Db; clock: Clock }): RateLimiter => {
  let lastPrune = Number.NEGATIVE_INFINITY;
  const prune = async (): Promise<number> => {
    const now = clock.now().getTime();
    lastPrune = now;
    const gone = await db
      .delete(attempts)
      .where(lt(attempts.windowStart, new Date(now - ATTEMPT_RETENTION_MS)))
      .returning({ key: attempts.key });
    return gone.length;
  };
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
    if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) await prune();
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
    async resetPrefix(prefix) {
      await db.delete(attempts).where(like(attempts.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    },
    prune,
  };
};
