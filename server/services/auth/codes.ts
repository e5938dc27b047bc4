/** 4-digit codes (e-mailed or texted) and their attempt limits. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CODE_LENGTH } from '../../../src/core/rules/code';
import { newId } from '../../db/ids';
import { type CodePurpose, verificationCodes } from '../../db/schema';
import { badRequest, tooManyRequests } from '../../errors';
import { LIMITS } from '../rate-limit';
import type { UserRow } from '../users';
import type { AuthDeps } from './support';
import { AUTH_TEXTS } from './texts';

const MINUTE = 60_000;
/** Codes live 30 minutes and allow 5 wrong tries each (docs/decisions.md). */
export const CODE_LIFETIME_MS = 30 * MINUTE;
export const CODE_MAX_ATTEMPTS = 5;

export type Codes = ReturnType<typeof createCodes>;

export const createCodes = ({ db, clock, config, rateLimit }: Pick<AuthDeps, 'db' | 'clock' | 'config' | 'rateLimit'>) => {
  const now = () => clock.now();

  const codeHash = (codeId: string, code: string) => createHmac('sha256', config.tokenSecret).update(`${codeId}:${code}`).digest('hex');

  /**
   * A fresh 4-digit code for the user and purpose; earlier codes of that purpose stop working. `phone` is the
   * number a 'confirm_phone' code goes to: it waits with the code, not on the user.
   */
  const issueCode = async (userId: string, purpose: CodePurpose, channel: 'email' | 'sms', phone: string | null = null): Promise<string> => {
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const id = newId();
    await db.transaction(async (tx) => {
      await tx.delete(verificationCodes).where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
      await tx.insert(verificationCodes).values({
        id,
        userId,
        purpose,
        channel,
        codeHash: codeHash(id, code),
        phone,
        expiresAt: new Date(now().getTime() + CODE_LIFETIME_MS),
        createdAt: now(),
      });
    });
    return code;
  };

  /**
   * Checks a code; a match is spent and its channel returned. Wrong: 400 'Code verification failed: …'.
   * With `phone`, the code must have been texted to that number (else it fails like a wrong code).
   */
  const verifyCode = async (user: UserRow | undefined, purpose: CodePurpose, code: string, phone?: string): Promise<'email' | 'sms'> => {
    const failed = badRequest(AUTH_TEXTS.codeFailed, 'code_verification_failed');
    if (!user) throw failed;
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, purpose)));
    if (!row || row.expiresAt.getTime() <= now().getTime()) throw failed;
    if (phone !== undefined && row.phone !== phone) throw failed;
    const failures = `code-fail:${purpose}:${user.id}`;
    await rateLimit.assertAllowed(failures, LIMITS.codeFailures);
    if (row.attempts >= CODE_MAX_ATTEMPTS) {
      throw tooManyRequests(AUTH_TEXTS.codeSpent, Math.max(1, Math.ceil((row.expiresAt.getTime() - now().getTime()) / 1000)));
    }
    const given = /^\d+$/.test(code.trim()) ? codeHash(row.id, code.trim()) : '';
    const matches = given.length === row.codeHash.length && timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash));
    if (!matches) {
      await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, row.id));
      await rateLimit.hit(failures, LIMITS.codeFailures);
      throw failed;
    }
    const spent = await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id)).returning({ id: verificationCodes.id });
    if (!spent.length) throw failed; // used concurrently
    return row.channel;
  };

  return { issueCode, verifyCode };
};
